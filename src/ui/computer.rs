//! The computer player, as the app drives it: when to think, starting and stopping the
//! background search (`ai.rs`), and taking its reports and its move. A forced setup step is
//! never searched: it plays itself (see `moves.rs`).

use std::sync::Arc;

use crate::game::Game;
use crate::search::worker::{Event, JobId, Setting};
use crate::types::Move;

use super::ai::{self, Analysis};
use super::app::MyriadApp;

/// The search in progress.
#[derive(Clone, Debug)]
pub(super) struct Thinking {
    pub job: JobId,
    /// The game searched (the analysis of each report keeps it, to write its line).
    pub game: Arc<Game>,
    pub started: f64,
    pub best_so_far: Option<Move>,
}

impl MyriadApp {
    /// Is it the computer's turn to think (not paused, not browsing, no forced step)?
    pub(super) fn computer_to_move(&self) -> bool {
        self.game.outcome().is_none()
            && !self.ai_paused
            && self.view.is_none()
            && self.rules_changed.is_none()
            && self.forced().is_none()
            && self.computer.plays(self.game.turn())
    }

    /// Starts a search of the game; an earlier search still running is stopped and its
    /// answer, when it comes, is ignored (it is not the current job).
    pub(super) fn start_ai(&mut self) {
        let ctx = self.ctx();
        let w = self.worker.get_or_insert_with(|| ai::worker(ctx));
        w.stop();
        w.set(Setting::Level(self.level));
        let game = Arc::new(self.game.clone());
        let limits = self.think_limits();
        let w = self.worker.as_mut().expect("made above");
        let job = w.think(self.game.clone(), limits);
        self.thinking = Some(Thinking {
            job,
            game,
            started: self.now(),
            best_so_far: None,
        });
        self.analysis = None;
    }

    /// Stops the search (its result is dropped).
    pub fn stop_ai(&mut self) {
        if let Some(w) = &mut self.worker {
            w.stop();
        }
        self.thinking = None;
    }

    /// The Stop button: stop thinking and let the user decide (the computer pauses).
    pub(super) fn stop_button(&mut self) {
        self.stop_ai();
        self.ai_paused = true;
    }

    /// The Move-now button: play the best move found so far.
    pub(super) fn move_now(&mut self) {
        let Some(t) = &self.thinking else { return };
        if let Some(m) = t
            .best_so_far
            .filter(|_| t.game.history().len() == self.game.history().len())
        {
            self.stop_ai();
            self.play(m);
        }
    }

    /// Takes the worker's events: the current job's reports become the analysis (and the
    /// move Move-now plays); its answer is played if the game is still where it was.
    pub(super) fn poll_ai(&mut self) {
        let Some(w) = &mut self.worker else { return };
        for e in w.poll() {
            match e {
                Event::Report { job, report } => {
                    let Some(t) = &mut self.thinking else {
                        continue;
                    };
                    // only the best line (the GUI asks for one; stay right if it asks for more)
                    if t.job != job || report.multipv > 1 {
                        continue;
                    }
                    let first = report.pv.first().copied();
                    if let Some(m) = first.filter(|m| self.game.is_legal(*m)) {
                        t.best_so_far = Some(m);
                    }
                    self.analysis = Some(Analysis::new(t.game.clone(), report));
                }
                Event::BestMove { job, best } => {
                    let ours = self.thinking.as_ref().is_some_and(|t| {
                        t.job == job && t.game.history().len() == self.game.history().len()
                    });
                    if ours {
                        self.thinking = None;
                        match best {
                            Some(m) => self.play(m),
                            None => self.ai_paused = true,
                        }
                    }
                }
                // the GUI sends no perft jobs
                Event::PerftMove { .. } | Event::PerftDone { .. } => {}
            }
        }
    }
}
