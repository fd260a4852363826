//! How a game's moves are written for people (SAN, PGN, move lists): the `notation` item and
//! the pieces' `san` letters.

use super::Variant;
use crate::types::{letter_text, Role};

/// The move notation of a game (`notation san` or `notation hodges`), Fairy-Stockfish's
/// default notation for the variant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// Standard algebraic notation: `Nf3`, `exd5`, `O-O`, `e8=Q+`, `N@f3`.
    #[default]
    San,
    /// Hodges notation with numbers, as Western Shogi books write moves (Fairy-Stockfish's
    /// `NOTATION_SHOGI_HODGES_NUMBER`): squares as file then rank, both counted from the top
    /// right (`76`); the letter always written (`P-76`, `+R-22`); `x` for a capture, `*` for a
    /// drop (`P*34`); the origin square only when another piece of the kind could go there
    /// (`G69-58`); `+` for a promotion, `=` for a move that declines one (`Bx57=`); no check
    /// mark.
    Hodges,
}

impl Notation {
    /// The word the rules file writes for it.
    pub fn word(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Hodges => "hodges",
        }
    }
}

impl Variant {
    /// How the game's moves are written.
    pub fn notation(&self) -> Notation {
        self.spec.notation
    }

    /// The letter a move of `r` is written with: its `san` letter, else its FEN letter (`+P`
    /// for a promoted kind).
    pub fn san_letter(&self, r: Role) -> String {
        let d = self.role(r);
        match d.san {
            Some(c) => c.to_string(),
            None => letter_text(d.letter),
        }
    }

    /// The role an upper-case letter of a move text names: a `san` letter or a FEN letter
    /// (both are read; the checker keeps them apart). `c` may be a promoted letter.
    pub fn role_from_move_letter(&self, c: char) -> Option<Role> {
        self.roles()
            .find(|&r| self.role(r).san == Some(c))
            .or_else(|| self.piece_from_char(c).map(|p| p.role))
    }
}
