//! Move ordering: the transposition table's move first, then captures and promotions by
//! value (most valuable victim, least valuable attacker), then the killer moves of the ply
//! and the counter move of the opponent's last move, then captures that lose material, then
//! quiet moves by their history score. Alpha-beta prunes most when the best move comes
//! first, so this is where much of the search's speed comes from.

use super::{Searcher, EVAL_CACHE, MAX_PLY};
use crate::position::Position;
use crate::types::{Color, Move, MoveKind};
use crate::variant::TablesFor;

/// Quiet-move history: how often a move (by colour, from, to) caused a beta cutoff lately.
pub(crate) struct History {
    /// Squares on the board.
    n: usize,
    /// The scores, by `(colour * n + from) * n + to` (one flat table: a lookup is one index).
    table: Vec<i32>,
}

impl History {
    /// A bonus moves a score by the bonus minus this fraction of the score itself, so scores
    /// stay bounded and old successes fade.
    const DECAY: i32 = 16_384;

    fn new() -> History {
        History {
            n: 0,
            table: Vec::new(),
        }
    }

    /// Sizes the table for a board of `n` squares (clearing it if the size changes).
    pub fn fit(&mut self, n: usize) {
        if self.n != n {
            self.n = n;
            self.table = vec![0; 2 * n * n];
        }
    }

    fn clear(&mut self) {
        self.table.iter_mut().for_each(|h| *h = 0);
    }

    #[inline]
    fn slot(&self, c: Color, m: Move) -> usize {
        (c.index() * self.n + m.from.index()) * self.n + m.to.index()
    }

    /// The score of `c`'s quiet move `m`.
    #[inline]
    pub fn get(&self, c: Color, m: Move) -> i32 {
        self.table[self.slot(c, m)]
    }

    /// Adds `bonus` (negative for a malus) to the score of `c`'s move `m`.
    #[inline]
    pub fn reward(&mut self, c: Color, m: Move, bonus: i32) {
        let i = self.slot(c, m);
        let h = &mut self.table[i];
        *h += bonus - *h * bonus.abs() / History::DECAY;
    }
}

/// The quiet move that last refuted each move (by its from and to squares): the
/// counter-move heuristic, which finds the natural answers to a move whatever the position.
pub(crate) struct CounterMoves {
    n: usize,
    table: Vec<Option<Move>>,
}

impl CounterMoves {
    fn new() -> CounterMoves {
        CounterMoves {
            n: 0,
            table: Vec::new(),
        }
    }

    /// Sizes the table for a board of `n` squares (clearing it if the size changes).
    pub fn fit(&mut self, n: usize) {
        if self.n != n {
            self.n = n;
            self.table = vec![None; n * n];
        }
    }

    fn clear(&mut self) {
        self.table.iter_mut().for_each(|m| *m = None);
    }

    /// The answer that refuted `prev` last.
    #[inline]
    pub fn get(&self, prev: Move) -> Option<Move> {
        self.table[prev.from.index() * self.n + prev.to.index()]
    }

    #[inline]
    fn set(&mut self, prev: Move, m: Move) {
        self.table[prev.from.index() * self.n + prev.to.index()] = Some(m);
    }
}

/// Persistent move-ordering state, kept by the engine between searches.
pub(crate) struct Heuristics {
    /// Quiet-move history.
    pub history: History,
    /// Counter moves.
    pub counters: CounterMoves,
    /// Two killer moves per ply.
    pub killers: Vec<[Option<Move>; 2]>,
    /// Static evaluations by hash (the variant's tables are fixed within a game).
    pub eval_cache: Vec<(u64, i32)>,
    /// The variant the cached evaluations belong to (its address).
    pub variant_id: usize,
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics {
            history: History::new(),
            counters: CounterMoves::new(),
            killers: vec![[None; 2]; MAX_PLY + 1],
            eval_cache: vec![(0, 0); EVAL_CACHE],
            variant_id: 0,
        }
    }

    pub fn clear(&mut self) {
        self.history.clear();
        self.counters.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.eval_cache.iter_mut().for_each(|e| *e = (0, 0));
    }
}

/// The ordering score of the first killer move (the second scores one less).
pub(super) const KILLER: i32 = 1 << 22;
/// The ordering score of the counter move.
pub(super) const COUNTER: i32 = 1 << 21;
/// The ordering scores of the captures that lose material start here (quiet moves score
/// below, by their history).
pub(super) const LOSING_CAPTURE: i32 = 1 << 20;

impl<B: TablesFor> Searcher<'_, B> {
    /// The move that led to the node at `ply` (none at the root, where the game's last move
    /// is not known to the search).
    #[inline]
    pub(super) fn previous(&self, ply: usize) -> Option<Move> {
        (ply > 0)
            .then(|| self.played[ply - 1])
            .filter(|m| *m != Move::PASS)
    }

    #[inline]
    pub(super) fn is_capture(pos: &Position<B>, m: Move) -> bool {
        match m.kind {
            MoveKind::EnPassant => true,
            MoveKind::Normal | MoveKind::Promotion => pos.piece_at(m.to).is_some(),
            _ => false,
        }
    }

    /// Is `m` a capture or a promotion (a move that changes the material)?
    #[inline]
    pub(super) fn is_tactical(pos: &Position<B>, m: Move) -> bool {
        Self::is_capture(pos, m) || m.kind == MoveKind::Promotion
    }

    pub(super) fn victim_value(&self, pos: &Position<B>, m: Move) -> i32 {
        match m.kind {
            MoveKind::EnPassant => self.et.value.iter().copied().min().unwrap_or(100).max(100),
            _ => pos
                .piece_at(m.to)
                .map(|p| self.et.value[p.role.index()])
                .unwrap_or(0),
        }
    }

    pub(super) fn score_moves(
        &self,
        pos: &Position<B>,
        moves: &mut [(Move, i32)],
        tt_move: Option<Move>,
        ply: usize,
    ) {
        let us = pos.turn();
        let killers = self.h.killers[ply];
        let counter = self.previous(ply).and_then(|p| self.h.counters.get(p));
        for (m, s) in moves.iter_mut() {
            *s = if Some(*m) == tt_move {
                1 << 30
            } else if Self::is_tactical(pos, *m) {
                let attacker = pos
                    .piece_at(m.from)
                    .map(|p| self.et.value[p.role.index()])
                    .unwrap_or(0);
                let promo = if m.kind == MoveKind::Promotion {
                    self.et.value[m.promotion.index()]
                } else {
                    0
                };
                let mvv_lva = (self.victim_value(pos, *m) + promo) * 16 - attacker / 16;
                // a capture that gives a dearer piece for a defended cheaper one comes after
                // the killers and the counter move
                if self.loses_material(pos, *m) {
                    LOSING_CAPTURE + mvv_lva
                } else {
                    (1 << 24) + mvv_lva
                }
            } else if Some(*m) == killers[0] {
                KILLER
            } else if Some(*m) == killers[1] {
                KILLER - 1
            } else if Some(*m) == counter {
                COUNTER
            } else {
                self.h.history.get(us, *m)
            };
        }
    }

    /// Moves the best-scored of the moves from `i` on to `i` and returns it (a selection sort
    /// step: most nodes cut off after a move or two, so sorting the whole list would waste).
    #[inline]
    pub(super) fn pick(moves: &mut [(Move, i32)], i: usize) -> Move {
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].1 > moves[best].1 {
                best = j;
            }
        }
        moves.swap(i, best);
        moves[i].0
    }

    /// After the quiet move `m` of `us` caused a beta cutoff: it becomes a killer of the ply,
    /// its history rises and that of the quiet moves tried before it falls.
    pub(super) fn reward_cutoff(
        &mut self,
        us: Color,
        m: Move,
        quiets_tried: &[Move],
        depth: i32,
        ply: usize,
    ) {
        let k = &mut self.h.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(p) = self.previous(ply) {
            self.h.counters.set(p, m);
        }
        let bonus = depth * depth;
        self.h.history.reward(us, m, bonus);
        for &q in quiets_tried {
            self.h.history.reward(us, q, -bonus);
        }
    }
}
