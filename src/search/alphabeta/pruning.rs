//! Pruning and reductions: what the search may leave out, or search less deep, without
//! changing its result much. At a node, before its moves: reverse futility pruning, razoring
//! and the null move. At a move: late-move pruning, futility pruning and the pruning of
//! captures that lose material, near the horizon; late-move reductions everywhere else.

use super::{ordering, MoveFacts, Node, Searcher, INF, MATE_BOUND};
use crate::position::Position;
use crate::search::tt::{from_tt, to_tt, Bound, Entry};
use crate::types::Move;
use crate::variant::TablesFor;

/// ProbCut's margin over beta, and how much less it is where the side to move is improving
/// (Stockfish 15's 179 and 46, turned into these centipawns: its endgame pawn is 208, here 100).
const PROBCUT_MARGIN: i32 = 86;
const PROBCUT_IMPROVING: i32 = 22;

/// Late-move reductions, growing with the logarithms of the depth and of the move number.
pub(super) fn lmr_table() -> Box<[[i32; 64]; 64]> {
    let mut t = Box::new([[0; 64]; 64]);
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (n, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.75 + (d as f64).ln() * (n as f64).ln() / 2.25) as i32;
        }
    }
    t
}

impl<B: TablesFor> Searcher<'_, B> {
    /// The score the pruning judges a node by: its static evaluation, or the table's score
    /// where the stored bound says that it is nearer the truth.
    pub(super) fn pruning_eval(entry: Option<Entry>, static_eval: i32, ply: usize) -> i32 {
        let Some(e) = entry.filter(|_| static_eval != -INF) else {
            return static_eval;
        };
        let s = from_tt(e.score, ply);
        let nearer = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s > static_eval,
            Bound::Upper => s < static_eval,
        };
        if nearer && s.abs() < MATE_BOUND {
            s
        } else {
            static_eval
        }
    }

    /// Is the side to move better off than two plies ago (by the static evaluation)? If not,
    /// its late moves are less promising: they are pruned and reduced more. `static_eval` is
    /// `-INF` in check.
    pub(super) fn improving(&self, ply: usize, static_eval: i32) -> bool {
        static_eval != -INF
            && (ply < 2 || self.evals[ply - 2] == -INF || static_eval > self.evals[ply - 2])
    }

    /// The pruning of a node that is neither a PV node, nor in check, nor the root: the score
    /// to return at once, if it can be trusted without searching the moves. `eval` is the
    /// score the pruning judges the node by ([`Self::pruning_eval`]).
    pub(super) fn prune_node(
        &mut self,
        pos: &Position<B>,
        node: &Node,
        eval: i32,
        allow_null: bool,
    ) -> Option<i32> {
        let Node {
            depth,
            alpha,
            beta,
            ply,
            improving,
            ..
        } = *node;
        // reverse futility pruning: so far above beta that no move of the opponent's
        // near the horizon will bring it back
        if depth <= 7 && eval - 80 * (depth - improving as i32) >= beta && beta.abs() < MATE_BOUND {
            return Some(eval);
        }
        // razoring: far below alpha near the horizon, only captures could save the node
        if depth <= 2 && eval + 250 * depth <= alpha && alpha.abs() < MATE_BOUND {
            let s = self.qsearch(pos, alpha, alpha + 1, ply, false, 0);
            if self.stopped {
                return Some(0);
            }
            if s <= alpha {
                return Some(s);
            }
        }
        // null move: if passing still leaves us above beta, a real move would too (the
        // reduction grows with depth and with the margin over beta). Not where captures are
        // obligatory: there a move is often worse than passing (a capture the rules force,
        // a piece handed over), so passing proves nothing. In Codrus, level 6 against level
        // 1 scored 78% with it and 87% without (100 games, tests/fairy_levels.rs).
        if allow_null
            && self.quiet_pruning
            && depth >= 3
            && eval >= beta
            && self.et.has_pieces(pos, pos.turn())
        {
            let r = 3 + depth / 4 + ((eval - beta) / 200).min(3);
            self.played[ply] = Move::PASS;
            self.played_keys[ply] = ordering::NO_KEY;
            let mut child = *pos;
            child.play(self.v, Move::PASS);
            child.set_turn(!pos.turn());
            self.hashes.push(child.hash());
            let s = -self.negamax(
                &child,
                depth - 1 - r,
                -beta,
                -beta + 1,
                ply + 1,
                false,
                false,
            );
            self.hashes.pop();
            if self.stopped {
                return Some(0);
            }
            if s >= beta {
                return Some(if s > MATE_BOUND { beta } else { s });
            }
        }
        self.probcut(pos, node, eval)
    }

    /// ProbCut (as in Stockfish): where a capture that wins enough by the exchange keeps the
    /// score a margin above beta, first in the quiescence search and then in a search four
    /// plies shallower, a full search would very probably reach beta too. Only where the
    /// exchange evaluation means something and captures are a free choice.
    fn probcut(&mut self, pos: &Position<B>, node: &Node, eval: i32) -> Option<i32> {
        let Node {
            depth,
            beta,
            ply,
            improving,
            tt_entry: entry,
            ..
        } = *node;
        let pc_beta = beta + PROBCUT_MARGIN - PROBCUT_IMPROVING * improving as i32;
        if depth < 5 || !self.see_ok || !self.quiet_pruning || beta.abs() >= MATE_BOUND {
            return None;
        }
        // a search of this node as deep as ProbCut's that stayed below its bound
        if entry.is_some_and(|e| {
            e.depth as i32 >= depth - 3
                && e.bound != Bound::Lower
                && from_tt(e.score, ply) < pc_beta
        }) {
            return None;
        }
        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        moves.clear();
        if !self.tactical_moves(pos, &mut moves) {
            self.generate(pos, &mut moves);
            moves.retain(|&(m, _)| Self::is_tactical(pos, m));
        }
        let tt_move = entry.and_then(|e| e.mv);
        self.score_moves(pos, &mut moves, tt_move, ply);
        let mut result = None;
        for i in 0..moves.len() {
            let m = Self::pick(&mut moves, i);
            if !self.see_ge(pos, m, pc_beta - eval) {
                continue;
            }
            let mut child = *pos;
            child.play(self.v, m);
            let gives_check = child.is_check(self.v);
            self.hashes.push(child.hash());
            self.played[ply] = m;
            self.played_keys[ply] = self.played_key(pos, m);
            let window = (-pc_beta, -pc_beta + 1);
            let mut s = -self.qsearch(&child, window.0, window.1, ply + 1, gives_check, 0);
            if s >= pc_beta && !self.stopped {
                s = -self.negamax(
                    &child,
                    depth - 4,
                    window.0,
                    window.1,
                    ply + 1,
                    gives_check,
                    true,
                );
            }
            self.hashes.pop();
            if self.stopped {
                result = Some(0);
                break;
            }
            if s >= pc_beta {
                self.tt
                    .store(pos.hash(), Some(m), to_tt(s, ply), depth - 3, Bound::Lower);
                result = Some(s);
                break;
            }
        }
        self.move_lists[ply] = moves;
        result
    }

    /// The singular extension of the table's move `m` at `node`: where the table says that
    /// `m` scored at least some value, and a shallower search without `m` finds every other
    /// move well below that value, `m` is the only good move and is searched a ply deeper
    /// (`Ok(1)`). Where even the other moves reach beta, several moves refute the opponent's
    /// last move and the node fails high at once (`Err(score)`, a multi-cut).
    pub(super) fn singular(&mut self, pos: &Position<B>, node: &Node, m: Move) -> Result<i32, i32> {
        let Node {
            depth,
            beta,
            ply,
            in_check,
            tt_entry,
            ..
        } = *node;
        let Some(e) = tt_entry else {
            return Ok(0);
        };
        let tt_score = from_tt(e.score, ply);
        if ply == 0
            || depth < 7
            || e.bound == Bound::Upper
            || (e.depth as i32) < depth - 3
            || tt_score.abs() >= MATE_BOUND
            || self.excluded[ply].is_some()
        {
            return Ok(0);
        }
        let singular_beta = tt_score - 2 * depth;
        self.excluded[ply] = Some(m);
        let s = self.negamax(
            pos,
            (depth - 1) / 2,
            singular_beta - 1,
            singular_beta,
            ply,
            in_check,
            false,
        );
        self.excluded[ply] = None;
        if s < singular_beta {
            Ok(1)
        } else if singular_beta >= beta {
            Err(singular_beta)
        } else {
            Ok(0)
        }
    }

    /// How many plies deeper the move `m` of `node` is searched: the table's move where it is
    /// singular (or `Err(score)`: a multi-cut), and a check that does not give its piece away
    /// by the exchange (every check where the exchange means nothing).
    pub(super) fn extension(
        &mut self,
        pos: &Position<B>,
        node: &Node,
        m: Move,
        gives_check: bool,
    ) -> Result<i32, i32> {
        if Some(m) == node.tt_move {
            let e = self.singular(pos, node, m)?;
            if e > 0 {
                return Ok(e);
            }
        }
        Ok((gives_check && (!self.see_ok || self.see_ge(pos, m, 0))) as i32)
    }

    /// May the move with `facts`, the `searched`-th of `node` (at least one searched before,
    /// and not every one so far losing to a mate), be left out? Near the horizon and away
    /// from the principal variation: late quiet moves (more of them when the side to move is
    /// not improving), quiet moves that even a good gain would leave far below alpha, and
    /// captures that lose material. A move that gives check is always searched.
    pub(super) fn skip_move(
        &self,
        (pos, m): (&Position<B>, Move),
        node: &Node,
        alpha: i32,
        searched: usize,
        facts: MoveFacts,
    ) -> bool {
        let Node {
            depth,
            pv_node,
            in_check,
            static_eval,
            improving,
            ..
        } = *node;
        if !self.quiet_pruning || pv_node || in_check || facts.gives_check {
            return false;
        }
        if facts.capture {
            // a capture that loses more than the depth allows
            return if self.see_ok {
                depth <= 5 && !self.see_ge(pos, m, -100 * depth)
            } else {
                depth <= 2 && facts.order < ordering::COUNTER
            };
        }
        let d = depth as usize;
        let late_moves = if improving { 4 + d * d } else { 3 + d * d / 2 };
        if depth <= 5 && (searched >= late_moves || static_eval + 80 + 90 * depth <= alpha) {
            return true;
        }
        // a quiet move that has done badly here and after the opponent's last moves
        if depth <= 4 && facts.order < -4000 * depth {
            return true;
        }
        // a quiet move that leaves its piece where the exchange loses it
        self.see_ok && depth <= 6 && !self.see_ge(pos, m, -30 * depth * depth)
    }

    /// How many plies less the `searched`-th move of `node`, with `facts`, is first searched
    /// (a late-move reduction): quiet moves only, more for later moves, deeper nodes and a
    /// side that is not improving, less at PV nodes, for the killer and counter moves and for
    /// moves with a good history.
    pub(super) fn reduction(&self, node: &Node, searched: usize, facts: MoveFacts) -> i32 {
        let Node {
            depth,
            pv_node,
            in_check,
            improving,
            ..
        } = *node;
        if depth < 3 || facts.capture || in_check || facts.gives_check || searched < 2 {
            return 0;
        }
        let mut r = self.lmr[(depth as usize).min(63)][searched.min(63)];
        if pv_node {
            r -= 1;
        }
        if !improving {
            r += 1;
        }
        if facts.order >= ordering::COUNTER {
            // a killer or the counter move
            r -= 1;
        } else if facts.order < ordering::LOSING_CAPTURE {
            // a quiet move: by its history and continuation history (each within +-16384)
            r -= facts.order / 8000;
        }
        r.min(depth - 2).max(0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::with_searcher;
    use super::super::{Node, INF};

    /// The extension of the move `uci` in the chess position `fen`, at a node without a move
    /// from the table.
    fn extension(fen: &str, uci: &str) -> i32 {
        with_searcher(fen, uci, |s, p, m| {
            let node = Node {
                depth: 6,
                alpha: -INF,
                beta: INF,
                ply: 1,
                in_check: false,
                pv_node: false,
                tt_move: None,
                tt_entry: None,
                static_eval: 0,
                correction: 0,
                pawns: super::super::correction::NO_PAWNS,
                improving: false,
                key: p.hash(),
            };
            let mut child = *p;
            child.play(s.v, m);
            let gives_check = child.is_check(s.v);
            s.extension(p, &node, m, gives_check).unwrap()
        })
    }

    #[test]
    fn a_check_is_searched_deeper_unless_it_gives_its_piece_away() {
        // the knight checks from d6, where nothing takes it
        assert_eq!(extension("4k3/6p1/8/8/4N3/8/8/4K3 w - - 0 1", "e4d6"), 1);
        // from f6 the pawn on g7 takes it
        assert_eq!(extension("4k3/6p1/8/8/4N3/8/8/4K3 w - - 0 1", "e4f6"), 0);
        // no check, no extension
        assert_eq!(extension("4k3/6p1/8/8/4N3/8/8/4K3 w - - 0 1", "e4c5"), 0);
        // the queen takes a defended pawn with check: a pawn for the queen
        assert_eq!(extension("4k3/5p2/4p3/8/8/8/8/4QK2 w - - 0 1", "e1e6"), 0);
    }
}
