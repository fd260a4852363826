//! The clock and the results the players give: the time control chosen for the next game,
//! the clock of the game on the board (kept in step with the game each frame, its flag checked
//! in `logic`), the computer's share of its time, resigning and offering a draw.
//!
//! The rules live in the game API: [`Clock`] keeps the times (the GUI passes its frame time as
//! `now`), [`Game::flag`](crate::game::Game::flag) decides a flag fall (a loss, or a draw when
//! the side on time cannot mate), [`Game::resign`](crate::game::Game::resign) and
//! [`Game::agree_draw`](crate::game::Game::agree_draw) end the game; this file only wires them
//! to the window.
//!
//! - The chosen control applies from the next new game (a game opened, loaded or restored
//!   starts with it too: its times begin afresh). A side's clock starts after its first ply;
//!   a setup step that plays itself takes no time (see [`crate::game::clock`]).
//! - Against the computer, a draw offer is judged at once: the computer accepts when a short
//!   search scores the position at most [`ACCEPT_CP`] centipawns (+0.20) from its side. Between
//!   two people at one board, the other side answers in a banner; its move declines.

use std::time::Duration;

use egui::{Color32, RichText, Ui};

use crate::game::clock::face;
use crate::game::{Clock, Outcome, Reason, TimeControl};
use crate::search::{Engine, Limits, Score};
use crate::types::Color;

use super::action::Action;
use super::app::{Computer, MyriadApp};

/// The computer accepts a draw when it scores its side at most this (centipawns): when it is
/// not better.
pub const ACCEPT_CP: i32 = 20;

/// How long the computer looks at a draw offer: the window waits for the answer.
const OFFER_THINK: Duration = Duration::from_millis(250);

/// A drag value's accessible name and value.
fn labelled_value(label: &str, value: u64) -> egui::WidgetInfo {
    let mut info = egui::WidgetInfo::drag_value(true, value as f64);
    info.label = Some(label.into());
    info
}

impl MyriadApp {
    /// The frame time as the clock reads it.
    fn clock_now(&self) -> Duration {
        Duration::from_secs_f64(self.now().max(0.0))
    }

    /// The clock of the game on the board, if it has one.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The time control the next new game gets (`None`: no clock).
    pub fn time_control(&self) -> Option<TimeControl> {
        self.time_control
    }

    /// A draw offered by this side, waiting for the other's answer (two people at one board).
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// A new game on the board: a fresh clock of the chosen control, no draw offered. A side
    /// that has already played (a loaded game) has its clock started.
    pub(super) fn reset_clock(&mut self) {
        self.draw_offer = None;
        self.clock = self.time_control.map(|tc| {
            let mut c = Clock::new(tc);
            for p in self.game.history() {
                c.mark_started(p.before.turn());
            }
            c
        });
    }

    /// Per frame, before the computer's move is taken: a flag that fell ends the game; the
    /// side to move's time runs; the window repaints when the running face next changes.
    pub(super) fn tick_clock(&mut self, ctx: &egui::Context) {
        let now = self.clock_now();
        self.sync_clock(now);
        let Some(clock) = &mut self.clock else { return };
        if let Some(side) = clock.flagged(now) {
            clock.pause(now);
            self.stop_ai();
            self.draw_offer = None;
            if self.game.flag(side).is_ok() {
                if let Some(o) = self.game.outcome() {
                    self.say(o.to_string());
                }
            }
            return;
        }
        if let Some(wait) = clock.next_change(now) {
            ctx.request_repaint_after(wait);
        }
    }

    /// The side to move's time runs; nobody's when the game is over, a setup step plays
    /// itself, or the computer to move is paused (the user stopped it, or has not yet let it
    /// move in a game loaded or taken back): it cannot move, so its time does not run.
    fn sync_clock(&mut self, now: Duration) {
        if self.clock.is_none() {
            return;
        }
        let turn = self.game.turn();
        let paused = self.ai_paused && self.computer.plays(turn);
        let still = self.game.outcome().is_some() || self.forced().is_some() || paused;
        let Some(clock) = &mut self.clock else { return };
        if still {
            clock.pause(now);
        } else {
            clock.run(turn, now);
        }
    }

    /// After every ply on the board: the mover's clock stops (with its increment) and the
    /// next side's starts at once (its thinking begins now, not at the next frame); a draw
    /// offered to the mover lapses (moving declines it).
    pub(super) fn after_ply(&mut self, mover: Color) {
        let now = self.clock_now();
        if let Some(c) = &mut self.clock {
            c.ply(mover, now);
        }
        self.sync_clock(now);
        if self.draw_offer == Some(!mover) {
            self.draw_offer = None;
        }
    }

    /// The computer's search limits: its level's, and with a clock no more than its share of
    /// its time ([`Clock::think_time`]).
    pub(super) fn think_limits(&self) -> Limits {
        let mut l = super::ai::limits(self.level);
        if let (Some(clock), Some(cap)) = (&self.clock, l.movetime) {
            l.movetime = Some(clock.think_time(self.game.turn(), self.clock_now(), cap));
        }
        l
    }

    /// Can Undo take a move back (not a flag fall: see [`MyriadApp::lost_on_time`])?
    pub(super) fn can_undo(&self) -> bool {
        !self.game.history().is_empty() && !self.lost_on_time()
    }

    /// Did the game end on time with the clock still on (no time left to play on with)?
    pub(super) fn lost_on_time(&self) -> bool {
        self.clock.is_some()
            && matches!(
                self.game.outcome(),
                Some(Outcome {
                    reason: Reason::TimeForfeit { .. },
                    ..
                })
            )
    }

    /// The side a Resign or Offer-draw button speaks for: the human's (the side to move when
    /// two people share the board); none when the computer plays both or the game is over.
    pub(super) fn speaker(&self) -> Option<Color> {
        if self.game.outcome().is_some() {
            return None;
        }
        match self.computer {
            Computer::Neither => Some(self.game.turn()),
            Computer::White => Some(Color::Black),
            Computer::Black => Some(Color::White),
            Computer::Both => None,
        }
    }

    /// The Resign button: the human's side resigns.
    pub(super) fn resign(&mut self) {
        let Some(side) = self.speaker() else { return };
        self.stop_ai();
        self.draw_offer = None;
        if self.game.resign(side).is_ok() {
            self.say(format!("{side} resigns"));
        }
    }

    /// The Offer-draw button: the computer answers at once; between two people, the other
    /// side is asked.
    pub(super) fn offer_draw(&mut self) {
        let Some(side) = self.speaker() else { return };
        if self.computer == Computer::Neither {
            self.draw_offer = Some(side);
            self.say(format!("{side} offers a draw"));
            return;
        }
        let (accept, score) = self.computer_judges_draw(!side);
        let text = format!("{:+.2}", score as f64 / 100.0);
        if accept {
            self.stop_ai();
            if self.game.agree_draw().is_ok() {
                self.say(format!(
                    "The computer accepts the draw (it scores its side {text})"
                ));
            }
        } else {
            self.say(format!(
                "The computer declines the draw: it thinks it stands better ({text})"
            ));
        }
    }

    /// The other side accepts the draw offered (two people at one board).
    pub(super) fn accept_draw(&mut self) {
        if self.draw_offer.take().is_some() && self.game.agree_draw().is_ok() {
            self.say("Draw agreed");
        }
    }

    /// The other side declines the draw offered.
    pub(super) fn decline_draw(&mut self) {
        if let Some(side) = self.draw_offer.take() {
            self.say(format!("{} declines the draw", !side));
        }
    }

    /// Does the computer, playing `side`, accept a draw? It looks at the position with a short
    /// search at full strength (a static look in the setup phase) and accepts when its side is
    /// not better: at most [`ACCEPT_CP`]. Returns the answer and the score from `side`.
    fn computer_judges_draw(&self, side: Color) -> (bool, i32) {
        let pos = self.game.position();
        let v = self.game.variant();
        let to_move = if self.game.in_setup() {
            crate::search::evaluate(v, pos)
        } else {
            let mut engine = Engine::new(4);
            let stop = std::sync::atomic::AtomicBool::new(false);
            let limits = Limits {
                movetime: Some(OFFER_THINK),
                depth: Some(8),
                ..Limits::default()
            };
            let mut last = Score::Cp(crate::search::evaluate(v, pos));
            engine.think(&self.game, &limits, &stop, &mut |r| last = r.score);
            match last {
                Score::Cp(cp) => cp,
                Score::Mate(n) if n > 0 => 100_000 - n,
                Score::Mate(n) => -100_000 - n,
            }
        };
        let mine = if pos.turn() == side {
            to_move
        } else {
            -to_move
        };
        (mine <= ACCEPT_CP, mine)
    }

    // ----- views -------------------------------------------------------------------------------

    /// The Game tab's clock row: the time control of the next game, and its custom fields.
    pub(super) fn clock_settings(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let name = |tc: Option<TimeControl>| tc.map_or("No clock".to_string(), |t| t.to_string());
        ui.horizontal(|ui| {
            let label = ui.label("Clock:");
            let mut chosen = self.time_control;
            let mut custom = self.custom_clock;
            let current = if custom {
                "Custom".to_string()
            } else {
                name(chosen)
            };
            let _ = egui::ComboBox::from_id_salt("myriad-clock")
                .selected_text(current)
                .show_ui(ui, |ui| {
                    if ui.selectable_label(chosen.is_none(), "No clock").clicked() {
                        (chosen, custom) = (None, false);
                    }
                    for tc in TimeControl::PRESETS {
                        let on = !custom && chosen == Some(tc);
                        if ui.selectable_label(on, tc.to_string()).clicked() {
                            (chosen, custom) = (Some(tc), false);
                        }
                    }
                    if ui.selectable_label(custom, "Custom").clicked() {
                        chosen = chosen.or(Some(TimeControl::minutes(5, 0)));
                        custom = true;
                    }
                })
                .response
                .labelled_by(label.id);
            if custom {
                let tc = chosen.unwrap_or(TimeControl::minutes(5, 0));
                let mut minutes = tc.base.as_secs() / 60;
                let mut inc = tc.increment.as_secs();
                let m = ui.add(
                    egui::DragValue::new(&mut minutes)
                        .range(1..=180)
                        .suffix(" min"),
                );
                m.widget_info(|| labelled_value("Clock minutes", minutes));
                ui.label("+");
                let i = ui.add(egui::DragValue::new(&mut inc).range(0..=180).suffix(" s"));
                i.widget_info(|| labelled_value("Clock increment", inc));
                chosen = Some(TimeControl::minutes(minutes, inc));
            }
            if chosen != self.time_control || custom != self.custom_clock {
                out.push(Action::SetTimeControl(chosen, custom));
            }
        });
        let playing = self.clock.as_ref().map(Clock::control);
        if playing != self.time_control {
            ui.weak(format!(
                "Applies from the next new game (this one: {}).",
                name(playing).to_lowercase()
            ));
        }
    }

    /// Resign and Offer draw, for the side the buttons speak for.
    pub(super) fn result_buttons(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let speaker = self.speaker();
        ui.horizontal(|ui| {
            let who = speaker.map_or(String::new(), |c| format!(" ({c})"));
            if ui
                .add_enabled(speaker.is_some(), egui::Button::new("Resign"))
                .on_hover_text(format!("Give up the game{who}"))
                .clicked()
            {
                out.push(Action::Resign);
            }
            let can_offer = speaker.is_some() && self.draw_offer.is_none();
            if ui
                .add_enabled(can_offer, egui::Button::new("Offer draw"))
                .on_hover_text(format!("Propose a draw{who}"))
                .clicked()
            {
                out.push(Action::OfferDraw);
            }
        });
    }

    /// The Game menu's Resign and Offer draw.
    pub(super) fn result_menu_items(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let speaker = self.speaker();
        if ui
            .add_enabled(speaker.is_some(), egui::Button::new("Resign"))
            .clicked()
        {
            out.push(Action::Resign);
        }
        if ui
            .add_enabled(
                speaker.is_some() && self.draw_offer.is_none(),
                egui::Button::new("Offer draw"),
            )
            .clicked()
        {
            out.push(Action::OfferDraw);
        }
    }

    /// The banner asking the other side about a draw offered at one board.
    pub(super) fn draw_offer_banner(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let Some(side) = self.draw_offer else { return };
        if self.game.outcome().is_some() {
            return;
        }
        egui::Frame::new()
            .fill(Color32::from_rgb(40, 90, 60))
            .inner_margin(6.0)
            .corner_radius(4.0)
            .show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(format!("{side} offers a draw. {}:", !side))
                            .strong()
                            .color(Color32::WHITE),
                    );
                    if ui.button("Accept").clicked() {
                        out.push(Action::AcceptDraw);
                    }
                    if ui.button("Decline").clicked() {
                        out.push(Action::DeclineDraw);
                    }
                });
            });
        ui.add_space(4.0);
    }

    /// A side's clock face: `m:ss` (tenths under ten seconds), the running one highlighted,
    /// low time in red.
    pub(super) fn clock_face_view(&self, ui: &mut Ui, c: Color) {
        let Some(clock) = &self.clock else { return };
        let left = clock.remaining(c, self.clock_now());
        let running = clock.running() == Some(c);
        let base = clock.control().base;
        // lichess's "emergency" time: an eighth of the base, from 10 s to a minute
        let low = left < (base / 8).clamp(Duration::from_secs(10), Duration::from_secs(60));
        let (fill, text) = match (running, low) {
            (true, true) => (Color32::from_rgb(200, 40, 40), Color32::WHITE),
            (true, false) => (Color32::from_rgb(230, 230, 220), Color32::BLACK),
            (false, true) => (
                ui.visuals().extreme_bg_color,
                Color32::from_rgb(230, 80, 80),
            ),
            (false, false) => (
                ui.visuals().extreme_bg_color,
                ui.visuals().weak_text_color(),
            ),
        };
        egui::Frame::new()
            .fill(fill)
            .inner_margin(egui::Margin::symmetric(8, 2))
            .corner_radius(4.0)
            .show(ui, |ui| {
                let r = ui.label(
                    RichText::new(face(left))
                        .monospace()
                        .size(22.0)
                        .strong()
                        .color(text),
                );
                r.widget_info(|| {
                    egui::WidgetInfo::labeled(
                        egui::Role::Label,
                        true,
                        format!("{c}'s clock {}", face(left)),
                    )
                });
            });
    }
}
