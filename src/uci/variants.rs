//! The names of the `UCI_Variant` option. A GUI that drives Fairy-Stockfish (Cute Chess,
//! PyChess, lichess-bot) sends Fairy-Stockfish's variant names, so under `UCI_Variant` each of
//! them means Fairy-Stockfish's game: a bundled file named after a Fairy-Stockfish variant is
//! that variant (proven by `tests/golden/fs/`), and where a bundled file's own name means
//! another game to Fairy-Stockfish, the name goes to Fairy-Stockfish's game and the file is
//! offered under another one. Every other bundled file is offered under its own name.
//!
//! Fairy-Stockfish 11.1's names that collide with a bundled file's name: `placement` (its
//! Pre-Chess; Mats Winther's Placement Chess, the bundled `placement`, is `winther-placement`
//! here). Its names for bundled games under other names: `normal` (chess), `mini` (its second
//! name for Minishogi) and `fischerandom`
//! (chess with Chess960 castling, from the positions the GUI sends; the bundled `chess960`,
//! whose `startpos` is a shuffle, keeps its own name). Its `chess` and `capablanca` are the
//! bundled games of those names.

use crate::variant::Origin;

/// A `UCI_Variant` name that is not a bundled file's own name.
struct Alias {
    /// The name under `UCI_Variant`.
    uci: &'static str,
    /// The bundled file it loads.
    file: &'static str,
    /// Does the name ask for Chess960 castling whatever `UCI_Chess960` says (Fairy-Stockfish's
    /// `fischerandom`)?
    chess960: bool,
}

const ALIASES: &[Alias] = &[
    // Fairy-Stockfish's `placement` is Pre-Chess ...
    Alias {
        uci: "placement",
        file: "pre-chess",
        chess960: false,
    },
    // ... so Mats Winther's Placement Chess, the bundled `placement`, goes by another name
    Alias {
        uci: "winther-placement",
        file: "placement",
        chess960: false,
    },
    Alias {
        uci: "normal",
        file: "chess",
        chess960: false,
    },
    Alias {
        uci: "fischerandom",
        file: "chess",
        chess960: true,
    },
    // Fairy-Stockfish registers its Minishogi twice, as `minishogi` and as `mini`
    Alias {
        uci: "mini",
        file: "minishogi",
        chess960: false,
    },
];

/// What a `UCI_Variant` name loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UciVariant {
    /// The bundled file.
    pub file: &'static str,
    /// Castling is written king-takes-rook (Chess960) whatever `UCI_Chess960` says.
    pub chess960: bool,
}

/// Is `file` a bundled file whose own name means another game under `UCI_Variant`?
fn renamed(file: &str) -> bool {
    ALIASES.iter().any(|a| a.uci == file && a.file != file)
}

/// The game a `UCI_Variant` value names (case aside), if Myriad has it.
pub fn resolve(name: &str) -> Option<UciVariant> {
    let name = name.trim().to_ascii_lowercase();
    if let Some(a) = ALIASES.iter().find(|a| a.uci == name) {
        return Some(UciVariant {
            file: a.file,
            chess960: a.chess960,
        });
    }
    crate::rules::bundled()
        .iter()
        .find(|(n, _)| *n == name && !renamed(n))
        .map(|(n, _)| UciVariant {
            file: n,
            chess960: false,
        })
}

/// The name of the game loaded from `origin` under `UCI_Variant`: a bundled file's own name
/// unless Fairy-Stockfish gives that name to another game (`placement` is
/// `winther-placement`); a user's file's stem, spaces made hyphens.
pub fn uci_name(origin: &Origin) -> String {
    match origin {
        Origin::Bundled(n) if renamed(n) => ALIASES
            .iter()
            .find(|a| a.file == n && a.uci != n)
            .map_or_else(|| n.clone(), |a| a.uci.to_string()),
        _ => origin.stem().replace(' ', "-"),
    }
}

/// Every value the option offers, sorted: each bundled file under its `UCI_Variant` name, the
/// aliases, and `current` (the loaded game's name, a user's file's stem).
pub fn names(current: &str) -> Vec<String> {
    let mut all: Vec<String> = crate::rules::bundled()
        .iter()
        .map(|(n, _)| uci_name(&Origin::Bundled(n.to_string())))
        .chain(ALIASES.iter().map(|a| a.uci.to_string()))
        .chain(std::iter::once(current.to_string()))
        .collect();
    all.sort();
    all.dedup();
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placement_is_pre_chess_and_winthers_game_is_renamed() {
        assert_eq!(resolve("placement").unwrap().file, "pre-chess");
        assert_eq!(resolve("Placement").unwrap().file, "pre-chess");
        assert_eq!(resolve("winther-placement").unwrap().file, "placement");
        assert_eq!(resolve("pre-chess").unwrap().file, "pre-chess");
        assert_eq!(
            uci_name(&Origin::Bundled("placement".into())),
            "winther-placement"
        );
        assert_eq!(uci_name(&Origin::Bundled("pre-chess".into())), "pre-chess");
        assert_eq!(uci_name(&Origin::Bundled("chess".into())), "chess");
        assert!(resolve("fischerandom").unwrap().chess960);
        assert_eq!(resolve("normal").unwrap().file, "chess");
        assert_eq!(resolve("bughouse"), None);
        assert_eq!(resolve("crazyhouse").unwrap().file, "crazyhouse");
    }

    #[test]
    fn every_name_offered_loads() {
        let names = names("chess");
        assert!(names.iter().any(|n| n == "winther-placement"));
        for n in &names {
            let u = resolve(n).unwrap_or_else(|| panic!("{n} is offered but not resolved"));
            assert!(crate::rules::bundled().iter().any(|(b, _)| *b == u.file));
        }
    }
}
