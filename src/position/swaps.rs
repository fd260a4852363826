//! Moves that exchange two pieces: setup swaps, swaps in play, and castling's landing squares.

use super::Position;
use crate::types::{CastlingSide, Piece, Square};
use crate::variant::{TablesFor, Variant};

impl<B: TablesFor> Position<B> {
    /// Exchanges the pieces on `a` and `b` (a setup swap or a swap during play), returning
    /// them (`a`'s first); `None`, and nothing changed, unless both squares hold a piece.
    pub(super) fn swap_pieces(&mut self, a: Square, b: Square) -> Option<(Piece, Piece)> {
        let (pa, pb) = (self.piece_at(a)?, self.piece_at(b)?);
        self.remove(a, pa);
        self.remove(b, pb);
        self.put(a, pb);
        self.put(b, pa);
        Some((pa, pb))
    }

    /// Where king and rook land when the king on `king` castles with the rook on `rook`.
    pub fn castle_targets(&self, v: &Variant, king: Square, rook: Square) -> (Square, Square) {
        let g = v.geometry();
        let rules = v
            .castling()
            .expect("castling move in a game without castling");
        let side = CastlingSide::of_rook(g.file(king), g.file(rook));
        let landing = rules.landing[side];
        let rank = g.rank(king);
        (g.square(landing.king, rank), g.square(landing.rook, rank))
    }
}
