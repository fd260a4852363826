//! The AI: iterative deepening alpha-beta search and an evaluation derived from the rules file.
//!
//! [`Engine::think`] works in every phase of every game: during the setup phase it chooses its
//! own swaps (a short search of each array it can reach, with some variety); in the game proper
//! it runs an iterative deepening negamax search and reports after each completed depth (the
//! Rustic style). It stops when a [`Limits`] bound is reached or when the caller sets the stop
//! flag, and it always answers with a legal move of the game.

mod alphabeta;
mod eval;
mod goal_eval;
pub mod levels;
pub mod material;
#[cfg(feature = "sample")]
mod sample;
mod smp;
mod tt;
pub mod weights;
pub mod worker;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::position::{AnyPosition, Position};
use crate::types::rng::Rng;
use crate::types::{Big, Color, Move};
use crate::variant::{TablesFor, Variant};
use alphabeta::{Control, Heuristics, Searcher};
use tt::Tt;

pub use levels::{level_params, setup_sees_replies, LevelParams};
use levels::{setup_judge_budget, setup_noise};

pub use alphabeta::MATE;

/// Bounds on one search. Every field is optional; with none set (and `infinite` false) the
/// search runs until it is stopped or reaches the deepest depth the level allows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Search to this depth (in plies) and no deeper.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think exactly this long.
    pub movetime: Option<Duration>,
    /// White's remaining clock time.
    pub wtime: Option<Duration>,
    /// Black's remaining clock time.
    pub btime: Option<Duration>,
    /// White's increment per move.
    pub winc: Option<Duration>,
    /// Black's increment per move.
    pub binc: Option<Duration>,
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Search until told to stop (`go infinite`).
    pub infinite: bool,
}

/// A search score from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in `n` moves (not plies); negative when the side to move is being mated.
    Mate(i32),
}

/// What the search knows after a completed depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The completed depth.
    pub depth: u32,
    /// The deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Which line this is, from 1 (the best) to the `MultiPV` setting.
    pub multipv: u32,
    /// The score of the best line.
    pub score: Score,
    /// Nodes searched so far in this search.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time spent so far.
    pub time: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

/// A searching engine: its transposition table, move-ordering statistics and level.
pub struct Engine {
    tt: Tt,
    /// The variant whose positions the table holds (its address): the table is emptied when
    /// it changes.
    tt_variant: usize,
    heuristics: Heuristics,
    /// The helper threads' own move-ordering statistics (Lazy SMP): one for each thread past
    /// the first.
    helpers: Vec<Heuristics>,
    level: u8,
    rng: Rng,
    multipv: usize,
}

/// The most threads a search uses.
pub const MAX_THREADS: usize = 64;

/// The threads a front end where a person waits for the answer searches with (the GUI, `myriad
/// play`): every core, up to 8. The UCI engine starts with one, as Stockfish does: the
/// program driving it chooses.
pub fn interactive_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8)
}

/// Time kept in reserve for the answer to reach the other side, on a clock.
const OVERHEAD: Duration = Duration::from_millis(15);

/// Time kept in reserve under `go movetime`: the caller chose the search's length (and keeps
/// its own margin where a clock runs: the GUI asks for at most a fifth of what is left), so
/// only the reply itself needs time. Stockfish, too, spends the whole movetime.
const MOVETIME_OVERHEAD: Duration = Duration::from_millis(2);

impl Engine {
    /// An engine with a transposition table of about `hash_mb` megabytes, at full strength.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: Tt::new(hash_mb),
            tt_variant: 0,
            heuristics: Heuristics::new(),
            helpers: Vec::new(),
            level: 10,
            rng: Rng::from_entropy(),
            multipv: 1,
        }
    }

    /// Resizes the transposition table (the UCI `Hash` option); clears it.
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.tt = Tt::new(hash_mb);
    }

    /// How many threads search (the UCI `Threads` option), from 1 to [`MAX_THREADS`].
    ///
    /// The threads past the first help by Lazy SMP, as Stockfish's do: each runs its own
    /// iterative deepening on the same position (every other one a ply deeper, so that they
    /// spread out), and they share only the transposition table, so that what one finds
    /// orders and cuts the others' trees. The move of the deepest iteration that any thread
    /// completed is played (the first thread's on a tie), and the reports count the nodes
    /// of all the threads. They help only a full-strength search of one line without a node
    /// limit: a weaker level's choice, a `MultiPV` search and `go nodes` stay on one thread,
    /// and so reproducible.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.resize_with(helpers, Heuristics::new);
    }

    /// How many threads search.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Seeds the random choices (setup variety, weaker levels), for reproducible games.
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng(seed);
    }

    /// Sets the level, from 1 ("beginner": shallow, some randomness) to 10 (full strength).
    pub fn set_level(&mut self, level: u8) {
        self.level = level.clamp(1, 10);
    }

    /// How many best lines each search reports (the UCI `MultiPV` option, at least 1); the
    /// move played is always the best line's.
    pub fn set_multipv(&mut self, lines: usize) {
        self.multipv = lines.max(1);
    }

    /// The level, 1..=10.
    pub fn level(&self) -> u8 {
        self.level
    }

    /// Forgets everything learned in earlier searches (transposition table, history).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
        self.helpers.iter_mut().for_each(Heuristics::clear);
    }

    /// Chooses a move for the side to act in `game`: a setup step (swap or pass) or a move of
    /// the game proper. Returns `None` only when there is no legal move (the game is over).
    /// `on_report` is called after each completed depth of the game-proper search (once for
    /// each line when [`Engine::set_multipv`] asks for more than one). A forced setup step
    /// ([`Game::forced_move`]: a mirror, or a step with one legal choice) is returned at once,
    /// without a search and without a report.
    pub fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_report: &mut dyn FnMut(&Report),
    ) -> Option<Move> {
        if let Some(forced) = game.forced_move() {
            return Some(forced.mv);
        }
        let legal = game.legal_moves();
        if legal.is_empty() {
            return None;
        }
        if game.in_setup() {
            // a setup step thinks no longer than the limits allow a move (a clock's share)
            let (soft, _) = time_budget(limits, game.turn(), Instant::now());
            let m = self.think_setup(game, stop, soft, limits.nodes);
            return Some(m.filter(|m| legal.contains(m)).unwrap_or(legal[0]));
        }
        let start = Instant::now();
        let level = level_params(self.level);
        let (soft, hard) = time_budget(limits, game.turn(), start);
        // the weaker levels weigh their few best moves at the root (`levels::pick`); the lines
        // beyond what the user asked for (`MultiPV`) are not reported
        let shown = self.multipv;
        let ctl = Control {
            stop,
            max_depth: limits.depth.unwrap_or(u32::MAX).min(level.depth).max(1),
            nodes: limits.nodes,
            hard,
            soft,
            noise: level.noise,
            noise_key: if level.noise > 0 {
                self.rng.next_u64()
            } else {
                0
            },
            learnt: level.learnt,
            single_reply: legal.len() == 1 && !limits.infinite && limits.depth.is_none(),
            multipv: shown.max(level.lines),
            exact: shown,
            margin: level.max_loss,
            skew: 0,
            total: None,
        };
        let hashes = history_hashes(game);
        // the root's lines of the deepest depth completed: (depth, score, first move)
        let mut lines: Vec<(u32, i32, Move)> = Vec::new();
        let mut report = |r: &Report| {
            if r.multipv == 1 {
                lines.clear();
            }
            if let Some(&m) = r.pv.first() {
                lines.push((r.depth, levels::internal(r.score), m));
            }
            if r.multipv as usize <= shown {
                on_report(r);
            }
        };
        let best = self.search_any(game.variant(), game.position(), hashes, ctl, &mut report);
        let best = if level.lines > 1 && lines.len() > 1 {
            let scored: Vec<(i32, Move)> = lines.iter().map(|&(_, s, m)| (s, m)).collect();
            levels::pick(&scored, &level, &mut self.rng).or(best.0)
        } else {
            best.0
        };
        // `go infinite` must not answer before it is told to stop
        if limits.infinite {
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        Some(best.filter(|m| legal.contains(m)).unwrap_or(legal[0]))
    }

    /// Runs the search on the position, dispatching once on the bit-set width.
    fn search_any(
        &mut self,
        v: &Variant,
        pos: &AnyPosition,
        hashes: Vec<u64>,
        ctl: Control<'_>,
        on_report: &mut dyn FnMut(&Report),
    ) -> (Option<Move>, i32) {
        match pos {
            AnyPosition::Small(p) => self.search_generic::<u64>(v, p, hashes, ctl, on_report),
            AnyPosition::Big(p) => self.search_generic::<Big>(v, p, hashes, ctl, on_report),
        }
    }

    fn search_generic<B: TablesFor>(
        &mut self,
        v: &Variant,
        pos: &Position<B>,
        hashes: Vec<u64>,
        ctl: Control<'_>,
        on_report: &mut dyn FnMut(&Report),
    ) -> (Option<Move>, i32) {
        let id = v as *const Variant as usize;
        if self.tt_variant != id {
            self.tt.clear();
            self.tt_variant = id;
        }
        let helped = ctl.multipv == 1 && ctl.noise == 0 && ctl.nodes.is_none();
        if !helped || self.helpers.is_empty() {
            let mut s = Searcher::<B>::new(v, &self.tt, &mut self.heuristics, ctl, hashes);
            let out = s.run(pos, on_report);
            return (out.best, out.score);
        }
        // Lazy SMP (`smp.rs`)
        let out = smp::search(
            (v, pos, hashes),
            &self.tt,
            (&mut self.heuristics, &mut self.helpers),
            ctl,
            on_report,
        );
        (out.best, out.score)
    }

    /// The setup phase: looks at every sequence of our own consecutive steps from here (the
    /// king's swap, then the queen's, ...) and, at the stronger levels, the opponent's steps
    /// after them (Black decides first, so Black assumes White's best answer: a minimax over
    /// the setup phase); judges each array it leads to with a short search of the resulting
    /// position (development, castling prospects, safety), adds noise for variety (more at
    /// the weaker levels), and plays the first step of the best sequence.
    ///
    /// The walk plays and takes back steps on one scratch copy of the game (not a copy per
    /// node): a step's legality depends on the whole setup phase so far (the `require`
    /// conditions, mirrors of earlier swaps), which the game keeps.
    fn think_setup(
        &mut self,
        game: &Game,
        stop: &AtomicBool,
        until: Option<Instant>,
        nodes: Option<u64>,
    ) -> Option<Move> {
        if game.placing() {
            return self.think_placement(game);
        }
        let mut g = game.clone();
        let legal = g.legal_moves();
        if legal.len() == 1 {
            return Some(legal[0]);
        }
        let us = g.turn();
        let mut best: Option<(i32, Move)> = None;
        let budget =
            (Instant::now() + Duration::from_millis(1500)).min(until.unwrap_or(far_future()));
        // Every array at the end of the lookahead is judged with the same search, sized so
        // that all of them fit the level's node budget: a line judged shallower than another
        // only because the walk reached it later would be compared unfairly.
        let leaves = legal
            .iter()
            .map(|&m| {
                g.push_legal(m);
                let n = self.setup_leaves(&mut g, us, 0);
                g.retract();
                n
            })
            .sum::<u64>()
            .max(1);
        let (depth, total) = setup_judge_budget(self.level);
        // `go nodes N` caps the whole lookahead too (found by the `uci_loop` fuzz target: a
        // 200-node `go` in Regroupment's setup phase searched the level's full budget)
        let total = nodes.map_or(total, |n| total.min(n));
        let judge = SetupJudge {
            depth,
            nodes: (total / leaves).clamp(if nodes.is_some() { 1 } else { 200 }, 20_000),
        };
        let noise = setup_noise(self.level);
        let mut cache = HashMap::new();
        for &m in &legal {
            g.push_legal(m);
            let s = self.best_setup_line(&mut g, us, stop, budget, 0, &judge, &mut cache);
            g.retract();
            let s = s + (self.rng.next_u64() % (2 * noise as u64 + 1)) as i32 - noise;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// A placement (Pre-Chess): each legal drop is judged by the static evaluation of the array
    /// it leaves, the pieces still in hand counted by their value, plus the castling rights it
    /// keeps, with a little noise. Incomplete positions (a king still in hand) are never
    /// searched: they cannot be played.
    fn think_placement(&mut self, game: &Game) -> Option<Move> {
        let v = game.variant();
        let us = game.turn();
        let mut best: Option<(i32, Move)> = None;
        for m in game.legal_moves() {
            let mut pos = *game.position();
            pos.play(v, m);
            pos.set_turn(us);
            let mut s = evaluate(v, &pos);
            for r in v.roles() {
                let value = v.role(r).value.unwrap_or(300);
                s += value * (pos.hand_count(us, r) as i32 - pos.hand_count(!us, r) as i32);
            }
            let rights = pos.castling_rights()[us];
            s += 15
                * [rights.king_side, rights.queen_side]
                    .iter()
                    .filter(|r| r.is_some())
                    .count() as i32;
            s += (self.rng.next_u64() % 21) as i32 - 10;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, m));
            }
        }
        best.map(|(_, m)| m)
    }

    fn sees_replies(&self) -> bool {
        setup_sees_replies(self.level)
    }

    /// The number of arrays [`Engine::best_setup_line`] judges below `game`.
    fn setup_leaves(&self, game: &mut Game, us: Color, depth: u32) -> u64 {
        if !game.in_setup() || depth >= SETUP_PLIES || (game.turn() != us && !self.sees_replies()) {
            return 1;
        }
        let mut n = 0;
        for m in game.legal_moves() {
            game.push_legal(m);
            n += self.setup_leaves(game, us, depth + 1);
            game.retract();
        }
        n.max(1)
    }

    /// The score `us` can reach from `game` by the setup steps still to come (up to
    /// [`SETUP_PLIES`] of them): the best of our own steps and, at the stronger levels, the
    /// opponent's best answer to them (Black decides first; White answers Black's array).
    #[allow(clippy::too_many_arguments)]
    fn best_setup_line(
        &mut self,
        game: &mut Game,
        us: Color,
        stop: &AtomicBool,
        budget: Instant,
        depth: u32,
        judge: &SetupJudge,
        cache: &mut HashMap<u64, i32>,
    ) -> i32 {
        let ours = game.turn() == us;
        if game.in_setup() && depth < SETUP_PLIES && (ours || self.sees_replies()) {
            let mut best: Option<i32> = None;
            for m in game.legal_moves() {
                game.push_legal(m);
                let s = self.best_setup_line(game, us, stop, budget, depth + 1, judge, cache);
                game.retract();
                best = Some(match best {
                    None => s,
                    Some(b) if ours => b.max(s),
                    Some(b) => b.min(s),
                });
            }
            if let Some(b) = best {
                return b;
            }
        }
        let key = game.position().hash() ^ u64::from(us == Color::Black);
        if let Some(&s) = cache.get(&key) {
            return s;
        }
        let s = self.judge_array(game, us, stop, budget, judge);
        cache.insert(key, s);
        s
    }

    /// How good the array of `game` is for `us`, as if the game proper began now.
    fn judge_array(
        &mut self,
        game: &Game,
        us: Color,
        stop: &AtomicBool,
        budget: Instant,
        judge: &SetupJudge,
    ) -> i32 {
        let v = game.variant();
        let array = game.position().array(v);
        let pos = AnyPosition::from_array(v, &array);
        let rights = pos.castling_rights();
        let castling = [rights[us].king_side, rights[us].queen_side]
            .iter()
            .filter(|r| r.is_some())
            .count() as i32;
        let depth = if Instant::now() < budget {
            judge.depth
        } else {
            1
        };
        let ctl = Control {
            learnt: level_params(self.level).learnt,
            ..Control::plain(stop, depth, Some(judge.nodes))
        };
        let (_, score) = self.search_any(v, &pos, vec![pos.hash()], ctl, &mut |_| {});
        let white = if pos.turn() == Color::White {
            score
        } else {
            -score
        };
        let mine = if us == Color::White { white } else { -white };
        mine + 15 * castling
    }
}

/// Plies of the setup phase the lookahead walks (both sides' steps at the stronger levels).
const SETUP_PLIES: u32 = 4;

/// How the setup lookahead judges the arrays it reaches: the depth and nodes of one search.
struct SetupJudge {
    depth: u32,
    nodes: u64,
}

/// The static evaluation of a position at full strength, in centipawns from the point of view
/// of the side to move (for tests and tools; the search caches its tables instead).
pub fn evaluate(v: &Variant, pos: &AnyPosition) -> i32 {
    match pos {
        AnyPosition::Small(p) => eval::EvalTables::<u64>::new(v).evaluate(v.tables(), p),
        AnyPosition::Big(p) => eval::EvalTables::<Big>::new(v).evaluate(v.tables(), p),
    }
}

/// The static evaluations of positions of `v` with the given weights, in centipawns from
/// White's point of view, derived from the rules file alone (without the learnt correction of
/// `eval/net.rs`): the Texel tuner (`examples/texel.rs`) calls it once per trial set of
/// weights, so the tables are built once for all the positions, and the network's trainer
/// learns what it misses (`examples/eval_dump.rs`).
pub fn evaluate_with(v: &Variant, positions: &[AnyPosition], w: weights::EvalWeights) -> Vec<i32> {
    // a variant's positions are all of one width: build the tables of that width only
    let any_big = positions.iter().any(|p| matches!(p, AnyPosition::Big(_)));
    let small = (!any_big).then(|| eval::EvalTables::<u64>::with_weights(v, w).without_net());
    let big = any_big.then(|| eval::EvalTables::<Big>::with_weights(v, w).without_net());
    positions
        .iter()
        .map(|pos| {
            let s = match (pos, &small, &big) {
                (AnyPosition::Small(p), Some(t), _) => t.evaluate(v.tables(), p),
                (AnyPosition::Big(p), _, Some(t)) => t.evaluate(v.tables(), p),
                _ => 0,
            };
            if pos.turn().is_white() {
                s
            } else {
                -s
            }
        })
        .collect()
}

/// The hashes of the game's positions since the setup phase, the current one last.
fn history_hashes(game: &Game) -> Vec<u64> {
    let mut v: Vec<u64> = game
        .history()
        .iter()
        .filter(|p| !p.mv.is_setup())
        .map(|p| p.before.hash())
        .collect();
    v.push(game.position().hash());
    v
}

/// An instant later than any search's end.
fn far_future() -> Instant {
    Instant::now() + Duration::from_secs(86_400)
}

/// The soft limit (no new iteration after it) and hard limit (stop at once) of a search.
fn time_budget(limits: &Limits, turn: Color, start: Instant) -> (Option<Instant>, Option<Instant>) {
    if limits.infinite {
        return (None, None);
    }
    if let Some(mt) = limits.movetime {
        let t = mt
            .saturating_sub(MOVETIME_OVERHEAD)
            .max(Duration::from_millis(1));
        return (Some(start + t), Some(start + t));
    }
    let (time, inc) = match turn {
        Color::White => (limits.wtime, limits.winc),
        Color::Black => (limits.btime, limits.binc),
    };
    let Some(time) = time else {
        return (None, None);
    };
    let inc = inc.unwrap_or_default();
    let mtg = limits.movestogo.unwrap_or(30).clamp(1, 40);
    let left = time.saturating_sub(OVERHEAD);
    let base = left / mtg + inc * 3 / 4;
    let hard = (base * 3).min(left / 3).max(Duration::from_millis(2));
    let soft = (base / 2).min(hard);
    (Some(start + soft), Some(start + hard))
}

#[cfg(test)]
mod tests {
    use super::{time_budget, Limits, MOVETIME_OVERHEAD, OVERHEAD};
    use crate::types::Color;
    use std::time::{Duration, Instant};

    #[test]
    fn movetime_is_spent_nearly_whole_and_a_clock_keeps_its_reserve() {
        let start = Instant::now();
        let ms = Duration::from_millis;
        let movetime = Limits {
            movetime: Some(ms(200)),
            ..Limits::default()
        };
        let (soft, hard) = time_budget(&movetime, Color::White, start);
        assert_eq!(hard, Some(start + ms(200) - MOVETIME_OVERHEAD));
        assert_eq!(soft, hard);
        // a clock with one move to go: at most a third of what is left after the reserve
        let clock = Limits {
            wtime: Some(ms(300)),
            movestogo: Some(1),
            ..Limits::default()
        };
        let (_, hard) = time_budget(&clock, Color::White, start);
        assert_eq!(hard, Some(start + (ms(300) - OVERHEAD) / 3));
    }
}
