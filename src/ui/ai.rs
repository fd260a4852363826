//! The computer player in a background thread: the window keeps drawing at full rate while it
//! thinks. One long-lived thread owns the engine (so its hash table survives between moves);
//! each job is a clone of the game and a stop flag; reports come back through a channel and
//! wake the UI with `request_repaint`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

use crate::game::Game;
use crate::types::Move;

/// One line of analysis, ready to show.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// Completed depth.
    pub depth: u32,
    /// The evaluation from White's point of view, as text ("+0.35", "#3", "-#2").
    pub score: String,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Seconds since the search started.
    pub seconds: f64,
    /// The principal variation in SAN.
    pub pv: Vec<String>,
}

/// What the worker sends back.
#[derive(Debug)]
pub enum AiEvent {
    /// A report after a completed depth.
    Report {
        /// The job it belongs to.
        job: u64,
        /// The analysis.
        analysis: Analysis,
    },
    /// The search finished (or was stopped) with this move.
    Done {
        /// The job it belongs to.
        job: u64,
        /// The best move, `None` if there was none (game over) or it was stopped too early.
        best: Option<Move>,
    },
}

struct Job {
    id: u64,
    game: Game,
    level: u8,
    stop: Arc<AtomicBool>,
}

/// The background worker. Dropping it stops the current search and ends the thread.
pub struct AiWorker {
    jobs: Option<Sender<Job>>,
    events: Receiver<AiEvent>,
    handle: Option<JoinHandle<()>>,
    current: Option<(u64, Arc<AtomicBool>)>,
    next_id: u64,
}

impl AiWorker {
    /// Starts the worker thread; `wake` is called whenever an event is sent.
    pub fn new(wake: impl Fn() + Send + 'static) -> AiWorker {
        let (job_tx, job_rx) = channel::<Job>();
        let (ev_tx, ev_rx) = channel::<AiEvent>();
        let handle = std::thread::Builder::new()
            .name("myriad-ai".into())
            .spawn(move || worker_loop(job_rx, ev_tx, wake))
            .ok();
        AiWorker {
            jobs: Some(job_tx),
            events: ev_rx,
            handle,
            current: None,
            next_id: 1,
        }
    }

    /// Starts thinking about `game` (stopping any current search); returns the job id.
    pub fn start(&mut self, game: Game, level: u8) -> u64 {
        self.stop();
        let id = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        self.current = Some((id, stop.clone()));
        if let Some(tx) = &self.jobs {
            let _ = tx.send(Job {
                id,
                game,
                level,
                stop,
            });
        }
        id
    }

    /// Asks the current search to stop; its `Done` event still arrives.
    pub fn stop(&mut self) {
        if let Some((_, stop)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// The job being searched, if any.
    pub fn current(&self) -> Option<u64> {
        self.current.as_ref().map(|(id, _)| *id)
    }

    /// Marks the current job as finished (after its `Done` arrived).
    pub fn finished(&mut self, job: u64) {
        if self.current() == Some(job) {
            self.current = None;
        }
    }

    /// The events that arrived since the last call.
    pub fn poll(&mut self) -> Vec<AiEvent> {
        let mut out = Vec::new();
        while let Ok(e) = self.events.try_recv() {
            out.push(e);
        }
        out
    }
}

impl Drop for AiWorker {
    fn drop(&mut self) {
        self.stop();
        self.jobs = None; // closes the channel: the thread's loop ends
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

fn worker_loop(jobs: Receiver<Job>, events: Sender<AiEvent>, wake: impl Fn()) {
    let mut engine = engine::Engine::new();
    while let Ok(mut job) = jobs.recv() {
        // Only the newest job matters: skip any that were superseded while we were busy.
        while let Ok(newer) = jobs.try_recv() {
            job = newer;
        }
        if job.stop.load(Ordering::Relaxed) {
            let _ = events.send(AiEvent::Done {
                job: job.id,
                best: None,
            });
            wake();
            continue;
        }
        let started = Instant::now();
        let id = job.id;
        let best = engine.think(&job.game, job.level, &job.stop, &mut |mut a: Analysis| {
            a.seconds = started.elapsed().as_secs_f64();
            let _ = events.send(AiEvent::Report {
                job: id,
                analysis: a,
            });
            wake();
        });
        let _ = events.send(AiEvent::Done { job: id, best });
        wake();
    }
}

/// The adapter between the GUI and the search: one place that knows the engine's API.
mod engine {
    use super::Analysis;
    use crate::game::Game;
    use crate::search::{Limits, Report, Score};
    use crate::types::{Color, Move};
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    /// Transposition table size for the GUI's engine.
    const HASH_MB: usize = 32;

    pub struct Engine(crate::search::Engine);

    impl Engine {
        pub fn new() -> Engine {
            Engine(crate::search::Engine::new(HASH_MB))
        }

        /// Thinks about `game` at `level`; the level bounds the depth, and a time cap keeps
        /// the computer's answers brisk at every level.
        pub fn think(
            &mut self,
            game: &Game,
            level: u8,
            stop: &AtomicBool,
            report: &mut dyn FnMut(Analysis),
        ) -> Option<Move> {
            self.0.set_level(level);
            let movetime = match level {
                1..=3 => 600,
                4..=6 => 1500,
                7..=8 => 3000,
                _ => 6000,
            };
            let limits = Limits {
                movetime: Some(Duration::from_millis(movetime)),
                ..Limits::default()
            };
            let turn = game.turn();
            self.0.think(game, &limits, stop, &mut |r: &Report| {
                report(Analysis {
                    depth: r.depth,
                    score: score_text(r.score, turn),
                    nodes: r.nodes,
                    seconds: r.time.as_secs_f64(),
                    pv: pv_san(game, &r.pv),
                })
            })
        }
    }

    /// The score from White's point of view: `+0.35`, `#3`, `-#2`.
    fn score_text(s: Score, turn: Color) -> String {
        let sign = if turn == Color::White { 1 } else { -1 };
        match s {
            Score::Cp(cp) => format!("{:+.2}", (cp * sign) as f64 / 100.0),
            Score::Mate(n) => {
                let n = n * sign;
                if n >= 0 {
                    format!("#{n}")
                } else {
                    format!("-#{}", -n)
                }
            }
        }
    }

    /// The principal variation in SAN, as far as its moves are legal.
    fn pv_san(game: &Game, pv: &[Move]) -> Vec<String> {
        let mut g = game.clone();
        let mut out = Vec::new();
        for &m in pv {
            let san = g.san(m);
            if g.play(m).is_err() {
                break;
            }
            out.push(san);
        }
        out
    }
}
