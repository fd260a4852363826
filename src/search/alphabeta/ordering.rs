//! Move ordering: the transposition table's move first, then captures and promotions by
//! value (most valuable victim, least valuable attacker), then the killer moves of the ply
//! and the counter move of the opponent's last move, then captures that lose material, then
//! quiet moves by their history score. Alpha-beta prunes most when the best move comes
//! first, so this is where much of the search's speed comes from.

use super::correction::CorrectionHistory;
use super::{Searcher, EVAL_CACHE, MAX_PLY};
use crate::position::Position;
use crate::search::eval::PawnCache;
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

/// Continuation history: how well a quiet move (by its piece and destination) did right
/// after an earlier move of the line (by its colour, piece and destination): one ply before
/// (the opponent's move it answers) and two plies before (our own move it follows up).
/// Where the plain history knows good moves in general, this knows good replies.
pub(crate) struct ContHistory {
    /// Keys of a move without its colour: `role * n + to`.
    keys: usize,
    /// By offset (one or two plies back), by `prev * keys + key` where `prev` is the earlier
    /// move's key with its colour (`colour * keys + role * n + to`). Empty where the tables
    /// would be too large (boards with many squares and many kinds of pieces).
    tables: [Vec<i16>; 2],
}

impl ContHistory {
    /// The largest table kept (entries), about 16 MB for both.
    const MAX: usize = 1 << 22;

    fn new() -> ContHistory {
        ContHistory {
            keys: 0,
            tables: [Vec::new(), Vec::new()],
        }
    }

    /// Sizes the tables for `roles` kinds of pieces on `n` squares (clearing them if that
    /// changes the size).
    pub fn fit(&mut self, roles: usize, n: usize) {
        let keys = roles * n;
        if self.keys != keys {
            self.keys = keys;
            let len = 2 * keys * keys;
            let len = if len <= ContHistory::MAX { len } else { 0 };
            self.tables = [vec![0; len], vec![0; len]];
        }
    }

    fn clear(&mut self) {
        for t in &mut self.tables {
            t.iter_mut().for_each(|h| *h = 0);
        }
    }

    #[inline]
    fn slot(&self, prev: u32, key: u32) -> Option<usize> {
        let i = prev as usize * self.keys + key as usize;
        (prev != NO_KEY && i < self.tables[0].len()).then_some(i)
    }

    /// The score of the move with `key` after the move `prev`, `offset + 1` plies before.
    #[inline]
    pub fn get(&self, offset: usize, prev: u32, key: u32) -> i32 {
        self.slot(prev, key)
            .map_or(0, |i| self.tables[offset][i] as i32)
    }

    /// Adds `bonus` (negative for a malus) as [`History::reward`] does.
    #[inline]
    fn reward(&mut self, offset: usize, prev: u32, key: u32, bonus: i32) {
        if let Some(i) = self.slot(prev, key) {
            let h = &mut self.tables[offset][i];
            let v = *h as i32;
            *h = (v + bonus - v * bonus.abs() / History::DECAY) as i16;
        }
    }
}

/// Capture history: how often a capture or promotion (by colour, the piece that moves, its
/// destination and the piece it takes) caused a beta cutoff lately. It orders the captures
/// that do not lose material among themselves, beside the value of what they take.
pub(crate) struct CaptureHistory {
    /// Kinds of pieces (one more key stands for "takes nothing", a promotion).
    roles: usize,
    /// Squares on the board.
    n: usize,
    /// The scores, by `((colour * roles + role) * n + to) * (roles + 1) + taken`; empty where
    /// the table would be too large.
    table: Vec<i16>,
}

impl CaptureHistory {
    /// The largest table kept (entries).
    const MAX: usize = 1 << 22;

    fn new() -> CaptureHistory {
        CaptureHistory {
            roles: 0,
            n: 0,
            table: Vec::new(),
        }
    }

    /// Sizes the table for `roles` kinds of pieces on `n` squares (clearing it if that
    /// changes the size).
    pub fn fit(&mut self, roles: usize, n: usize) {
        if (self.roles, self.n) != (roles, n) {
            (self.roles, self.n) = (roles, n);
            let len = 2 * roles * n * (roles + 1);
            self.table = vec![0; if len <= CaptureHistory::MAX { len } else { 0 }];
        }
    }

    fn clear(&mut self) {
        self.table.iter_mut().for_each(|h| *h = 0);
    }

    #[inline]
    fn slot(&self, c: Color, role: usize, to: usize, taken: Option<usize>) -> Option<usize> {
        let taken = taken.unwrap_or(self.roles);
        let i = ((c.index() * self.roles + role) * self.n + to) * (self.roles + 1) + taken;
        (i < self.table.len()).then_some(i)
    }

    /// The score of `c`'s capture with `role` to `to`, taking `taken`.
    #[inline]
    pub fn get(&self, c: Color, role: usize, to: usize, taken: Option<usize>) -> i32 {
        self.slot(c, role, to, taken)
            .map_or(0, |i| self.table[i] as i32)
    }

    /// Adds `bonus` (negative for a malus) as [`History::reward`] does.
    #[inline]
    fn reward(&mut self, c: Color, (role, to, taken): (usize, usize, Option<usize>), bonus: i32) {
        if let Some(i) = self.slot(c, role, to, taken) {
            let h = &mut self.table[i];
            let v = *h as i32;
            *h = (v + bonus - v * bonus.abs() / History::DECAY) as i16;
        }
    }
}

/// The key of no move (a null move, or before the root).
pub(super) const NO_KEY: u32 = u32::MAX;

/// Persistent move-ordering state, kept by the engine between searches.
pub(crate) struct Heuristics {
    /// Quiet-move history.
    pub history: History,
    /// Counter moves.
    pub counters: CounterMoves,
    /// Continuation history.
    pub cont: ContHistory,
    /// Capture history.
    pub captures: CaptureHistory,
    /// Two killer moves per ply.
    pub killers: Vec<[Option<Move>; 2]>,
    /// Static evaluations by hash (the variant's tables are fixed within a game).
    pub eval_cache: Vec<(u64, i32, super::correction::Slot)>,
    /// Pawn-structure terms by pawn placement.
    pub pawn_cache: PawnCache,
    /// The static evaluation's recent errors by pawn placement.
    pub correction: CorrectionHistory,
    /// The variant the cached evaluations belong to (its address).
    pub variant_id: usize,
    /// Whether the cached evaluations have the learnt correction (`Control::learnt`).
    pub learnt: bool,
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics {
            history: History::new(),
            counters: CounterMoves::new(),
            cont: ContHistory::new(),
            captures: CaptureHistory::new(),
            killers: vec![[None; 2]; MAX_PLY + 1],
            eval_cache: vec![(0, 0, 0); EVAL_CACHE],
            pawn_cache: PawnCache::new(),
            correction: CorrectionHistory::new(),
            variant_id: 0,
            learnt: false,
        }
    }

    pub fn clear(&mut self) {
        self.history.clear();
        self.counters.clear();
        self.cont.clear();
        self.captures.clear();
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.eval_cache.iter_mut().for_each(|e| *e = (0, 0, 0));
        self.pawn_cache.clear();
        self.correction.clear();
    }
}

/// The ordering score of the table's move.
pub(super) const TABLE_MOVE: i32 = 1 << 30;
/// The ordering scores of the captures that do not lose material start near here (by the
/// most valuable victim and least valuable attacker, within a few hundred thousand).
pub(super) const GOOD_CAPTURE: i32 = 1 << 24;
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
        let (prev1, prev2) = self.earlier_keys(ply);
        for (m, s) in moves.iter_mut() {
            *s = if Some(*m) == tt_move {
                TABLE_MOVE
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
                let mvv_lva = (self.victim_value(pos, *m) + promo) * 16 - attacker / 16
                    + self.capture_score(pos, *m) / 2;
                // a capture that gives a dearer piece for a defended cheaper one comes after
                // the killers and the counter move
                if self.losing_capture(pos, *m) {
                    LOSING_CAPTURE + mvv_lva
                } else {
                    GOOD_CAPTURE + mvv_lva
                }
            } else if Some(*m) == killers[0] {
                KILLER
            } else if Some(*m) == killers[1] {
                KILLER - 1
            } else if Some(*m) == counter {
                COUNTER
            } else {
                let key = self.move_key(pos, *m);
                self.h.history.get(us, *m)
                    + self.h.cont.get(0, prev1, key)
                    + self.h.cont.get(1, prev2, key)
            };
        }
    }

    /// Orders a node's moves: the table's move first, if it is among them, and the others
    /// scored only once it has failed to cut off (returns `Some`: most nodes with a table move
    /// end with it, and [`Self::score_moves`] must then be called on the rest); else all
    /// scored at once (`None`).
    pub(super) fn table_move_first(
        &self,
        pos: &Position<B>,
        moves: &mut [(Move, i32)],
        tt_move: Option<Move>,
        ply: usize,
    ) -> Option<usize> {
        let first = tt_move.and_then(|t| moves.iter().position(|&(m, _)| m == t));
        if let Some(j) = first {
            moves.swap(0, j);
            moves[0].1 = TABLE_MOVE;
        } else {
            self.score_moves(pos, moves, None, ply);
        }
        first
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

    /// The `i`-th move of a node's list to search: the best-scored first, one at a time while
    /// a cutoff is likely (most nodes cut off after a move or two); a node that gets as far
    /// as its `PICKED`-th move sorts the rest at once (a selection step per move would cost
    /// the square of their number, and at such nodes late-move pruning walks them all).
    #[inline]
    pub(super) fn next_move(moves: &mut [(Move, i32)], i: usize) -> Move {
        const PICKED: usize = 3;
        if i < PICKED {
            return Self::pick(moves, i);
        }
        if i == PICKED {
            // (stable: among equal scores the generation order stays)
            moves[i..].sort_by_key(|m| std::cmp::Reverse(m.1));
        }
        moves[i].0
    }

    /// The key of the move `m` of `pos` for the continuation history, without its colour:
    /// the piece that moves (or is dropped) and its destination.
    #[inline]
    pub(super) fn move_key(&self, pos: &Position<B>, m: Move) -> u32 {
        let role = if m.kind == MoveKind::Drop {
            m.promotion
        } else {
            pos.piece_at(m.from).map_or(m.promotion, |p| p.role)
        };
        (role.index() * self.t.n + m.to.index()) as u32
    }

    /// The key of `m`, played in `pos`, as an earlier move of the line: with its colour.
    #[inline]
    pub(super) fn played_key(&self, pos: &Position<B>, m: Move) -> u32 {
        (pos.turn().index() * self.t.roles * self.t.n) as u32 + self.move_key(pos, m)
    }

    /// The keys of the moves one and two plies before the node at `ply` ([`NO_KEY`] for
    /// none).
    #[inline]
    fn earlier_keys(&self, ply: usize) -> (u32, u32) {
        let back = |k: usize| {
            if ply >= k {
                self.played_keys[ply - k]
            } else {
                NO_KEY
            }
        };
        (back(1), back(2))
    }

    /// Does the capture history order captures here (see [`Self::capture_score`])?
    #[inline]
    fn capture_history(&self) -> bool {
        self.see_ok && !self.et.captures_only
    }

    /// The capture-history key of the capture or promotion `m` of `pos`: the piece that
    /// moves, its destination, the piece it takes.
    #[inline]
    fn capture_key(pos: &Position<B>, m: Move) -> (usize, usize, Option<usize>) {
        let role = pos.piece_at(m.from).map_or(0, |p| p.role.index());
        let taken = match m.kind {
            // (en passant takes a piece of the kind that moves)
            MoveKind::EnPassant => Some(role),
            _ => pos.piece_at(m.to).map(|p| p.role.index()),
        };
        (role, m.to.index(), taken)
    }

    /// The capture history of the capture or promotion `m` of `pos`: none where captures are
    /// not what they are in chess (where material counts against its owner or captures are
    /// obligatory, as in Codrus, or every move is one, as in Clobber: there level 6 beat
    /// level 1 less often with it, 65% and 72% against 85% and 90% over 40 games each).
    #[inline]
    fn capture_score(&self, pos: &Position<B>, m: Move) -> i32 {
        if !self.capture_history() {
            return 0;
        }
        let (role, to, taken) = Self::capture_key(pos, m);
        self.h.captures.get(pos.turn(), role, to, taken)
    }

    /// After the move `m` of `pos` caused a beta cutoff, with the moves `tried` before it: a
    /// capture or promotion's capture history rises and that of the captures tried before
    /// it falls. A quiet move becomes a killer of the ply, its history and continuation
    /// history rise and those of the quiet moves tried before it fall, and the captures tried
    /// before it lose capture history too.
    pub(super) fn reward_cutoff(
        &mut self,
        pos: &Position<B>,
        m: Move,
        tried: &[Move],
        depth: i32,
        ply: usize,
    ) {
        let us = pos.turn();
        // (eight times the square of the depth, up to 1500: the histories learn in tens of
        // cutoffs rather than hundreds; +37 Elo in self-play over `depth * depth`)
        let bonus = (8 * depth * depth).min(1500);
        let captures = self.capture_history();
        for &q in tried
            .iter()
            .filter(|&&q| captures && Self::is_tactical(pos, q))
        {
            self.h
                .captures
                .reward(us, Self::capture_key(pos, q), -bonus);
        }
        if Self::is_tactical(pos, m) {
            if captures {
                self.h.captures.reward(us, Self::capture_key(pos, m), bonus);
            }
            return;
        }
        let quiets_tried = tried.iter().filter(|&&q| !Self::is_tactical(pos, q));
        let k = &mut self.h.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(p) = self.previous(ply) {
            self.h.counters.set(p, m);
        }
        let (prev1, prev2) = self.earlier_keys(ply);
        for (q, b) in std::iter::once((m, bonus)).chain(quiets_tried.map(|&q| (q, -bonus))) {
            self.h.history.reward(us, q, b);
            let key = self.move_key(pos, q);
            self.h.cont.reward(0, prev1, key, b);
            self.h.cont.reward(1, prev2, key, b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{CaptureHistory, ContHistory, NO_KEY};
    use crate::search::alphabeta::Searcher;
    use crate::types::Color;
    use crate::types::{Move, Square};

    #[test]
    fn moves_come_best_first_each_once_and_ties_in_generation_order() {
        // forty moves whose scores repeat (ties, as among quiet moves without history)
        let scores = |i: u8| (i32::from(i) * 7919 % 13) * 100 - 600;
        let list: Vec<(Move, i32)> = (0..40)
            .map(|i| (Move::normal(Square(i), Square(i + 1)), scores(i)))
            .collect();
        let mut moves = list.clone();
        let order: Vec<Move> = (0..moves.len())
            .map(|i| Searcher::<u64>::next_move(&mut moves, i))
            .collect();
        // every move exactly once
        let mut seen: Vec<u8> = order.iter().map(|m| m.from.0).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..40).collect::<Vec<u8>>());
        // by score, best first
        let got: Vec<i32> = order.iter().map(|m| scores(m.from.0)).collect();
        let mut want = got.clone();
        want.sort_by_key(|&s| std::cmp::Reverse(s));
        assert_eq!(got, want);
        // moves that score the same keep the order they came in
        let mut tied: Vec<(Move, i32)> = list.iter().map(|&(m, _)| (m, 0)).collect();
        let order: Vec<Move> = (0..tied.len())
            .map(|i| Searcher::<u64>::next_move(&mut tied, i))
            .collect();
        assert_eq!(order, list.iter().map(|&(m, _)| m).collect::<Vec<_>>());
    }

    #[test]
    fn capture_history_keeps_each_capture_apart_and_bounded() {
        let mut h = CaptureHistory::new();
        h.fit(6, 64);
        // a knight (1) takes a bishop (2) on e4 (28)
        let nxb = (1, 28, Some(2));
        h.reward(Color::White, nxb, 100);
        assert_eq!(h.get(Color::White, 1, 28, Some(2)), 100);
        // the other colour, another victim, a promotion without a capture know nothing of it
        assert_eq!(h.get(Color::Black, 1, 28, Some(2)), 0);
        assert_eq!(h.get(Color::White, 1, 28, Some(3)), 0);
        assert_eq!(h.get(Color::White, 1, 28, None), 0);
        h.reward(Color::White, (0, 60, None), -50);
        assert_eq!(h.get(Color::White, 0, 60, None), -50);
        for _ in 0..10_000 {
            h.reward(Color::Black, nxb, -400);
        }
        let bottom = h.get(Color::Black, 1, 28, Some(2));
        assert!((-16_384..-10_000).contains(&bottom), "{bottom}");
        // a board too large for the table: no capture history, and no harm
        h.fit(60, 1000);
        h.reward(Color::White, nxb, 100);
        assert_eq!(h.get(Color::White, 1, 28, Some(2)), 0);
        h.clear();
    }

    #[test]
    fn continuation_history_keeps_each_pair_apart_and_bounded() {
        let mut h = ContHistory::new();
        // chess: 6 kinds of pieces on 64 squares
        h.fit(6, 64);
        let (prev, key) = (64 * 6 + 3 * 64 + 21, 2 * 64 + 36);
        h.reward(0, prev, key, 100);
        assert_eq!(h.get(0, prev, key), 100);
        // the other offset, another earlier move and no earlier move know nothing of it
        assert_eq!(h.get(1, prev, key), 0);
        assert_eq!(h.get(0, prev - 64 * 6, key), 0);
        assert_eq!(h.get(0, NO_KEY, key), 0);
        h.reward(0, NO_KEY, key, 100);
        // scores fade towards a bound however often a move succeeds (or fails)
        for _ in 0..10_000 {
            h.reward(1, prev, key, 400);
        }
        let top = h.get(1, prev, key);
        assert!(top > 10_000 && top <= 16_384, "{top}");
        for _ in 0..10_000 {
            h.reward(1, prev, key, -400);
        }
        let bottom = h.get(1, prev, key);
        assert!((-16_384..-10_000).contains(&bottom), "{bottom}");
        // a board too large for the tables: no continuation history, and no harm
        h.fit(40, 400);
        h.reward(0, 5, 7, 100);
        assert_eq!(h.get(0, 5, 7), 0);
        h.clear();
    }
}
