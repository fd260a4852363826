//! The computer player, as the app drives it: when to think, starting and stopping the
//! background search (`ai.rs`), and taking its reports and its move. A forced setup step is
//! never searched: it plays itself (see `moves.rs`).

use crate::game::Game;
use crate::types::Move;

use super::ai::{AiEvent, AiWorker, Analysis};
use super::app::MyriadApp;

/// The search in progress.
#[derive(Clone, Debug)]
pub(super) struct Thinking {
    pub job: u64,
    pub plies: usize,
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

    pub(super) fn start_ai(&mut self) {
        let ctx = self.ctx();
        let w = self
            .worker
            .get_or_insert_with(|| AiWorker::new(move || ctx.request_repaint()));
        let job = w.start(self.game.clone(), self.level);
        self.thinking = Some(Thinking {
            job,
            plies: self.game.history().len(),
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
            .filter(|_| t.plies == self.game.history().len())
        {
            self.stop_ai();
            self.play(m);
        }
    }

    pub(super) fn poll_ai(&mut self) {
        let Some(w) = &mut self.worker else { return };
        let events = w.poll();
        for e in events {
            match e {
                AiEvent::Report { job, analysis } => {
                    if let Some(t) = &mut self.thinking {
                        if t.job == job {
                            t.best_so_far =
                                analysis_first_move(&self.game, &analysis).or(t.best_so_far);
                            self.analysis = Some(analysis);
                        }
                    }
                }
                AiEvent::Done { job, best } => {
                    if let Some(w) = &mut self.worker {
                        w.finished(job);
                    }
                    let ours = self
                        .thinking
                        .as_ref()
                        .is_some_and(|t| t.job == job && t.plies == self.game.history().len());
                    if ours {
                        self.thinking = None;
                        match best {
                            Some(m) => self.play(m),
                            None => self.ai_paused = true,
                        }
                    }
                }
            }
        }
    }
}

/// The first move of an analysis's principal variation, as a move of `game`.
fn analysis_first_move(game: &Game, a: &Analysis) -> Option<Move> {
    let san = a.pv.first()?;
    game.parse_move(san).ok()
}
