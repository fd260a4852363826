//! A role's value, and what a piece's material is worth from it: an officer its value, a pawn
//! less among the officers and in the endgame (`pawn_mg`, `pawn_eg`), as Stockfish's values
//! have it.

use super::{empty_board_mobility, EvalTables};
use crate::types::Role;
use crate::variant::{Tables, TablesFor, Variant};

/// The value of a role: as declared, else derived from its mobility (a chess knight, with
/// 5.25 squares on average, comes out near 300; a queen with 22.75 near 900).
pub(crate) fn role_value<B: TablesFor>(v: &Variant, t: &Tables<B>, role: Role) -> i32 {
    let def = v.role(role);
    if def.royal {
        return 0;
    }
    if let Some(x) = def.value {
        return x.max(0);
    }
    if def.pawn {
        return 100;
    }
    let m = empty_board_mobility(t, role);
    (35.0 * m + 2.0 * m * m / 3.0).round().max(50.0) as i32
}

impl<B: TablesFor> EvalTables<B> {
    /// A pawn's material worth, of declared value `value`, middlegame and endgame: less among
    /// the officers (`pawn_mg`) and in the endgame (`pawn_eg`), as Stockfish's values have it.
    pub(super) fn pawn_worth(&self, value: i32) -> (i32, i32) {
        (value * self.w.pawn_mg / 100, value * self.w.pawn_eg / 100)
    }

    /// Fills the material worth of one piece of each role, middlegame and endgame (a royal
    /// piece's value is 0, and stays so).
    pub(super) fn fill_worth(&mut self) {
        self.worth = (0..self.value.len())
            .map(|i| {
                let value = self.value[i];
                if self.pawn[i] {
                    self.pawn_worth(value)
                } else {
                    (value, value)
                }
            })
            .collect();
    }
}
