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
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    // civil-from-days (Howard Hinnant's algorithm)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!("{y:04}.{m:02}.{d:02}")
}
