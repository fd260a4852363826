//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use super::Position;
use crate::types::{Move, MoveList};
use crate::variant::{Tables, TablesFor, Variant};

fn perft_inner<B: TablesFor>(v: &Variant, t: &Tables<B>, pos: &Position<B>, depth: u32) -> u64 {
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
        n += perft_inner(v, t, &p, depth - 1);
    }
    n
}

/// Number of leaf nodes `depth` plies below `pos` (1 at depth 0).
pub fn perft<B: TablesFor>(v: &Variant, pos: &Position<B>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    perft_inner(v, v.tables::<B>(), pos, depth)
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
                    perft_inner(v, t, &p, depth - 1)
                },
            )
        })
        .collect()
}
