//! The search worker: one thread that owns an [`Engine`] and runs its jobs one after another,
//! for every front end (the GUI's computer player and analysis, the UCI loop).
//!
//! A job is a search of a [`Game`] within [`Limits`], or a perft count per root move; each has
//! its own stop flag. Engine settings (hash size, level, `MultiPV`, seed, new game) travel
//! through the same channel, so they apply between jobs, in the order they were sent. The
//! worker answers with typed [`Event`]s: a [`Report`] after each completed depth (the line as
//! moves, the score as a [`Score`](super::Score)), each root move's perft count, and exactly
//! one final event per job ([`Event::BestMove`] or [`Event::PerftDone`]). Workers are
//! independent: several may run at once (the GUI analyses while the computer thinks).
//!
//! Events go to a sink that runs on the worker's thread and also receives the job's game (to
//! write moves in a notation): [`Worker::new`] queues them for [`Worker::poll`] and wakes the
//! caller (a GUI's `request_repaint`); [`Worker::with_sink`] and [`Worker::scoped`] hand them
//! to a closure (the UCI loop writes its lines there, the scoped form for an output that does
//! not live forever).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::{Engine, Limits, Report};
use crate::game::Game;
use crate::types::Move;

/// A job's number, from 1, increasing in the order jobs are sent to one worker.
pub type JobId = u64;

/// An engine setting, applied after the jobs sent before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// Resize the transposition table to about this many megabytes (it is cleared).
    Hash(usize),
    /// The level, 1 (beginner) to 10 (full strength); see [`Engine::set_level`].
    Level(u8),
    /// How many best lines each search reports; see [`Engine::set_multipv`].
    MultiPv(usize),
    /// How many threads search; see [`Engine::set_threads`].
    Threads(usize),
    /// Seed the engine's random choices, for reproducible games.
    Seed(u64),
    /// Forget what earlier searches learned (a new game).
    NewGame,
}

/// The total of a perft job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftTotal {
    /// Leaves counted under the root moves that were counted.
    pub nodes: u64,
    /// Root moves counted.
    pub counted: usize,
    /// Legal root moves.
    pub moves: usize,
}

impl PerftTotal {
    /// Was every root move counted (the job was not stopped)?
    pub fn complete(&self) -> bool {
        self.counted == self.moves
    }
}

/// What a worker reports about its jobs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A completed depth of a search (one event per line when `MultiPV` asks for several).
    Report {
        /// The job.
        job: JobId,
        /// The depth, score and principal variation.
        report: Report,
    },
    /// A search's answer; the job is over.
    BestMove {
        /// The job.
        job: JobId,
        /// The move to play, `None` when there is no legal move (the game is over).
        best: Option<Move>,
    },
    /// One root move's count of a perft job.
    PerftMove {
        /// The job.
        job: JobId,
        /// The root move.
        mv: Move,
        /// Leaves under it.
        nodes: u64,
    },
    /// A perft job's total; the job is over.
    PerftDone {
        /// The job.
        job: JobId,
        /// The total, and whether every root move was counted.
        total: PerftTotal,
    },
}

impl Event {
    /// The job the event belongs to.
    pub fn job(&self) -> JobId {
        match self {
            Event::Report { job, .. }
            | Event::BestMove { job, .. }
            | Event::PerftMove { job, .. }
            | Event::PerftDone { job, .. } => *job,
        }
    }

    /// Is this the job's last event?
    pub fn is_final(&self) -> bool {
        matches!(self, Event::BestMove { .. } | Event::PerftDone { .. })
    }
}

/// What travels to the worker's thread.
enum Message {
    Think {
        job: JobId,
        game: Box<Game>,
        limits: Limits,
        stop: Arc<AtomicBool>,
    },
    Perft {
        job: JobId,
        game: Box<Game>,
        depth: u32,
        stop: Arc<AtomicBool>,
    },
    Set(Setting),
}

/// The last job the thread finished (jobs finish in order), for [`Worker::wait`].
#[derive(Default)]
struct Finished {
    last: Mutex<JobId>,
    changed: Condvar,
}

impl Finished {
    fn set(&self, job: JobId) {
        if let Ok(mut last) = self.last.lock() {
            *last = (*last).max(job);
        }
        self.changed.notify_all();
    }

    fn get(&self) -> JobId {
        self.last.lock().map(|l| *l).unwrap_or(JobId::MAX)
    }
}

/// Marks every job finished when the thread ends, however it ends, so no one waits forever.
struct Gone(Arc<Finished>);

impl Drop for Gone {
    fn drop(&mut self) {
        self.0.set(JobId::MAX);
    }
}

/// A search thread and the way to talk to it. Dropping it stops its jobs and ends the thread.
pub struct Worker {
    jobs: Option<Sender<Message>>,
    events: Option<Receiver<Event>>,
    thread: Option<JoinHandle<()>>,
    /// Jobs sent and not yet seen finished, with their stop flags.
    pending: Vec<(JobId, Arc<AtomicBool>)>,
    next_id: JobId,
    finished: Arc<Finished>,
}

impl Worker {
    /// A worker whose events are queued for [`Worker::poll`]; `wake` is called after each one
    /// is queued (a GUI passes its `request_repaint`). The engine starts with a
    /// transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize, wake: impl Fn() + Send + 'static) -> Worker {
        let (tx, rx) = channel();
        let mut w = Worker::with_sink(hash_mb, move |_: &Game, e: Event| {
            let _ = tx.send(e);
            wake();
        });
        w.events = Some(rx);
        w
    }

    /// A worker that hands each event, with the job's game, to `sink` on its own thread.
    pub fn with_sink(hash_mb: usize, sink: impl FnMut(&Game, Event) + Send + 'static) -> Worker {
        let (tx, rx) = channel();
        let finished = Arc::new(Finished::default());
        let done = finished.clone();
        let thread = std::thread::Builder::new()
            .name("myriad-search".into())
            .spawn(move || serve(hash_mb, rx, sink, done))
            .expect("the search thread starts");
        Worker::around(tx, Some(thread), finished)
    }

    /// Like [`Worker::with_sink`], on a thread of `scope`, so `sink` may borrow what outlives
    /// the scope (the UCI loop's output). Drop the worker before the scope ends: its thread
    /// runs until the worker is dropped.
    pub fn scoped<'scope, 'env>(
        scope: &'scope std::thread::Scope<'scope, 'env>,
        hash_mb: usize,
        sink: impl FnMut(&Game, Event) + Send + 'scope,
    ) -> Worker {
        let (tx, rx) = channel();
        let finished = Arc::new(Finished::default());
        let done = finished.clone();
        std::thread::Builder::new()
            .name("myriad-search".into())
            .spawn_scoped(scope, move || serve(hash_mb, rx, sink, done))
            .expect("the search thread starts");
        Worker::around(tx, None, finished)
    }

    fn around(
        jobs: Sender<Message>,
        thread: Option<JoinHandle<()>>,
        finished: Arc<Finished>,
    ) -> Worker {
        Worker {
            jobs: Some(jobs),
            events: None,
            thread,
            pending: Vec::new(),
            next_id: 1,
            finished,
        }
    }

    /// Sends a job; returns its number and stop flag.
    fn send(&mut self, make: impl FnOnce(JobId, Arc<AtomicBool>) -> Message) -> JobId {
        let job = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.prune();
        self.pending.push((job, stop.clone()));
        let sent = self
            .jobs
            .as_ref()
            .is_some_and(|tx| tx.send(make(job, stop)).is_ok());
        if !sent {
            // the thread is gone (it never leaves on its own): the job can never run
            self.finished.set(JobId::MAX);
        }
        job
    }

    /// Searches `game` within `limits` after the jobs already sent; returns the job's number.
    /// Reports follow, then one [`Event::BestMove`].
    pub fn think(&mut self, game: Game, limits: Limits) -> JobId {
        self.send(|job, stop| Message::Think {
            job,
            game: Box::new(game),
            limits,
            stop,
        })
    }

    /// Counts the leaves `depth` plies below each legal move of `game` (setup steps count as
    /// plies); an [`Event::PerftMove`] for each root move as soon as it is counted, then one
    /// [`Event::PerftDone`].
    pub fn perft(&mut self, game: Game, depth: u32) -> JobId {
        self.send(|job, stop| Message::Perft {
            job,
            game: Box::new(game),
            depth,
            stop,
        })
    }

    /// Changes a setting of the engine, after the jobs already sent.
    pub fn set(&mut self, setting: Setting) {
        if let Some(tx) = &self.jobs {
            let _ = tx.send(Message::Set(setting));
        }
    }

    /// Asks every job sent so far to stop. A stopped search still answers with the best move
    /// of its last completed depth (a legal move in any case), a stopped perft with what it
    /// counted; jobs that had not begun run and end at once.
    pub fn stop(&mut self) {
        self.prune();
        for (_, stop) in &self.pending {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Asks one job to stop (see [`Worker::stop`]).
    pub fn stop_job(&mut self, job: JobId) {
        if let Some((_, stop)) = self.pending.iter().find(|(j, _)| *j == job) {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// Has `job` sent its final event?
    pub fn is_finished(&self, job: JobId) -> bool {
        self.finished.get() >= job
    }

    /// The newest job not finished yet, if any.
    pub fn current(&self) -> Option<JobId> {
        let last = self.finished.get();
        self.pending.last().map(|(j, _)| *j).filter(|j| *j > last)
    }

    /// Is some job sent and not finished?
    pub fn is_busy(&self) -> bool {
        self.current().is_some()
    }

    /// Blocks until `job` has sent its final event (through the sink: with
    /// [`Worker::with_sink`] the sink has handled it when this returns).
    pub fn wait(&mut self, job: JobId) {
        let f = &self.finished;
        if let Ok(last) = f.last.lock() {
            let _unused = f.changed.wait_while(last, |last| *last < job);
        }
        self.prune();
    }

    /// Blocks until every job sent so far has finished.
    pub fn wait_all(&mut self) {
        self.wait(self.next_id - 1);
    }

    /// The events that arrived since the last call (only for a worker made by
    /// [`Worker::new`]; the others hand their events to their sink).
    pub fn poll(&mut self) -> Vec<Event> {
        let Some(rx) = &self.events else {
            return Vec::new();
        };
        let events: Vec<Event> = rx.try_iter().collect();
        events.iter().for_each(|e| self.saw(e));
        events
    }

    /// The next event, waiting at most `timeout` for it (only for a worker made by
    /// [`Worker::new`]).
    pub fn recv_timeout(&mut self, timeout: Duration) -> Option<Event> {
        let e = self.events.as_ref()?.recv_timeout(timeout).ok()?;
        self.saw(&e);
        Some(e)
    }

    /// A job whose final event the caller has received is finished, even if the thread has
    /// not yet marked it so (it does right after handing the event over): without this, a
    /// GUI that polled a `BestMove` could still see its job as running for a moment.
    fn saw(&self, e: &Event) {
        if e.is_final() {
            self.finished.set(e.job());
        }
    }

    /// Forgets the stop flags of finished jobs.
    fn prune(&mut self) {
        let last = self.finished.get();
        self.pending.retain(|(j, _)| *j > last);
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop();
        self.jobs = None; // closes the channel: the thread ends after its current job
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The worker's thread: runs jobs and settings in order until the channel closes.
fn serve(
    hash_mb: usize,
    jobs: Receiver<Message>,
    mut sink: impl FnMut(&Game, Event),
    finished: Arc<Finished>,
) {
    let _gone = Gone(finished.clone());
    let mut settings = vec![Setting::Hash(hash_mb)];
    let mut engine = Engine::new(hash_mb);
    while let Ok(message) = jobs.recv() {
        let (job, game, fallback) = match message {
            Message::Set(s) => {
                apply(&mut engine, s);
                // what a fresh engine needs to be this one again (after a panic)
                settings.retain(|old| std::mem::discriminant(old) != std::mem::discriminant(&s));
                settings.push(s);
                continue;
            }
            Message::Think {
                job,
                game,
                limits,
                stop,
            } => {
                let ran = catch_unwind(AssertUnwindSafe(|| {
                    let best = engine.think(&game, &limits, &stop, &mut |r: &Report| {
                        let report = r.clone();
                        sink(&game, Event::Report { job, report });
                    });
                    sink(&game, Event::BestMove { job, best });
                }));
                (
                    job,
                    game,
                    ran.err().map(|_| Event::BestMove { job, best: None }),
                )
            }
            Message::Perft {
                job,
                game,
                depth,
                stop,
            } => {
                let mut total = PerftTotal {
                    nodes: 0,
                    counted: 0,
                    moves: game.legal_moves().len(),
                };
                let ran = catch_unwind(AssertUnwindSafe(|| {
                    let mut scratch = (*game).clone();
                    scratch.perft_divide_until(depth, &stop, |mv, nodes| {
                        total.nodes += nodes;
                        total.counted += 1;
                        sink(&game, Event::PerftMove { job, mv, nodes });
                    });
                }));
                let last = Event::PerftDone { job, total };
                match ran {
                    Ok(()) => {
                        sink(&game, last);
                        (job, game, None)
                    }
                    Err(_) => (job, game, Some(last)),
                }
            }
        };
        if let Some(last) = fallback {
            // The job panicked (a bug, already printed by the panic hook): its engine may be
            // half-updated, so a fresh one takes over, and the job still gets its final event.
            engine = Engine::new(hash_mb);
            for s in &settings {
                apply(&mut engine, *s);
            }
            let _ = catch_unwind(AssertUnwindSafe(|| sink(&game, last)));
        }
        finished.set(job);
    }
}

fn apply(engine: &mut Engine, s: Setting) {
    match s {
        Setting::Hash(mb) => engine.set_hash(mb),
        Setting::Level(l) => engine.set_level(l),
        Setting::MultiPv(n) => engine.set_multipv(n),
        Setting::Threads(n) => engine.set_threads(n),
        Setting::Seed(seed) => engine.set_seed(seed),
        Setting::NewGame => engine.new_game(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess() -> Game {
        Game::new_seeded(crate::rules::load("chess").unwrap(), 0)
    }

    fn events_of(w: &mut Worker, job: JobId) -> Vec<Event> {
        let mut out = Vec::new();
        while let Some(e) = w.recv_timeout(Duration::from_secs(60)) {
            let last = e.job() == job && e.is_final();
            out.push(e);
            if last {
                return out;
            }
        }
        panic!("job {job} never ended: {out:?}");
    }

    #[test]
    fn a_search_reports_each_depth_then_answers() {
        let mut w = Worker::new(1, || {});
        let job = w.think(
            chess(),
            Limits {
                depth: Some(3),
                ..Limits::default()
            },
        );
        let events = events_of(&mut w, job);
        let depths: Vec<u32> = events
            .iter()
            .filter_map(|e| match e {
                Event::Report { report, .. } => Some(report.depth),
                _ => None,
            })
            .collect();
        assert_eq!(depths, [1, 2, 3]);
        let Some(Event::BestMove { best: Some(m), .. }) = events.last() else {
            panic!("{events:?}");
        };
        assert!(chess().is_legal(*m));
        assert!(w.is_finished(job));
        assert_eq!(w.current(), None);
    }

    #[test]
    fn perft_counts_each_root_move_and_totals() {
        let mut w = Worker::new(1, || {});
        let job = w.perft(chess(), 2);
        let events = events_of(&mut w, job);
        assert_eq!(events.len(), 21);
        assert!(events[..20]
            .iter()
            .all(|e| matches!(e, Event::PerftMove { nodes: 20, .. })));
        let Event::PerftDone { total, .. } = events[20] else {
            panic!("{events:?}");
        };
        assert_eq!((total.nodes, total.counted, total.moves), (400, 20, 20));
        assert!(total.complete());
    }

    #[test]
    fn a_stopped_infinite_search_still_answers_and_two_workers_run_at_once() {
        let mut a = Worker::new(1, || {});
        let mut b = Worker::new(1, || {});
        let infinite = Limits {
            infinite: true,
            ..Limits::default()
        };
        let ja = a.think(chess(), infinite.clone());
        let jb = b.think(chess(), infinite);
        std::thread::sleep(Duration::from_millis(50));
        assert!(!a.is_finished(ja) && !b.is_finished(jb));
        a.stop();
        a.wait(ja);
        assert!(
            !b.is_finished(jb),
            "stopping one worker leaves the other alone"
        );
        b.stop_job(jb);
        b.wait_all();
        for (w, j) in [(&mut a, ja), (&mut b, jb)] {
            let last = events_of(w, j).pop().unwrap();
            assert!(matches!(last, Event::BestMove { best: Some(_), .. }));
        }
    }

    #[test]
    fn settings_apply_in_order_and_forced_steps_answer_at_once() {
        let v = crate::rules::load("placement").unwrap();
        let mut g = Game::new_with_setup(v);
        let first = g.legal_moves()[1];
        g.play(first).unwrap();
        let forced = g.forced_move().unwrap().mv;
        let mut w = Worker::new(1, || {});
        w.set(Setting::Level(3));
        w.set(Setting::Seed(5));
        w.set(Setting::NewGame);
        let job = w.think(
            g,
            Limits {
                movetime: Some(Duration::from_secs(600)),
                ..Limits::default()
            },
        );
        let events = events_of(&mut w, job);
        assert_eq!(
            events,
            [Event::BestMove {
                job,
                best: Some(forced)
            }]
        );
    }
}
