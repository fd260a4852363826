//! En passant: the target a pawn's multi-step leaves behind.

use super::{zobrist, EnPassant, Position};
use crate::types::{Role, Square};
use crate::variant::{Tables, TablesFor, Variant};

impl<B: TablesFor> Position<B> {
    /// After a pawn's multi-step, records the en passant target if an enemy piece could capture
    /// onto it.
    pub(super) fn maybe_set_ep(
        &mut self,
        v: &Variant,
        t: &Tables<B>,
        role: Role,
        from: Square,
        to: Square,
    ) {
        let g = t.geometry;
        let us = self.turn;
        let (df, dr) = (
            g.file(to) as i32 - g.file(from) as i32,
            g.rank(to) as i32 - g.rank(from) as i32,
        );
        let spec = t.specials[t.cr(us, role)]
            .iter()
            .find(|s| s.creates_ep && s.dx as i32 == df && s.dy as i32 == dr);
        let Some(s) = spec else { return };
        let steps = crate::variant::betza_gcd(s.dx as i32, s.dy as i32);
        let (sx, sy) = (s.dx as i32 / steps, s.dy as i32 / steps);
        let Some(target) = g.square_at(g.file(to) as i32 - sx, g.rank(to) as i32 - sy) else {
            return;
        };
        // `en-passant ranks 3` (Horde): a square passed over elsewhere gives no chance
        let rel = if us.is_white() {
            g.rank(target)
        } else {
            g.ranks - 1 - g.rank(target)
        };
        if v.role(role).ep_ranks.is_some_and(|m| m & (1 << rel) == 0) {
            return;
        }
        let them = !us;
        for r in t.roles() {
            let ps = self.by_role(r) & self.by_color[them];
            for q in ps.iter() {
                if t.ep_capture[t.idx(them, r, q)].has(target) {
                    self.ep = Some(EnPassant { target, victim: to });
                    self.hash ^= zobrist::ep(target);
                    return;
                }
            }
        }
    }
}
