//! The pawn-structure terms of the evaluation: passed pawns (and the royal pieces' race to
//! them), isolated, doubled and connected pawns.

use super::EvalTables;
use crate::position::Position;
use crate::types::{ByColor, Color, Geometry, Square};
use crate::variant::TablesFor;

impl<B: TablesFor> EvalTables<B> {
    /// Passed, isolated, doubled and connected pawn terms of `c`'s pawn on `sq`: (middlegame,
    /// endgame).
    #[inline]
    pub(super) fn pawn_terms(
        &self,
        g: Geometry,
        pos: &Position<B>,
        (c, sq): (Color, Square),
        pawns: &ByColor<B>,
        pawn_attacks: &ByColor<B>,
    ) -> (i32, i32) {
        let (mut mg, mut eg) = (0, 0);
        let ours = pawns[c];
        let theirs = pawns[!c];
        let i = sq.index();
        let adv = self.advance[c][i];
        let span = self.passed_span[c][i];
        if (span & theirs).is_empty() {
            let a2 = adv * adv / 1000;
            mg += self.w.passed_mg + a2 * self.w.passed_advance_mg / 1000;
            eg += self.w.passed_eg + a2 * self.w.passed_advance_eg / 1000;
            // in the endgame the royal pieces race to the square in front of it
            let ahead = if c.is_white() { 1 } else { -1 };
            if let Some(stop) = g.square_at(g.file(sq) as i32, g.rank(sq) as i32 + ahead) {
                let dist = |k: Square| {
                    let df = (g.file(k) as i32 - g.file(stop) as i32).abs();
                    let dr = (g.rank(k) as i32 - g.rank(stop) as i32).abs();
                    df.max(dr).min(5)
                };
                let race = dist(pos.king(!c)) * self.w.passed_king_them
                    - dist(pos.king(c)) * self.w.passed_king_us;
                eg += race * adv / 1000;
            }
        }
        if (self.adjacent_files[i] & ours).is_empty() {
            mg -= self.w.isolated_mg;
            eg -= self.w.isolated_eg;
        }
        // doubled: another own pawn ahead on the same file
        let ahead = span & !self.adjacent_files[i];
        if (ahead & ours).any() {
            mg -= self.w.doubled_mg;
            eg -= self.w.doubled_eg;
        }
        // connected: defended by a pawn of ours, or beside one on its rank (more as it
        // advances)
        if (self.beside[i] & ours).any() || pawn_attacks[c].has(sq) {
            mg += self.w.connected_mg * (400 + 2 * adv) / 1000;
            eg += self.w.connected_eg * (400 + 2 * adv) / 1000;
        }
        (mg, eg)
    }
}
