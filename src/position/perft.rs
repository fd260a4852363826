//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use std::sync::atomic::{AtomicBool, Ordering};

use super::Position;
use crate::types::{Move, MoveList};
use crate::variant::{Tables, TablesFor, Variant};

/// A stop flag that is never raised, for perft that runs to the end.
pub(crate) static NEVER: AtomicBool = AtomicBool::new(false);

fn perft_inner<B: TablesFor>(
    v: &Variant,
    t: &Tables<B>,
    pos: &Position<B>,
    depth: u32,
    stop: &AtomicBool,
) -> u64 {
    // Checked only well above the leaves, where it costs nothing measurable.
    if depth >= 3 && stop.load(Ordering::Relaxed) {
        return 0;
    }
    let mut list = MoveList::new();
    pos.gen_legal(t, v, &mut list);
    // The last ply is counted in bulk: the number of legal moves, without playing them.
    if depth == 1 {
        return list.len() as u64;
    }
    let mut n = 0;
    for &m in list.iter() {
        let mut p = *pos;
        p.play(v, m);
        n += perft_inner(v, t, &p, depth - 1, stop);
    }
    n
}

/// Number of leaf nodes `depth` plies below `pos` (1 at depth 0).
pub fn perft<B: TablesFor>(v: &Variant, pos: &Position<B>, depth: u32) -> u64 {
    perft_until(v, pos, depth, &NEVER)
}

/// [`perft`] that gives up soon after `stop` is raised; its count is then meaningless (the
/// caller knows, since it raised the flag).
pub fn perft_until<B: TablesFor>(
    v: &Variant,
    pos: &Position<B>,
    depth: u32,
    stop: &AtomicBool,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_inner(v, v.tables::<B>(), pos, depth, stop)
}

/// Perft per root move, in generation order.
pub fn perft_divide<B: TablesFor>(v: &Variant, pos: &Position<B>, depth: u32) -> Vec<(Move, u64)> {
    let t = v.tables::<B>();
    let mut list = MoveList::new();
    pos.gen_legal(t, v, &mut list);
    list.iter()
        .map(|&m| {
            let mut p = *pos;
            p.play(v, m);
            (
                m,
                if depth <= 1 {
                    1
                } else {
                    perft_inner(v, t, &p, depth - 1, &NEVER)
                },
            )
        })
        .collect()
}
