//! What the unit tests of the search's parts share: a searcher on a chess position.

use std::sync::atomic::AtomicBool;

use super::{Control, Heuristics, Searcher};
use crate::position::Position;
use crate::search::tt::Tt;
use crate::types::Move;

/// Calls `f` with a fresh searcher (a small table, no time limit) on the chess position
/// `fen`, the position and the move `uci` in it.
pub(super) fn with_searcher<R>(
    fen: &str,
    uci: &str,
    f: impl FnOnce(&mut Searcher<u64>, &Position<u64>, Move) -> R,
) -> R {
    let v = crate::rules::load("chess").unwrap();
    let p = Position::<u64>::from_fen(&v, fen).unwrap();
    let m = p.parse_uci(&v, uci).unwrap();
    let stop = AtomicBool::new(false);
    let (tt, mut h) = (Tt::new(1), Heuristics::new());
    let ctl = Control::plain(&stop, 1, None);
    let mut s = Searcher::<u64>::new(&v, &tt, &mut h, ctl, vec![p.hash()]);
    f(&mut s, &p, m)
}
