//! Negamax with alpha-beta, principal variation search, and iterative deepening.
//!
//! Generic over the bit-set width: [`super::Engine`] dispatches once from the game's
//! `AnyPosition`, and everything below runs on a concrete `Position<B>` by copy-make.
//! The jobs around the main recursion live beside it: [`control`] (when to stop),
//! [`ordering`] (which move to try first), [`pruning`] (what need not be searched, or not as
//! deep) and [`quiescence`] (the search past the horizon).

mod control;
mod correction;
mod ordering;
mod pruning;
mod quiescence;
mod see;
#[cfg(test)]
mod test_support;

use std::time::Instant;

use super::eval::EvalTables;
use super::tt::{to_tt, tt_cutoff, Bound, Tt};
use super::{Report, Score};
use crate::position::Position;
use crate::types::{Move, MoveList};
use crate::variant::{Tables, TablesFor, Variant};

pub(crate) use control::Control;
pub(crate) use ordering::Heuristics;

/// The mate score: mate at ply `p` scores `MATE - p`.
pub const MATE: i32 = 32_000;
/// Deepest ply the search reaches (quiescence included).
pub(crate) const MAX_PLY: usize = 128;
/// Scores beyond this are mates.
pub(super) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
const INF: i32 = MATE + 1;
/// Slots of the evaluation cache (a power of two).
const EVAL_CACHE: usize = 1 << 16;

/// What the pruning of a move needs to know about it.
#[derive(Clone, Copy)]
struct MoveFacts {
    /// A capture or a promotion.
    capture: bool,
    gives_check: bool,
    /// Its ordering score (see [`ordering`]).
    order: i32,
}

/// What the move loop of a node needs to know about it.
#[derive(Clone, Copy)]
struct Node {
    depth: i32,
    alpha: i32,
    beta: i32,
    ply: usize,
    in_check: bool,
    pv_node: bool,
    tt_move: Option<Move>,
    /// The table's entry for the node (none in a singular-extension search).
    tt_entry: Option<super::tt::Entry>,
    static_eval: i32,
    /// What the correction history added to the static evaluation.
    correction: i32,
    /// The correction history's slot for the node's pawns (none in check).
    pawns: correction::Slot,
    improving: bool,
    key: u64,
}

/// The outcome of a search.
pub(crate) struct Outcome {
    pub best: Option<Move>,
    pub score: i32,
    /// The deepest iteration completed (0 if none was).
    pub depth: u32,
}

pub(crate) struct Searcher<'a, B: TablesFor> {
    v: &'a Variant,
    t: &'a Tables<B>,
    et: EvalTables<B>,
    tt: &'a Tt,
    h: &'a mut Heuristics,
    ctl: Control<'a>,
    start: Instant,
    nodes: u64,
    seldepth: usize,
    stopped: bool,
    /// Hashes of the positions of the game and the current line, for repetitions.
    hashes: Vec<u64>,
    gen: MoveList,
    /// Root moves left out of this search (the better lines of a MultiPV search).
    root_excluded: Vec<Move>,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    stalemate_score: i32,
    /// Quiescence may generate the captures and promotions alone (the stalemate of the side
    /// to move is a draw, so standing pat where it has none is sound enough).
    tactical_gen: bool,
    /// May late quiet moves be pruned at shallow depth, and a null move tried? Not where
    /// captures are obligatory: there a quiet move offers material that the opponent must
    /// take, and passing would dodge a capture the rules force.
    quiet_pruning: bool,
    /// Does a static exchange evaluation mean anything here? Not where material counts
    /// against its owner or captures are obligatory.
    see_ok: bool,
    /// A move list for each ply, reused from node to node.
    move_lists: Vec<Vec<(Move, i32)>>,
    /// The moves searched so far at each ply (kept the same way), for the histories.
    tried_lists: Vec<Vec<Move>>,
    /// Late-move reductions by depth and number of moves searched.
    lmr: Box<[[i32; 64]; 64]>,
    /// The move played at each ply of the current line (`Move::PASS` for a null move).
    played: [Move; MAX_PLY + 1],
    /// The continuation-history key of the move played at each ply (with its colour;
    /// [`ordering::NO_KEY`] for a null move).
    played_keys: [u32; MAX_PLY + 1],
    /// The move left out at each ply (a singular-extension search: is every other move
    /// much worse?).
    excluded: [Option<Move>; MAX_PLY + 1],
    /// The static evaluation at each ply of the current line (`-INF` in check).
    evals: [i32; MAX_PLY + 1],
}

/// Converts an internal score for reports.
pub(crate) fn to_score(s: i32) -> Score {
    if s > MATE_BOUND {
        Score::Mate((MATE - s + 1) / 2)
    } else if s < -MATE_BOUND {
        Score::Mate(-(MATE + s) / 2)
    } else {
        Score::Cp(s)
    }
}

impl<'a, B: TablesFor> Searcher<'a, B> {
    pub fn new(
        v: &'a Variant,
        tt: &'a Tt,
        h: &'a mut Heuristics,
        ctl: Control<'a>,
        hashes: Vec<u64>,
    ) -> Self {
        let t = v.tables::<B>();
        let n = t.n;
        let id = v as *const Variant as usize;
        // (the engine empties the shared table when the variant changes); the evaluations
        // cached with the learnt correction are not those without
        if h.variant_id != id || h.learnt != ctl.learnt {
            h.clear();
            h.variant_id = id;
            h.learnt = ctl.learnt;
        }
        h.history.fit(n);
        h.counters.fit(n);
        h.cont.fit(t.roles, n);
        h.captures.fit(t.roles, n);
        // the sign of a stalemate for the side that cannot move (Antichess: a win)
        let stalemate_score = match (v.end().stalemate_draw, v.end().stalemate_win) {
            (true, _) => 0,
            (false, true) => MATE,
            (false, false) => -MATE,
        };
        let et = EvalTables::new(v);
        let et = if ctl.learnt { et } else { et.without_net() };
        let see_ok = et.exchanges_matter;
        Searcher {
            v,
            t,
            tt,
            h,
            ctl,
            start: Instant::now(),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            hashes,
            gen: MoveList::new(),
            root_excluded: Vec::new(),
            pv: vec![[Move::PASS; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            stalemate_score,
            et,
            tactical_gen: v.end().stalemate_draw,
            quiet_pruning: !v.end().captures_obligatory,
            see_ok,
            lmr: pruning::lmr_table(),
            played: [Move::PASS; MAX_PLY + 1],
            played_keys: [ordering::NO_KEY; MAX_PLY + 1],
            excluded: [None; MAX_PLY + 1],
            evals: [-INF; MAX_PLY + 1],
            move_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            tried_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
        }
    }

    /// Static evaluation for the side to move, with the level's noise.
    #[inline]
    fn eval(&mut self, pos: &Position<B>) -> i32 {
        self.eval_and_pawns(pos).0
    }

    /// [`Self::eval`], and the position's slot in the correction history (kept beside the
    /// evaluation in its cache).
    #[inline]
    fn eval_and_pawns(&mut self, pos: &Position<B>) -> (i32, correction::Slot) {
        let key = pos.hash();
        let slot = (key as usize) & (EVAL_CACHE - 1);
        let (k, e, pawns) = self.h.eval_cache[slot];
        let (e, pawns) = if k == key {
            (e, pawns)
        } else {
            let e = self
                .et
                .evaluate_with(self.t, pos, Some(&mut self.h.pawn_cache));
            let pawns = correction::slot_of(self.et.pawn_key(self.t, pos));
            self.h.eval_cache[slot] = (key, e, pawns);
            #[cfg(feature = "sample")]
            crate::search::sample::maybe(key, || pos.fen(self.v, true));
            (e, pawns)
        };
        if self.ctl.noise == 0 {
            return (e, pawns);
        }
        (e + self.ctl.noise_for(key), pawns)
    }

    /// Starts loading what the node of `child` will read first: its table slot and its
    /// cached evaluation.
    #[inline]
    fn prefetch(&self, child: &Position<B>, table: bool) {
        let key = child.hash();
        if table {
            self.tt.prefetch(key);
        }
        super::tt::prefetch(&self.h.eval_cache[(key as usize) & (EVAL_CACHE - 1)]);
    }

    /// Has the search been told to stop (or run out of nodes or time)? Once true, stays true.
    #[inline]
    fn check_stop(&mut self) -> bool {
        if !self.stopped && self.ctl.must_stop(self.nodes) {
            self.stopped = true;
        }
        self.stopped
    }

    fn generate(&mut self, pos: &Position<B>, out: &mut Vec<(Move, i32)>) {
        self.gen.clear();
        pos.gen_legal(self.t, self.v, &mut self.gen);
        out.clear();
        out.extend(self.gen.iter().map(|&m| (m, 0)));
    }

    /// The score of a position where a rule of the rules file has ended the game (a region
    /// reached, the n-th check, extinction): a mate score for the winner, 0 for a draw.
    #[inline]
    fn rule_score(&self, pos: &Position<B>, ply: usize) -> Option<i32> {
        if !self.v.has_rule_ends {
            return None;
        }
        let end = pos.rule_end(self.v)?;
        Some(match end.winner {
            None => 0,
            Some(w) if w == pos.turn() => MATE - ply as i32,
            Some(_) => -MATE + ply as i32,
        })
    }

    /// The score of being checkmated: a loss, or a win under `checkmate win` (Losers).
    /// The score of a stalemate for the side that cannot move (Suicide: by the pieces left).
    fn stalemate_value(&self, pos: &Position<B>, ply: usize) -> i32 {
        let sign = if self.v.end().stalemate_fewer_pieces {
            let n = |c| pos.by_color(c).count() as i32;
            (n(!pos.turn()) - n(pos.turn())).signum()
        } else {
            self.stalemate_score.signum()
        };
        sign * (MATE - ply as i32)
    }

    fn mated_score(&self, ply: usize) -> i32 {
        if self.v.end().checkmate_win {
            MATE - ply as i32
        } else {
            -MATE + ply as i32
        }
    }

    fn is_repetition(&self, pos: &Position<B>) -> bool {
        let h = pos.hash();
        let len = self.hashes.len();
        // the current position is the last entry; compare with same-side positions before it
        let limit = (pos.halfmove_clock() as usize).min(len.saturating_sub(1));
        let mut i = 2;
        while i <= limit {
            if self.hashes[len - 1 - i] == h {
                return true;
            }
            i += 2;
        }
        false
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let next = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..next {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = next;
    }

    /// Iterative deepening from `root`; reports after each completed depth.
    pub fn run(&mut self, root: &Position<B>, on_report: &mut dyn FnMut(&Report)) -> Outcome {
        let mut best: Option<Move> = None;
        let mut best_score: i32 = 0;
        let mut completed = 0;
        let in_check = root.is_check(self.v);
        let deepest = self.ctl.max_depth.min(MAX_PLY as u32 - 8);
        for depth in 1..=deepest {
            let depth = (depth + self.ctl.skew).min(deepest);
            self.seldepth = 0;
            // aspiration window around the last score
            let (mut alpha, mut beta) = if depth >= 5 && best_score.abs() < MATE_BOUND {
                (best_score - 40, best_score + 40)
            } else {
                (-INF, INF)
            };
            let mut delta = 40;
            let score = loop {
                let s = self.negamax(root, depth as i32, alpha, beta, 0, in_check, true);
                if self.stopped {
                    break s;
                }
                if s <= alpha {
                    alpha = (alpha - delta).max(-INF);
                } else if s >= beta {
                    beta = (beta + delta).min(INF);
                } else {
                    break s;
                }
                delta *= 3;
            };
            if self.stopped && depth > 1 {
                // Keep the last completed iteration's move, unless a root move of this one
                // already beat the first move searched (the previous best) on a full search.
                if self.pv_len[0] > 0 {
                    best = Some(self.pv[0][0]);
                }
                break;
            }
            if self.pv_len[0] > 0 {
                best = Some(self.pv[0][0]);
                best_score = score;
            }
            if self.stopped {
                break;
            }
            completed = depth;
            // MultiPV: the next best lines, each searched without the root moves of the
            // lines before it.
            let mut lines = vec![(score, self.pv[0][..self.pv_len[0]].to_vec())];
            while lines.len() < self.ctl.multipv && !lines[0].1.is_empty() {
                self.root_excluded = lines.iter().map(|l| l.1[0]).collect();
                // a candidate line of a weaker level matters only within its margin of the best
                let floor = if lines.len() >= self.ctl.exact {
                    (score - self.ctl.margin - 1).max(-INF)
                } else {
                    -INF
                };
                let s = self.negamax(root, depth as i32, floor, INF, 0, in_check, true);
                if self.stopped || self.pv_len[0] == 0 || s <= floor {
                    break;
                }
                lines.push((s, self.pv[0][..self.pv_len[0]].to_vec()));
            }
            self.root_excluded.clear();
            let time = self.start.elapsed();
            let nodes = self.ctl.reported_nodes(self.nodes);
            for (i, (score, pv)) in lines.into_iter().enumerate() {
                on_report(&Report {
                    depth,
                    seldepth: self.seldepth.max(depth as usize) as u32,
                    multipv: i as u32 + 1,
                    score: to_score(score),
                    nodes,
                    nps: (nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
                    time,
                    pv,
                });
            }
            if self.stopped {
                break;
            }
            if self.ctl.single_reply {
                break;
            }
            if !self.ctl.may_deepen() {
                break;
            }
            // a mate found within the depth cannot get better
            if score.abs() > MATE_BOUND && (MATE - score.abs()) < depth as i32 {
                break;
            }
        }
        Outcome {
            best,
            score: best_score,
            depth: completed,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position<B>,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        in_check: bool,
        allow_null: bool,
    ) -> i32 {
        self.pv_len[ply] = ply;
        if ply >= MAX_PLY - 4 {
            return self.eval(pos);
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, in_check, 0);
        }
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        if let Some(s) = self.rule_score(pos, ply) {
            return s;
        }
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if self.is_repetition(pos) {
                return 0;
            }
            if let Some(n) = self.v.end().move_rule {
                if pos.halfmove_clock() as u32 >= 2 * n as u32 {
                    return 0;
                }
            }
            if self.v.has_counting && pos.counting_over() {
                return 0;
            }
            // mate distance pruning
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let key = pos.hash();
        // (a singular-extension search leaves out the table's move: the table says nothing
        // about the other moves)
        let excluded = self.excluded[ply].is_some();
        let entry = self.tt.probe(key).filter(|_| !excluded);
        let tt_move = entry.and_then(|e| e.mv);
        if let Some(e) = entry {
            if !pv_node && e.depth as i32 >= depth && ply > 0 {
                if let Some(s) = tt_cutoff(e, ply, alpha, beta) {
                    return s;
                }
            }
        }
        // internal iterative reduction: without a move from the table this node was not
        // searched before, and its ordering is a guess: search it a little shallower
        if tt_move.is_none() && depth >= 4 && ply > 0 && !excluded {
            depth -= 1;
        }
        let (static_eval, correction, pawns) = if in_check {
            (-INF, 0, correction::NO_PAWNS)
        } else {
            self.corrected_eval(pos)
        };
        self.evals[ply] = static_eval;
        let eval = Self::pruning_eval(entry, static_eval, ply);
        let improving = self.improving(ply, static_eval);
        let node = Node {
            depth,
            alpha,
            beta,
            ply,
            in_check,
            pv_node,
            tt_move,
            tt_entry: entry,
            static_eval,
            correction,
            pawns,
            improving,
            key,
        };
        if !pv_node && !in_check && ply > 0 && !excluded {
            if let Some(s) = self.prune_node(pos, &node, eval, allow_null) {
                return s;
            }
        }

        // (the move lists of the plies are kept between nodes: no allocation per node)
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        self.generate(pos, &mut moves);
        let mut tried = std::mem::take(&mut self.tried_lists[ply]);
        let best = self.search_moves(pos, (&mut moves, &mut tried), node);
        self.move_lists[ply] = moves;
        self.tried_lists[ply] = tried;
        best
    }

    /// The moves of a node searched in order (principal variation search with late-move
    /// pruning and reductions); stores the result in the table.
    fn search_moves(
        &mut self,
        pos: &Position<B>,
        (moves, tried): (&mut Vec<(Move, i32)>, &mut Vec<Move>),
        node: Node,
    ) -> i32 {
        let Node {
            depth,
            mut alpha,
            beta,
            ply,
            in_check,
            tt_move,
            static_eval,
            key,
            ..
        } = node;

        if moves.is_empty() {
            return if in_check {
                self.mated_score(ply)
            } else {
                self.stalemate_value(pos, ply)
            };
        }
        if ply == 0 && !self.root_excluded.is_empty() {
            let excluded = &self.root_excluded;
            moves.retain(|(m, _)| !excluded.contains(m));
            if moves.is_empty() {
                // every root move is in a better line already
                return -INF;
            }
        }
        let first = self.table_move_first(pos, moves, tt_move, ply);
        let mut best = -INF;
        let mut best_move = None;
        let old_alpha = alpha;
        let mut searched = 0;
        tried.clear();
        let excluded = self.excluded[ply];
        for i in 0..moves.len() {
            if i == 1 && first.is_some() {
                self.score_moves(pos, &mut moves[1..], None, ply);
            }
            let m = Self::next_move(moves, i);
            if Some(m) == excluded {
                continue;
            }
            let capture = Self::is_tactical(pos, m);
            let mut child = *pos;
            child.play(self.v, m);
            // (as early as can be: the check test and the pruning decision hide the wait)
            self.prefetch(&child, true);
            let facts = MoveFacts {
                capture,
                gives_check: child.is_check(self.v),
                order: moves[i].1,
            };
            let gives_check = facts.gives_check;
            let extension = match self.extension(pos, &node, m, gives_check) {
                Ok(e) => e,
                Err(cut) => return cut,
            };
            if searched > 0
                && best > -MATE_BOUND
                && self.skip_move((pos, m), &node, alpha, searched, facts)
            {
                continue;
            }
            self.hashes.push(child.hash());
            self.played[ply] = m;
            self.played_keys[ply] = self.played_key(pos, m);
            let new_depth = depth - 1 + extension;
            let mut score;
            if searched == 0 {
                score = -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, gives_check, true);
            } else {
                let r = self.reduction(&node, searched, facts);
                score = -self.negamax(
                    &child,
                    new_depth - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    gives_check,
                    true,
                );
                if score > alpha && r > 0 {
                    score = -self.negamax(
                        &child,
                        new_depth,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        gives_check,
                        true,
                    );
                }
                if score > alpha && score < beta {
                    score =
                        -self.negamax(&child, new_depth, -beta, -alpha, ply + 1, gives_check, true);
                }
            }
            self.hashes.pop();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        self.reward_cutoff(pos, m, tried, depth, ply);
                        break;
                    }
                }
            }
            tried.push(m);
        }
        if best == -INF {
            // the only move was left out (a singular-extension search): it is singular
            if excluded.is_some() {
                return alpha;
            }
            // every move was pruned: should not happen, since the first is never pruned
            return static_eval.max(alpha);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > old_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The root of a MultiPV line that leaves moves out does not know the best move.
        if (ply > 0 || self.root_excluded.is_empty()) && excluded.is_none() {
            self.learn_correction(pos, &node, (best, best_move, bound));
            self.tt
                .store(key, best_move, to_tt(best, ply), depth, bound);
        }
        best
    }
}
