//! The evaluation of games where material counts otherwise: pieces in hand (drops) and
//! losing every piece to win (Antichess).

use super::EvalTables;
use crate::position::Position;
use crate::types::{ByColor, Color};
use crate::variant::{Tables, TablesFor};

impl<B: TablesFor> EvalTables<B> {
    /// Pieces in hand (Crazyhouse), at their material value, middlegame and endgame: a piece
    /// in hand may enter the game anywhere, so it is worth at least what it is worth on the
    /// board (`worth`: an officer its value, a pawn less among the officers and in the endgame).
    pub(super) fn hands_white(&self, t: &Tables<B>, pos: &Position<B>) -> (i32, i32) {
        t.roles()
            .map(|r| {
                let n =
                    pos.hand_count(Color::White, r) as i32 - pos.hand_count(Color::Black, r) as i32;
                let (mg, eg) = self.worth[r.index()];
                (n * mg, n * eg)
            })
            .fold((0, 0), |(mg, eg), (m, e)| (mg + m, eg + e))
    }

    /// White's score where losing every piece wins (Antichess): each piece counts against its
    /// owner, a cheap one less than a dear one (it is easier to give away), and each of the
    /// opponent's squares to move to counts for us (more chances that it must capture).
    pub(super) fn inverted_white(&self, t: &Tables<B>, pos: &Position<B>) -> i32 {
        let occ = pos.occupied();
        let mut side = ByColor::<i32>::default();
        for c in Color::ALL {
            let ours = pos.by_color(c);
            for r in t.roles() {
                for sq in (pos.by_role(r) & ours).iter() {
                    let i = t.idx(c, r, sq);
                    let a = t.leap_capture[i] | t.leap_quiet[i] | t.ride_reach(t.cr(c, r), sq, occ);
                    side[c] += 200 + self.value[r.index()] / 4 - 2 * (a & !ours).count() as i32;
                }
            }
        }
        side[Color::Black] - side[Color::White]
    }
}
