//! The strips above and below the board, one per side, as on lichess: the player's name, the
//! pieces in hand (a placement or drop game), the material captured, and the clock. The side
//! at the bottom of the board has the bottom strip. Each strip has a fixed height, so the board
//! never moves when what they show changes.

use egui::{Align, Layout, RichText, Ui};

use crate::types::Color;

use super::action::Action;
use super::app::MyriadApp;
use super::board::BoardState;
use super::pgn;

/// The height of a strip, in points.
pub(super) const STRIP: f32 = 40.0;

impl MyriadApp {
    /// The strip of side `c`.
    pub(super) fn player_strip(
        &self,
        ui: &mut Ui,
        c: Color,
        _board: &mut BoardState,
        _out: &mut Vec<Action>,
    ) {
        ui.horizontal_centered(|ui| {
            let [white, black] = pgn::players(self.computer, self.level, &pgn::player_name());
            let name = match c {
                Color::White => white,
                Color::Black => black,
            };
            let mut text = RichText::new(name).strong();
            if self.view.is_none() && self.game.outcome().is_none() && self.game.turn() == c {
                text = text.underline();
            }
            ui.label(text);
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                self.clock_face(ui, c);
            });
        });
    }

    /// The clock of side `c`, at the strip's right end (nothing when the game has no clock).
    fn clock_face(&self, ui: &mut Ui, c: Color) {
        self.clock_face_view(ui, c);
    }
}
