//! Lazy SMP: the threads past the first ("helpers") search the same position with their
//! own move-ordering statistics, sharing only the transposition table, so that what one finds
//! orders and cuts the others' trees (as Stockfish has done since 2015). Every other helper
//! searches each iteration a ply deeper than the first thread. When the first thread stops,
//! the helpers stop, and the move played is that of the deepest iteration any thread
//! completed ([`vote`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::alphabeta::{Control, Heuristics, Outcome, Searcher};
use super::tt::Tt;
use super::Report;
use crate::position::Position;
use crate::variant::{TablesFor, Variant};

/// Searches `pos` on the calling thread and on one helper thread per entry of `helpers`
/// (their statistics); reports the first thread's iterations as they complete, and the
/// chosen helper's last one if a helper's result is played.
pub(super) fn search<B: TablesFor>(
    (v, pos, hashes): (&Variant, &Position<B>, Vec<u64>),
    tt: &Tt,
    (first, helpers): (&mut Heuristics, &mut [Heuristics]),
    ctl: Control<'_>,
    on_report: &mut dyn FnMut(&Report),
) -> Outcome {
    let start = Instant::now();
    let done = AtomicBool::new(false);
    let total = AtomicU64::new(0);
    let ctl = Control {
        total: Some(&total),
        ..ctl
    };
    let (out, report) = std::thread::scope(|scope| {
        let handles: Vec<_> = (helpers.iter_mut().enumerate())
            .map(|(i, h)| {
                let ctl = ctl.helper(&done, (i % 2 == 0) as u32);
                let hashes = hashes.clone();
                let pos = *pos;
                scope.spawn(move || {
                    let mut last = None;
                    let mut keep = |r: &Report| last = Some(r.clone());
                    let out = Searcher::<B>::new(v, tt, h, ctl, hashes).run(&pos, &mut keep);
                    (out, last)
                })
            })
            .collect();
        let out = Searcher::<B>::new(v, tt, first, ctl, hashes).run(pos, on_report);
        done.store(true, Ordering::Relaxed);
        vote(out, handles.into_iter().filter_map(|h| h.join().ok()))
    });
    if let Some(mut r) = report {
        // (as of now: the nodes and time of the whole search)
        r.time = start.elapsed();
        r.nodes = total.load(Ordering::Relaxed).max(r.nodes);
        r.nps = (r.nodes as f64 / r.time.as_secs_f64().max(1e-6)) as u64;
        on_report(&r);
    }
    out
}

/// The result to play: the first thread's, unless a helper completed a deeper iteration
/// (with a move, and a report of it to show); then the deepest helper's (the first of
/// them on a tie), with its last report. A helper a ply ahead may have finished the
/// iteration the first thread was still in when time ran out.
pub(super) fn vote(
    first: Outcome,
    helpers: impl IntoIterator<Item = (Outcome, Option<Report>)>,
) -> (Outcome, Option<Report>) {
    let mut best = (first, None);
    for (out, last) in helpers {
        if out.depth > best.0.depth && out.best.is_some() && last.is_some() {
            best = (out, last);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::{vote, Outcome, Report};
    use crate::search::Score;
    use crate::types::{Move, Square};
    use std::time::Duration;

    fn outcome(from: u8, depth: u32) -> Outcome {
        Outcome {
            best: Some(Move::normal(Square(from), Square(from + 8))),
            score: 10 * depth as i32,
            depth,
        }
    }

    fn report(depth: u32) -> Option<Report> {
        Some(Report {
            depth,
            seldepth: depth,
            multipv: 1,
            score: Score::Cp(10 * depth as i32),
            nodes: 1,
            nps: 1,
            time: Duration::ZERO,
            pv: vec![],
        })
    }

    #[test]
    fn the_deepest_completed_iteration_is_played() {
        // a helper a ply deeper wins, with its report
        let (out, r) = vote(outcome(8, 11), [(outcome(9, 12), report(12))]);
        assert_eq!(out.best, outcome(9, 12).best);
        assert_eq!((out.depth, r.map(|r| r.depth)), (12, Some(12)));
        // on a tie the first thread keeps its move and nothing more is reported
        let (out, r) = vote(outcome(8, 12), [(outcome(9, 12), report(12))]);
        assert_eq!((out.best, r), (outcome(8, 12).best, None));
        // a shallower helper does not count; of two deeper ones the deepest does
        let helpers = [
            (outcome(9, 10), report(10)),
            (outcome(10, 13), report(13)),
            (outcome(11, 14), report(14)),
            (outcome(12, 14), report(14)),
        ];
        let (out, _) = vote(outcome(8, 12), helpers);
        assert_eq!(out.best, outcome(11, 14).best);
        // a helper without a move or without a report to show is passed over
        let none = Outcome {
            best: None,
            score: 0,
            depth: 20,
        };
        let helpers = [(none, report(20)), (outcome(9, 15), None)];
        assert_eq!(vote(outcome(8, 3), helpers).0.best, outcome(8, 3).best);
    }
}
