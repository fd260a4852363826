//! Moves: playing one (the user's, the computer's or a forced setup step), taking back and
//! replaying, and browsing the history.
//!
//! A forced setup step ([`Game::forced_move`]: a mirror step, or a step with one legal choice)
//! is the game's notion, not the GUI's: the GUI only waits a moment so the user sees it happen,
//! plays it, and says why.

use std::sync::Arc;
use std::time::Duration;

use crate::game::{Forced, Game};
use crate::types::Move;

use super::app::{Computer, MyriadApp};

/// What identifies a position for the forced-move cache: the game's serial number, its rules,
/// its length and its hash.
type ForcedKey = (u64, usize, usize, u64);

/// The forced move of the last position asked about (see [`MyriadApp::forced`]).
pub(super) type ForcedCache = Option<(ForcedKey, Option<Forced>)>;

impl MyriadApp {
    /// Plays a move for the side to move (from the board, a button or the computer).
    pub fn play(&mut self, m: Move) {
        let premove = self.board.premove.take();
        let mover = self.game.turn();
        match self.game.play(m) {
            Ok(()) => {
                self.after_ply(mover);
                self.view = None;
                self.board.clear();
                self.forced_due = None;
                if let Some(o) = self.game.outcome() {
                    self.say(o.to_string());
                } else if let Some(p) = premove {
                    self.play_premove(p);
                }
            }
            Err(e) => self.say(format!("error: {}", e.message)),
        }
    }

    /// The user's turn came with a premove waiting: play it if it is legal now (the same
    /// squares and promotion), else drop it and say so.
    fn play_premove(&mut self, p: Move) {
        if self.computer.plays(self.game.turn()) {
            return;
        }
        let legal = self.game.legal_moves();
        let found = legal.iter().copied().find(|m| {
            m.from == p.from && m.to == p.to && m.kind == p.kind && m.promotion == p.promotion
        });
        match found {
            Some(m) => self.user_play(m),
            None => self.say("Premove cancelled: it is not legal now".to_string()),
        }
    }

    /// The user moved: cancels a search for this position and resumes a paused computer.
    pub(super) fn user_play(&mut self, m: Move) {
        self.stop_ai();
        self.ai_paused = false;
        self.play(m);
    }

    /// Takes back a move; with the computer playing one side, back to the user's turn. A forced
    /// setup step is taken back with the step before it (else it would play itself again).
    pub fn undo(&mut self) {
        if self.lost_on_time() {
            return;
        }
        self.stop_ai();
        if self.game.undo().is_none() {
            return;
        }
        while !self.game.history().is_empty()
            && ((self.computer != Computer::Both && self.computer.plays(self.game.turn()))
                || self.forced().is_some())
        {
            self.game.undo();
        }
        self.after_takeback();
    }

    /// Replays an undone move (and a forced setup step that follows it).
    pub fn redo(&mut self) {
        self.stop_ai();
        if self.game.redo().is_none() {
            return;
        }
        while self.game.can_redo() && self.forced().is_some() {
            self.game.redo();
        }
        self.after_takeback();
    }

    fn after_takeback(&mut self) {
        self.view = None;
        self.board.clear();
        self.forced_due = None;
        // Don't let the computer reply at once to a position the user is going back over.
        self.ai_paused = self.computer.plays(self.game.turn());
    }

    /// The move that plays itself in the game's position, if any ([`Game::forced_move`]).
    /// Working it out walks the rest of the setup phase, so it is done once per position.
    pub(super) fn forced(&self) -> Option<Forced> {
        let key = forced_key(&self.game, self.game_serial);
        if let Some((k, f)) = self.forced_cache.get() {
            if k == key {
                return f;
            }
        }
        let f = self.game.forced_move();
        self.forced_cache.set(Some((key, f)));
        f
    }

    /// Plays a forced setup step once it has been on the board for
    /// [`Options::forced_delay`](super::Options::forced_delay) seconds, and says why it played
    /// itself ("White mirrors Black's swap: swap e1 g1"). Not while the user browses the
    /// history or decides about changed rules.
    pub(super) fn play_forced_when_due(&mut self, ctx: &egui::Context) {
        let Some(f) = self.forced() else {
            return;
        };
        if self.view.is_some() || self.rules_changed.is_some() {
            return;
        }
        let now = self.now();
        match self.forced_due {
            None => {
                self.forced_due = Some(now + self.opts.forced_delay);
                ctx.request_repaint_after(Duration::from_secs_f64(self.opts.forced_delay));
            }
            Some(t) if now >= t => {
                let who = self.game.turn();
                let plies = self.game.history().len();
                self.play(f.mv);
                if let Some(p) = self.game.history().get(plies) {
                    let why = f.reason.describe(who);
                    self.say(format!("{why}: {}", p.san));
                }
            }
            Some(t) => ctx.request_repaint_after(Duration::from_secs_f64((t - now).max(0.0))),
        }
    }

    /// The number of plies on show (all of them when following the game).
    pub(super) fn shown_plies(&self) -> usize {
        self.view
            .unwrap_or(self.game.history().len())
            .min(self.game.history().len())
    }

    /// Shows the position after `n` plies (the live game when `n` is the last).
    pub fn view_ply(&mut self, n: usize) {
        let len = self.game.history().len();
        self.view = (n < len).then_some(n);
        self.board.clear();
    }

    pub(super) fn step_view(&mut self, delta: i64) {
        let cur = self.shown_plies() as i64;
        let len = self.game.history().len() as i64;
        let n = (cur + delta).clamp(0, len);
        self.view_ply(n as usize);
    }
}

fn forced_key(game: &Game, serial: u64) -> ForcedKey {
    (
        serial,
        Arc::as_ptr(game.variant()) as usize,
        game.history().len(),
        game.position().hash(),
    )
}
