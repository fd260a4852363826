//! Where a lone piece moves and captures on an empty board: the piece diagram a designer
//! checks a Betza string with, as H. G. Muller's Interactive Diagram shows it.
//!
//! The answer comes from the move generator's own tables, not from reading the Betza string
//! again, so the diagram shows exactly what the game will allow. Captures are found the way
//! a player would test them: a lone enemy piece is put on each square in turn, and the square
//! counts when the piece may take it there.

use super::Position;
use crate::types::{Piece, Square};
use crate::variant::{TablesFor, Variant};

/// The squares a piece reaches from one square of an empty board, by kind. Each list is in
/// square order (rank 1 first); no square is in two lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Squares it may move to but never capture on (a pawn's step forward).
    pub move_only: Vec<Square>,
    /// Squares it may capture on but never move to when empty (a pawn's diagonals).
    pub capture_only: Vec<Square>,
    /// Squares it may move to and capture on (every square a knight reaches).
    pub both: Vec<Square>,
}

impl Reach {
    /// How many squares it reaches, of any kind.
    pub fn len(&self) -> usize {
        self.move_only.len() + self.capture_only.len() + self.both.len()
    }

    /// Does it reach no square at all?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Where `piece`, alone on `from` of an empty board of `v`'s size, moves (to an empty square)
/// and captures (a lone enemy piece). Its colour gives its forward direction; its
/// initial-rank moves (a pawn's double step) count when `from` is on its initial ranks.
/// Castling and en passant need other pieces, so they are not shown.
pub fn reach(v: &Variant, piece: Piece, from: Square) -> Reach {
    if v.is_small() {
        reach_in::<u64>(v, piece, from)
    } else {
        reach_in::<crate::types::Big>(v, piece, from)
    }
}

fn reach_in<B: TablesFor>(v: &Variant, piece: Piece, from: Square) -> Reach {
    let t = v.tables::<B>();
    let mut p = Position::<B>::empty();
    p.set_turn(piece.color);
    let alone = B::single(from);
    let targets = |occ: B, theirs: B| {
        p.plain_targets(t, piece.role, from, occ, theirs)
            | p.special_targets(t, piece.role, from, occ, theirs)
    };
    let quiet = targets(alone, B::EMPTY);
    let mut r = Reach::default();
    for sq in v.geometry().squares().filter(|&s| s != from) {
        let enemy = B::single(sq);
        let takes = targets(alone | enemy, enemy).has(sq);
        match (quiet.has(sq), takes) {
            (true, true) => r.both.push(sq),
            (true, false) => r.move_only.push(sq),
            (false, true) => r.capture_only.push(sq),
            (false, false) => {}
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Color;

    fn sq(v: &Variant, name: &str) -> Square {
        v.geometry().parse_square(name).unwrap()
    }

    fn names(v: &Variant, s: &[Square]) -> Vec<String> {
        s.iter().map(|&q| v.geometry().name(q)).collect()
    }

    fn piece(v: &Variant, letter: char, color: Color) -> Piece {
        let role = v.roles().find(|&r| v.role(r).letter == letter).unwrap();
        Piece { color, role }
    }

    #[test]
    fn a_knight_on_d4_moves_and_captures_on_its_eight_squares() {
        let v = crate::rules::load("chess").unwrap();
        let r = reach(&v, piece(&v, 'N', Color::White), sq(&v, "d4"));
        assert!(r.move_only.is_empty() && r.capture_only.is_empty());
        assert_eq!(
            names(&v, &r.both),
            ["c2", "e2", "b3", "f3", "b5", "f5", "c6", "e6"]
        );
    }

    #[test]
    fn a_pawn_steps_forward_and_captures_diagonally_by_its_colour() {
        let v = crate::rules::load("chess").unwrap();
        let white = piece(&v, 'P', Color::White);
        let r = reach(&v, white, sq(&v, "d4"));
        assert_eq!(names(&v, &r.move_only), ["d5"]);
        assert_eq!(names(&v, &r.capture_only), ["c5", "e5"]);
        assert!(r.both.is_empty());
        // from its first rank, the double step too
        let r = reach(&v, white, sq(&v, "d2"));
        assert_eq!(names(&v, &r.move_only), ["d3", "d4"]);
        let black = piece(&v, 'P', Color::Black);
        let r = reach(&v, black, sq(&v, "d7"));
        assert_eq!(names(&v, &r.move_only), ["d5", "d6"]);
        assert_eq!(names(&v, &r.capture_only), ["c6", "e6"]);
    }

    #[test]
    fn a_betza_compound_from_a_bundled_fairy_file() {
        // Capablanca's archbishop, `BN`, on e4 of a 10x8 board
        let v = crate::rules::load("capablanca").unwrap();
        let a = piece(&v, 'A', Color::White);
        let r = reach(&v, a, sq(&v, "e4"));
        assert!(r.move_only.is_empty() && r.capture_only.is_empty());
        let both = names(&v, &r.both);
        for n in ["d6", "f6", "c5", "g5", "c3", "g3", "d2", "f2"] {
            assert!(both.contains(&n.to_string()), "knight square {n}");
        }
        for n in ["a8", "h7", "i8", "b1", "h1", "d3", "f5"] {
            assert!(both.contains(&n.to_string()), "bishop square {n}");
        }
        // 8 knight squares and 14 bishop squares from e4 of 10x8
        assert_eq!(r.len(), 8 + 14);
        assert!(!both.contains(&"e5".to_string()));
    }

    #[test]
    fn a_move_only_and_capture_only_fairy_piece() {
        // a piece that moves as a rook and captures as a bishop: the squares it does both on
        // are none; the kinds stay apart
        let v = crate::rules::compile_source(
            "extends \"chess\"\npiece Odd O moves \"mRcB\" value 400\n\
             array \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNO\"\ncastling none\n",
            "odd.rules",
        )
        .unwrap();
        let r = reach(&v, piece(&v, 'O', Color::White), sq(&v, "a1"));
        assert_eq!(r.move_only.len(), 14);
        assert_eq!(r.capture_only.len(), 7);
        assert!(r.both.is_empty());
    }
}
