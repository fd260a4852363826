//! PGN for the GUI: a thin adapter over [`crate::game::pgn`].

use std::sync::Arc;

use crate::game::Game;
use crate::variant::Variant;

/// The game as PGN text, with the GUI's tags.
pub fn export(game: &Game) -> String {
    let date = today();
    crate::game::pgn::export(
        game,
        &[
            ("Event", "Myriad game"),
            ("Site", "Myriad"),
            ("Date", &date),
        ],
    )
}

/// A game from PGN text, under the rules `v`; the error says where and why.
pub fn import(v: &Arc<Variant>, text: &str) -> Result<Game, String> {
    crate::game::pgn::import(v, text).map_err(|e| e.to_string())
}

/// Today's date as PGN writes it (`2025.06.24`), from the system clock (UTC).
fn today() -> String {
    let d = time::OffsetDateTime::now_utc().date();
    format!("{:04}.{:02}.{:02}", d.year(), u8::from(d.month()), d.day())
}
