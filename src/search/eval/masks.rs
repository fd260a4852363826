//! The square sets of the evaluation's dynamic terms, made once per rules file: the royal
//! piece's neighbourhood and files, the files beside each square, the ranks near home and the
//! far half of the board, the span of a passed pawn and a royal piece's shield.

use super::{rel_rank, EvalTables};
use crate::types::Color;
use crate::variant::{Tables, TablesFor};

impl<B: TablesFor> EvalTables<B> {
    /// Fills the square sets of the dynamic terms: royal zones, adjacent files, passed-pawn
    /// spans and pawn shields.
    pub(super) fn fill_masks(&mut self, t: &Tables<B>) {
        let g = t.geometry;
        for sq in g.squares() {
            let i = sq.index();
            let (f, rk) = (g.file(sq) as i32, g.rank(sq) as i32);
            for df in -1..=1 {
                for dr in -1..=1 {
                    if let Some(z) = g.square_at(f + df, rk + dr) {
                        self.zone[i].set(z);
                    }
                }
                if let Some(x) = g.square_at(f + df, 0) {
                    let file = t.file_mask[g.file(x) as usize];
                    self.king_files[i][(df + 1) as usize] = file;
                    if df != 0 {
                        self.adjacent_files[i] |= file;
                    }
                }
                if let Some(x) = g.square_at(f + df, rk).filter(|_| df != 0) {
                    self.beside[i].set(x);
                }
            }
            for c in Color::ALL {
                if 2 * rel_rank(g, c, sq) + 2 >= g.ranks as i32 {
                    self.far_half[c].set(sq);
                }
                if rel_rank(g, c, sq) <= 1 {
                    self.home_ranks[c].set(sq);
                }
                let dir = if c.is_white() { 1 } else { -1 };
                for df in -1..=1 {
                    let mut r = rk + dir;
                    while let Some(x) = g.square_at(f + df, r) {
                        self.passed_span[c][i].set(x);
                        r += dir;
                    }
                    for k in 1..=2 {
                        if let Some(x) = g.square_at(f + df, rk + k * dir) {
                            self.shield[c][i].set(x);
                        }
                    }
                }
            }
        }
    }
}
