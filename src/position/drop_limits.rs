//! Shogi's restrictions on drops (`drops { P ... not doubled drop-mate loss }`): the files a
//! pawn may not be dropped on (nifu), and the mate given by a pawn drop (uchifuzume), which
//! Fairy-Stockfish 11.1 does not forbid but scores as won by the mated side.

use super::Position;
use crate::types::{Move, Role};
use crate::variant::{Tables, TablesFor, Variant};

impl<B: TablesFor> Position<B> {
    /// The files where the side to move may not drop `r`: those holding one of its own `r`,
    /// when `r` is `not doubled` (a promoted pawn is another kind and does not count).
    #[inline]
    pub(super) fn doubled_files(&self, t: &Tables<B>, v: &Variant, r: Role) -> B {
        let Some(d) = v.drops() else {
            return B::EMPTY;
        };
        if !d.limits.not_doubled.contains(&r) {
            return B::EMPTY;
        }
        let own = self.by_role(r) & self.by_color[self.turn];
        let mut files = B::EMPTY;
        for f in &t.file_mask {
            if (own & *f).any() {
                files |= *f;
            }
        }
        files
    }
}

/// Is a checkmate reached by `last` lost by the side that played it: a drop of a kind with
/// `drop-mate loss` (the dropped piece is then the only checker: a drop uncovers nothing)?
pub fn drop_mate_loses(v: &Variant, last: Move) -> bool {
    last.drop_role()
        .is_some_and(|r| v.drops().is_some_and(|d| d.limits.mate_loss.contains(&r)))
}
