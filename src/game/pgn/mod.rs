//! PGN export and import, setup phase included.
//!
//! A game is written with the seven-tag roster, a `Variant` tag other programs understand,
//! Myriad's tags naming the rules, the setup steps, and `SetUp`/`FEN` tags holding the
//! position when the game proper began:
//!
//! ```text
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [White "?"]
//! [Black "?"]
//! [Result "*"]
//! [Variant "Chess960"]
//! [MyriadRules "regroupment"]
//! [SetupSteps "swap e8 c8, pass, swap e1 d1, pass"]
//! [SetUp "1"]
//! [FEN "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1"]
//!
//! 1. e4 e5 2. Nf3 *
//! ```
//!
//! `Variant` is what the rest of the world calls the game proper: a game with the moves of
//! orthodox chess (8x8, K Q R B N P, Chess960 castling) that began from a Chess960 position
//! (one king a side, no pawn on a back rank, rights to rooks beside the king) is `Chess960`,
//! with X-FEN castling (`KQkq` for the outermost rooks, file letters otherwise), which
//! python-chess and lichess read; orthodox chess without a setup phase from orthodox castling
//! is `Standard`. Any other game (Capablanca, fairy pieces, a pawn on the back rank) keeps the
//! rules file's `name` and Shredder-FEN castling (`HAha`).
//!
//! The rules are named by `MyriadRules` (a bundled file's name) or, for a user's own file,
//! `MyriadRulesFile` (its path) and `MyriadRulesHash` (see [`rules_hash`]; left out when the
//! file cannot be read). [`rules_of`] tells which rules a PGN names; [`import`] checks them
//! against the open rules (by those tags, else by `Variant`).
//!
//! `SetupSteps` lists every setup step in order, separated by commas, each as Myriad writes it
//! (`swap e8 c8`, `pass`; mirror steps too, since they are moves of the game; empty for a
//! randomized variant whose setup phase is played by hand but not begun). The movetext
//! holds the chess moves only, in SAN from the `FEN` position, so any PGN reader that knows
//! Chess960 can replay them; Myriad replays the setup steps from the variant's array and
//! checks that they lead to the `FEN` position.
//! Randomized variants (Chess64, Chess484, Chess960) have no `SetupSteps`: the `FEN` tag is
//! the drawn start. On import, setup moves may also stand at the start of the movetext
//! (`swap e8 c8`, `pass`, or the UCI forms `e8c8`, `0000`); only the first game of a text is read.

mod export;
mod import;
mod tokens;
mod world;

use std::fmt;

pub use export::export;
pub use import::{import, import_with_tags};
pub use world::{rules_hash, rules_of, RULES_FILE_TAG, RULES_HASH_TAG, RULES_TAG};

/// The seven-tag roster, in its required order, with the values used when unknown.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The most text read for one game: a first game that has not ended within it is refused.
pub const MAX_PGN_BYTES: usize = 16 << 20;

/// The most moves (plies, setup steps included) one imported game may have; the longest legal
/// game of chess under the 75-move rule has fewer than 18,000.
pub const MAX_PGN_PLIES: usize = 20_000;

/// The tag that records the setup steps.
pub const SETUP_STEPS_TAG: &str = "SetupSteps";

/// Tags that export computes from the game; values passed for them are ignored.
const COMPUTED: [&str; 7] = [
    "Variant",
    SETUP_STEPS_TAG,
    "SetUp",
    "FEN",
    RULES_TAG,
    RULES_FILE_TAG,
    RULES_HASH_TAG,
];

/// Why a PGN text could not be read: where (1-based line and column, in characters), what,
/// and a hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// What is wrong, lower case, no trailing period.
    pub message: String,
    /// How to fix it, when that is clear.
    pub help: Option<String>,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)?;
        if let Some(h) = &self.help {
            write!(f, "\n  = help: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PgnError {}

/// Is `t` a game result (`1-0`, `0-1`, `1/2-1/2`, `*`)?
fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Reads a PGN file's text for [`import`]: at most [`MAX_PGN_BYTES`] of it (only the first
/// game is read), so a huge or endless file cannot exhaust memory. The error says what went
/// wrong in words a user reads (missing file, not text).
pub fn read_file(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    let f =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut bytes = Vec::new();
    f.take(MAX_PGN_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    match String::from_utf8(bytes) {
        Ok(t) => Ok(t),
        // a character cut in two at the read limit: keep the whole ones
        Err(e) if e.utf8_error().error_len().is_none() => {
            let n = e.utf8_error().valid_up_to();
            let mut b = e.into_bytes();
            b.truncate(n);
            Ok(String::from_utf8(b).expect("valid up to n"))
        }
        Err(e) => Err(format!(
            "{} is not a PGN text: it is not UTF-8 (byte {} is invalid)",
            path.display(),
            e.utf8_error().valid_up_to()
        )),
    }
}

/// Saves a PGN text to `path` so that a crash mid-write leaves the old file whole (see
/// [`crate::game::save::write_atomic`]), flushed to the disk.
pub fn write_file(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    crate::game::save::write_atomic(path, text.as_bytes(), true)
}
