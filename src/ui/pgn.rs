//! PGN for the GUI: a thin adapter over [`crate::game::pgn`].

use std::sync::Arc;

use super::app::Computer;
use crate::game::Game;
use crate::types::Color;
use crate::variant::Variant;

/// The game as PGN text, with the GUI's tags and unnamed players (`?`), as the autosave keeps it.
pub fn export(game: &Game) -> String {
    export_named(game, "?", "?")
}

/// The game as PGN text, with the GUI's tags and the players' names.
pub fn export_named(game: &Game, white: &str, black: &str) -> String {
    let date = today();
    crate::game::pgn::export(
        game,
        &[
            ("Event", "Myriad game"),
            ("Site", "Myriad"),
            ("Date", &date),
            ("White", white),
            ("Black", black),
        ],
    )
}

/// The game as PGN text as the GUI's Save writes it: the computer's sides named
/// `Myriad level N`, the human's by [`player_name`].
pub fn export_for(game: &Game, computer: Computer, level: u8) -> String {
    let [white, black] = players(computer, level, &player_name());
    export_named(game, &white, &black)
}

/// The names of White and Black: the computer's sides `Myriad level N`, the others `human`.
pub(super) fn players(computer: Computer, level: u8, human: &str) -> [String; 2] {
    [Color::White, Color::Black].map(|c| {
        if computer.plays(c) {
            format!("Myriad level {level}")
        } else {
            human.to_string()
        }
    })
}

/// The human player's name: the OS user name (`$USER`, else `$USERNAME`), else `Player`.
pub fn player_name() -> String {
    ["USER", "USERNAME"]
        .iter()
        .filter_map(|k| std::env::var(k).ok())
        .map(|s| s.trim().to_string())
        .find(|s| !s.is_empty())
        .unwrap_or_else(|| "Player".into())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sides_are_named() {
        let p = |c, l| players(c, l, "Ann");
        assert_eq!(p(Computer::Black, 5), ["Ann", "Myriad level 5"]);
        assert_eq!(p(Computer::White, 3), ["Myriad level 3", "Ann"]);
        assert_eq!(p(Computer::Both, 1), ["Myriad level 1", "Myriad level 1"]);
        assert_eq!(p(Computer::Neither, 1), ["Ann", "Ann"]);
        assert!(!player_name().is_empty());
        let v = crate::rules::load("chess").unwrap();
        let text = export_for(&Game::new(v), Computer::Black, 4);
        assert!(text.contains("[Black \"Myriad level 4\"]"), "{text}");
    }
}
