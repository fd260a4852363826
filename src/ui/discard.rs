//! Asking before a game in progress is thrown away: opening other rules (the Games menu,
//! File > Open, a dropped file), loading a PGN game, or a new game. While the game has moves
//! (setup steps count) and is not over, the change waits in [`Discard`] and a modal asks
//! ("Discard the game in progress?"); nothing changes, and the autosave keeps the game, until
//! the user confirms.

use std::path::PathBuf;
use std::sync::Arc;

use egui::RichText;

use crate::game::Game;
use crate::variant::{Origin, Variant};

use super::action::Action;
use super::app::MyriadApp;

/// A change that replaces the game in progress, ready to be carried out.
pub(super) enum Deferred {
    /// Open these rules (already loaded, with their warnings).
    Open(Origin, Arc<Variant>, crate::rules::Diagnostics),
    /// A new game of the same rules.
    NewGame,
    /// A game read from a PGN file; `switch` names the rules it needs when they are not the
    /// open ones.
    Load {
        game: Box<Game>,
        switch: Option<Origin>,
        path: PathBuf,
    },
}

/// A change waiting for the user's yes.
pub(super) struct Discard {
    /// The confirming button's text: "Open Chess960", "New game", "Load game.pgn".
    pub label: String,
    /// What happens on yes.
    pub then: Deferred,
}

impl MyriadApp {
    /// Would replacing the game lose something: has it moves (or setup steps), and is it not
    /// over?
    pub(super) fn game_at_stake(&self) -> bool {
        !self.game.history().is_empty() && self.game.outcome().is_none()
    }

    /// Carries out `then` at once when no game is at stake, else asks first.
    pub(super) fn unless_at_stake(&mut self, label: String, then: Deferred) {
        if self.game_at_stake() {
            self.discard = Some(Discard { label, then });
        } else {
            self.discard = None;
            self.carry_out(then);
        }
    }

    /// The user said yes: the waiting change happens.
    pub(super) fn confirm_discard(&mut self) {
        if let Some(d) = self.discard.take() {
            self.carry_out(d.then);
        }
    }

    fn carry_out(&mut self, then: Deferred) {
        match then {
            Deferred::Open(source, v, w) => self.open_loaded(source, v, w),
            Deferred::NewGame => self.start_new_game(),
            Deferred::Load { game, switch, path } => self.loaded(*game, switch, &path),
        }
    }

    /// The question on show, if any: the confirming button's text ("Open Chess960").
    pub fn discard_question(&self) -> Option<&str> {
        self.discard.as_ref().map(|d| d.label.as_str())
    }

    /// The modal asking whether to discard the game in progress.
    pub(super) fn discard_modal(&self, ctx: &egui::Context, out: &mut Vec<Action>) {
        let Some(d) = &self.discard else { return };
        let r = egui::Modal::new(egui::Id::unique("myriad-discard")).show(ctx, |ui| {
            ui.set_max_width(420.0);
            ui.label(
                RichText::new("Discard the game in progress?")
                    .strong()
                    .size(18.0),
            );
            ui.add_space(4.0);
            ui.label(format!(
                "The game of {} ({}) is not over; it will be lost.",
                self.variant().name(),
                super::banners::progress(&self.game)
            ));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(RichText::new(&d.label).strong()).clicked() {
                    out.push(Action::ConfirmDiscard);
                }
                if ui.button("Cancel").clicked() {
                    out.push(Action::CancelDiscard);
                }
            });
        });
        if r.should_close() && !out.contains(&Action::ConfirmDiscard) {
            out.push(Action::CancelDiscard);
        }
    }
}
