//! Correction history: the static evaluation errs the same way in positions that share their
//! pawns (a structure whose pawn storm it underrates, a blockade it does not see), and the
//! search finds out by how much. After each node the difference between what the search
//! found and the static evaluation is kept, by side to move and pawn placement, as a moving
//! average, and the evaluation of later nodes with those pawns is corrected by it (as in
//! Stockfish and Ethereal). A variant without pawns keeps no correction: its evaluation has
//! nothing to key the errors by; nor one where material counts against its owner or
//! captures are obligatory (Codrus: level 6 beat level 1 in 70% of 40 games with it, 85%
//! without). (Keyed by each side's other pieces too, as Stockfish also does, it lost 21 Elo
//! in self-play: docs/levels.md.)

use super::{Node, Searcher, MATE_BOUND};
use crate::position::Position;
use crate::search::tt::Bound;
use crate::types::{Color, Move};
use crate::variant::TablesFor;

/// Slots per side to move (a power of two).
const SLOTS: usize = 1 << 14;
/// A slot holds centipawns times this (a moving average needs the fractions).
const GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const LIMIT: i32 = 64;

/// The slot of a pawn placement ([`crate::search::eval::EvalTables::pawn_key`]'s digest),
/// [`NO_PAWNS`] where the variant has none.
pub(super) type Slot = u16;

/// The slot of a variant without pawns: no correction.
pub(super) const NO_PAWNS: Slot = u16::MAX;

#[inline]
pub(super) fn slot_of(key: Option<u64>) -> Slot {
    key.map_or(NO_PAWNS, |k| (k as usize & (SLOTS - 1)) as Slot)
}

/// The evaluation's recent errors, by side to move and pawn placement.
pub(crate) struct CorrectionHistory {
    /// `[side to move][slot]`, flat.
    table: Vec<i32>,
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            table: vec![0; 2 * SLOTS],
        }
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = 0);
    }

    #[inline]
    fn index(c: Color, slot: Slot) -> usize {
        c.index() * SLOTS + (slot as usize & (SLOTS - 1))
    }

    /// The correction for `c` to move with the pawns of `slot`, in centipawns.
    #[inline]
    pub fn get(&self, c: Color, slot: Slot) -> i32 {
        self.table[Self::index(c, slot)] / GRAIN
    }

    /// Moves the correction towards `error` (what the search found minus the static
    /// evaluation, in centipawns), by more after a deeper search.
    pub fn update(&mut self, c: Color, slot: Slot, error: i32, depth: i32) {
        let weight = (depth + 1).clamp(1, 16);
        let e = &mut self.table[Self::index(c, slot)];
        let target = error.clamp(-4 * LIMIT, 4 * LIMIT) * GRAIN;
        *e = ((*e * (256 - weight) + target * weight) / 256).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
    }
}

impl<B: TablesFor> Searcher<'_, B> {
    /// The static evaluation for the side to move with the correction its pawns have earned,
    /// the correction (0 where the variant has no pawns) and the pawns' slot.
    #[inline]
    pub(super) fn corrected_eval(&mut self, pos: &Position<B>) -> (i32, i32, Slot) {
        let (e, slot) = self.eval_and_pawns(pos);
        if slot == NO_PAWNS || !self.see_ok {
            return (e, 0, slot);
        }
        let c = self.h.correction.get(pos.turn(), slot);
        ((e + c).clamp(-MATE_BOUND + 1, MATE_BOUND - 1), c, slot)
    }

    /// After the search of `node` found `best` (with `bound`, by `best_move`): learns from
    /// the static evaluation's error, where the result says which way it erred. Not in
    /// check (no static evaluation), not after a capture or promotion was best (the error
    /// is the material's, not the pawns'), not when the result only bounds the score on the
    /// side of the evaluation.
    pub(super) fn learn_correction(
        &mut self,
        pos: &Position<B>,
        node: &Node,
        (best, best_move, bound): (i32, Option<Move>, Bound),
    ) {
        if node.in_check || best.abs() >= MATE_BOUND || !self.see_ok {
            return;
        }
        if best_move.is_some_and(|m| Self::is_tactical(pos, m)) {
            return;
        }
        let raw = node.static_eval - node.correction;
        let uninformative = match bound {
            Bound::Lower => best <= node.static_eval,
            Bound::Upper => best >= node.static_eval,
            Bound::Exact => false,
        };
        if uninformative {
            return;
        }
        if node.pawns != NO_PAWNS {
            self.h
                .correction
                .update(pos.turn(), node.pawns, best - raw, node.depth);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_correction_follows_the_errors_and_stays_bounded() {
        let mut h = CorrectionHistory::new();
        assert_eq!(h.get(Color::White, 7), 0);
        for _ in 0..200 {
            h.update(Color::White, 7, 40, 10);
        }
        // a moving average: close to the error it keeps seeing, for that side only
        assert!(
            (38..=40).contains(&h.get(Color::White, 7)),
            "{}",
            h.get(Color::White, 7)
        );
        assert_eq!(h.get(Color::Black, 7), 0);
        for _ in 0..200 {
            h.update(Color::White, 7, -10_000, 10);
        }
        assert_eq!(h.get(Color::White, 7), -LIMIT);
        // a shallow search moves it less than a deep one
        let (mut a, mut b) = (CorrectionHistory::new(), CorrectionHistory::new());
        a.update(Color::Black, 3, 50, 1);
        b.update(Color::Black, 3, 50, 12);
        assert!(a.get(Color::Black, 3) < b.get(Color::Black, 3));
        h.clear();
        assert_eq!(h.get(Color::White, 7), 0);
    }
}
