//! When a search stops and how much it blurs its judgement: the caller's stop flag, a node
//! limit, time limits, and the evaluation noise of the weaker levels.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// When to stop: set up by the engine from the [`crate::search::Limits`] and the level.
#[derive(Clone, Copy)]
pub(crate) struct Control<'a> {
    /// The caller's stop flag.
    pub stop: &'a AtomicBool,
    /// Deepest iteration.
    pub max_depth: u32,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Stop inside an iteration at this instant.
    pub hard: Option<Instant>,
    /// Do not begin a new iteration after this instant.
    pub soft: Option<Instant>,
    /// Amplitude of the evaluation noise (weaker levels), in centipawns.
    pub noise: i32,
    /// Key mixed into the noise.
    pub noise_key: u64,
    /// Add the learnt correction to the evaluation where the network serves the game (full
    /// strength; [`crate::search::levels::LevelParams::learnt`]).
    pub learnt: bool,
    /// Leave after the first iteration (a forced move).
    pub single_reply: bool,
    /// How many best lines to search and report at each depth (UCI `MultiPV`); 1 normally.
    pub multipv: usize,
    /// The lines past the first `exact` are wanted only if they score at most `margin` below
    /// the best (a weaker level's candidates, [`crate::search::levels`]): they are searched
    /// with that bound, and the first that falls below it ends the depth's lines.
    pub exact: usize,
    /// See `exact`, in centipawns.
    pub margin: i32,
    /// Plies added to each iteration's depth (a Lazy SMP helper searching ahead of the
    /// first thread), within `max_depth`.
    pub skew: u32,
    /// The nodes of all the threads of a Lazy SMP search, counted in steps of 1024 (for
    /// the reports: a UCI front end shows the whole search's nodes and speed).
    pub total: Option<&'a AtomicU64>,
}

impl<'a> Control<'a> {
    /// A full-strength search of one line to `max_depth` (and `nodes`, if given), with no
    /// time limit: no noise, no second lines, the learnt correction where it serves.
    pub fn plain(stop: &'a AtomicBool, max_depth: u32, nodes: Option<u64>) -> Control<'a> {
        Control {
            stop,
            max_depth,
            nodes,
            hard: None,
            soft: None,
            noise: 0,
            noise_key: 0,
            learnt: true,
            single_reply: false,
            multipv: 1,
            exact: 1,
            margin: 0,
            skew: 0,
            total: None,
        }
    }

    /// The control of a Lazy SMP helper of this search: it stops when `done` is set (the
    /// first thread has its move) or at the hard time limit, never begins an iteration on
    /// its own account otherwise, and searches each iteration `skew` plies deeper.
    pub fn helper<'b>(&self, done: &'b AtomicBool, skew: u32) -> Control<'b>
    where
        'a: 'b,
    {
        Control {
            stop: done,
            soft: None,
            single_reply: false,
            skew,
            ..*self
        }
    }

    /// Must a search that has counted `nodes` nodes stop now? The flag and the clock are read
    /// once every 1024 nodes only: reading the clock costs more than searching a node.
    #[inline]
    pub fn must_stop(&self, nodes: u64) -> bool {
        if nodes & 1023 == 0 {
            if let Some(total) = self.total {
                total.fetch_add(1024, Ordering::Relaxed);
            }
            if self.stop.load(Ordering::Relaxed) {
                return true;
            }
            if self.hard.is_some_and(|h| Instant::now() >= h) {
                return true;
            }
        }
        self.nodes.is_some_and(|n| nodes >= n)
    }

    /// The nodes to report for a thread that has searched `nodes`: all the threads' where
    /// several search.
    pub fn reported_nodes(&self, nodes: u64) -> u64 {
        self.total
            .map_or(nodes, |t| t.load(Ordering::Relaxed).max(nodes))
    }

    /// Is there time left to begin another iteration?
    pub fn may_deepen(&self) -> bool {
        self.soft.is_none_or(|soft| Instant::now() < soft)
    }

    /// The noise added to the evaluation of the position with hash `key`: the same for the
    /// same position throughout a search (so that the search stays consistent), within
    /// `-noise..=noise`.
    #[inline]
    pub fn noise_for(&self, key: u64) -> i32 {
        let x = (key ^ self.noise_key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let amp = self.noise as u64;
        ((x >> 33) % (2 * amp + 1)) as i32 - self.noise
    }
}

#[cfg(test)]
mod tests {
    use super::Control;
    use std::sync::atomic::{AtomicBool, AtomicU64};

    #[test]
    fn the_threads_nodes_add_up_in_the_reports() {
        let stop = AtomicBool::new(false);
        let alone = Control::plain(&stop, 10, None);
        assert_eq!(alone.reported_nodes(5000), 5000);
        let total = AtomicU64::new(0);
        let first = Control {
            total: Some(&total),
            ..alone
        };
        let done = AtomicBool::new(false);
        let helper = first.helper(&done, 1);
        // each thread adds its nodes every 1024
        for n in 1..=3000u64 {
            assert!(!first.must_stop(n));
        }
        for n in 1..=5000u64 {
            assert!(!helper.must_stop(n));
        }
        assert_eq!(
            total.load(std::sync::atomic::Ordering::Relaxed),
            2048 + 4096
        );
        assert_eq!(first.reported_nodes(3000), 6144);
        // never fewer than the thread's own
        assert_eq!(first.reported_nodes(7000), 7000);
    }

    #[test]
    #[cfg_attr(
        not(feature = "net"),
        ignore = "the learnt correction is there only with `--features net`"
    )]
    fn the_learnt_correction_only_when_the_control_asks_for_it() {
        use super::super::{Heuristics, Searcher};
        use crate::position::Position;
        use crate::search::eval::EvalTables;
        use crate::search::tt::Tt;
        let v = crate::rules::load("chess").unwrap();
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let p = Position::<u64>::from_fen(&v, fen).unwrap();
        let stop = AtomicBool::new(false);
        let (tt, mut h) = (Tt::new(1), Heuristics::new());
        let full = Control::plain(&stop, 1, None);
        let derived_only = Control {
            learnt: false,
            ..full
        };
        let mut eval = |ctl| Searcher::<u64>::new(&v, &tt, &mut h, ctl, vec![p.hash()]).eval(&p);
        let with = eval(full);
        let without = eval(derived_only);
        let derived = EvalTables::<u64>::new(&v)
            .without_net()
            .evaluate(v.tables(), &p);
        assert_eq!(without, derived);
        assert_ne!(with, without);
        // the evaluations cached without the correction are not served to a search with it
        assert_eq!(eval(full), with);
    }
}
