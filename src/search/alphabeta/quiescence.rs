//! Quiescence search: at the horizon, captures and promotions are played out until the
//! position is quiet, so that the evaluation never stands in the middle of an exchange.
//! Evasions are searched when in check, and checks are looked for in the first plies.

use super::{ordering, Searcher, INF, MAX_PLY};
use crate::position::Position;
use crate::search::tt::{to_tt, tt_cutoff, Bound};
use crate::types::{Move, MoveKind};
use crate::variant::TablesFor;

impl<B: TablesFor> Searcher<'_, B> {
    pub(super) fn qsearch(
        &mut self,
        pos: &Position<B>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        qply: u32,
    ) -> i32 {
        self.nodes += 1;
        self.pv_len[ply] = ply;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.check_stop() {
            return 0;
        }
        if let Some(s) = self.rule_score(pos, ply) {
            return s;
        }
        if ply >= MAX_PLY - 2 {
            return self.eval(pos);
        }
        // the table: any stored result (a quiescence one has depth 0) answers a null window
        let key = pos.hash();
        let entry = self.tt.probe(key);
        if let Some(e) = entry.filter(|_| beta - alpha == 1) {
            if let Some(s) = tt_cutoff(e, ply, alpha, beta) {
                return s;
            }
        }
        let old_alpha = alpha;
        let mut best = -INF;
        if !in_check {
            let stand = self.corrected_eval(pos).0;
            if stand >= beta {
                return stand;
            }
            if stand > alpha {
                alpha = stand;
            }
            best = stand;
            // (two plies of captures still see a stone about to be lost)
            if self.et.captures_only && qply >= 2 {
                return stand;
            }
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        let (best, best_move) =
            self.qsearch_node(pos, &mut moves, alpha, beta, ply, in_check, best, qply);
        self.move_lists[ply] = moves;
        if !self.stopped {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > old_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, best_move, to_tt(best, ply), 0, bound);
        }
        best
    }

    /// The moves of a quiescence node: generated (captures and promotions, or evasions) and
    /// searched. Returns the score and the move that raised alpha, if one did.
    #[allow(clippy::too_many_arguments)]
    fn qsearch_node(
        &mut self,
        pos: &Position<B>,
        moves: &mut Vec<(Move, i32)>,
        alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        best: i32,
        qply: u32,
    ) -> (i32, Option<Move>) {
        // only the captures and promotions, when the rules allow generating them alone:
        // (a side without them stands pat; stalemate is left to the main search)
        if !in_check && self.tactical_gen && self.tactical_moves(pos, moves) {
            return self.qsearch_moves(pos, moves, alpha, beta, ply, best, qply);
        }
        self.generate(pos, moves);
        if moves.is_empty() {
            // (past the first quiescence plies checks are not looked for: look now)
            let s = if in_check || pos.is_check(self.v) {
                self.mated_score(ply)
            } else {
                self.stalemate_value(pos, ply)
            };
            return (s, None);
        }
        if !in_check {
            moves.retain(|(m, _)| Self::is_tactical(pos, *m));
        } else if qply > 4 {
            return (self.eval(pos), None);
        }
        self.qsearch_moves(pos, moves, alpha, beta, ply, best, qply)
    }

    /// The captures and promotions of `pos` appended to `out`, generated without the quiet
    /// moves; `false` (nothing appended) where the rules need the full generator.
    pub(super) fn tactical_moves(&mut self, pos: &Position<B>, out: &mut Vec<(Move, i32)>) -> bool {
        self.gen.clear();
        if !pos.gen_tactical(self.t, self.v, &mut self.gen) {
            return false;
        }
        out.extend(
            self.gen
                .iter()
                .filter(|&&m| Self::is_tactical(pos, m))
                .map(|&m| (m, 0)),
        );
        true
    }

    /// The quiescence moves of `pos` searched in order, from `best` (the standing pat).
    #[allow(clippy::too_many_arguments)]
    fn qsearch_moves(
        &mut self,
        pos: &Position<B>,
        moves: &mut [(Move, i32)],
        mut alpha: i32,
        beta: i32,
        ply: usize,
        mut best: i32,
        qply: u32,
    ) -> (i32, Option<Move>) {
        let in_check = best == -INF;
        let mut best_move = None;
        // (the table's move first, if it is among them; the entry is in the cache by now)
        let tt_move = self.tt.probe(pos.hash()).and_then(|e| e.mv);
        self.score_moves(pos, moves, tt_move, ply);
        for i in 0..moves.len() {
            let m = Self::pick(moves, i);
            let order = moves[i].1;
            // delta pruning: even winning this piece cannot lift alpha
            if !in_check
                && m.kind != MoveKind::Promotion
                && best + self.victim_value(pos, m) + 200 <= alpha
            {
                continue;
            }
            // a dearer piece taking a cheaper one on a defended square loses material (as
            // the ordering found, which tested every capture but the table's move)
            let losing = || {
                if order >= ordering::TABLE_MOVE {
                    self.losing_capture(pos, m)
                } else {
                    order < (ordering::LOSING_CAPTURE + ordering::GOOD_CAPTURE) / 2
                }
            };
            if !in_check && self.quiet_pruning && losing() {
                continue;
            }
            let mut child = *pos;
            child.play(self.v, m);
            self.prefetch(&child, false);
            let gives_check = qply < 2 && child.is_check(self.v);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1, gives_check, qply + 1);
            if self.stopped {
                return (0, None);
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    /// Does the capture `m` lose material? By the static exchange evaluation where it means
    /// something, else by [`Self::loses_material`].
    #[inline]
    pub(super) fn losing_capture(&self, pos: &Position<B>, m: Move) -> bool {
        if self.see_ok {
            !self.see_ge(pos, m, 0)
        } else {
            self.loses_material(pos, m)
        }
    }

    /// Does the capture `m` give a piece for a cheaper one that the opponent can take back
    /// (the first step of a static exchange evaluation, enough to leave it out of quiescence)?
    pub(super) fn loses_material(&self, pos: &Position<B>, m: Move) -> bool {
        if m.kind != MoveKind::Normal {
            return false;
        }
        let attacker = pos
            .piece_at(m.from)
            .map_or(0, |p| self.et.value[p.role.index()]);
        let victim = self.victim_value(pos, m);
        if attacker <= victim + 50 || victim < 0 {
            return false;
        }
        let occ = pos.occupied() ^ B::single(m.from);
        pos.attackers_to(self.t, m.to, !pos.turn(), occ).any()
    }
}
