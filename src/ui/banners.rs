//! The banners above the board: problems (a rules file that does not compile, a PGN that does
//! not load), the game offered back after a crash, rules that changed on disk, the result or
//! the setup step, and a few one-line notes (a random start, browsing the history, a paused
//! computer). They read the app's state and push [`Action`]s.

use egui::text::LayoutJob;
use egui::{Color32, RichText, TextFormat, Ui};

use crate::game::{ForcedReason, Game, Misfit, Outcome};
use crate::types::Move;

use super::action::Action;
use super::app::{MyriadApp, Problems};
use super::autosave::Offer;

/// The setup banner's height inside its frame (two lines: the step and a hint).
const SETUP_BANNER_HEIGHT: f32 = 40.0;
/// The width of the setup banner's Keep button.
const KEEP_WIDTH: f32 = 64.0;

/// The colour of `help:` lines.
const HELP: Color32 = Color32::from_rgb(90, 170, 255);

impl MyriadApp {
    /// Problems, changed rules, the setup step or the result: above the board.
    /// They go in the strip above the board; the result or the setup step comes first, so its
    /// buttons (Keep) stay in one place whatever else comes and goes.
    pub(super) fn banners(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        if let Some(c) = &self.rules_changed {
            // the board waits for this answer: it comes first, in the place of the step
            self.rules_changed_banner(ui, &c.misfit, out);
        } else if let Some(o) = self.game.outcome() {
            outcome_banner(ui, &o, out);
        } else if let Some(prompt) = self.game.setup_prompt() {
            self.setup_banner(ui, prompt, out);
        }
        self.draw_offer_banner(ui, out);
        if let Some(p) = &self.problems {
            problems_banner(ui, p, self.problem_details, out);
        }
        if let Some(offer) = &self.restore {
            restore_banner(ui, offer, out);
        }
        self.notes(ui, out);
    }

    /// The problems' details (the diagnostics), over the top of the board area `below` until
    /// the user hides them, so the board does not move for them.
    pub(super) fn problem_details(
        &self,
        ctx: &egui::Context,
        below: egui::Rect,
        out: &mut Vec<Action>,
    ) {
        let Some(p) = &self.problems else { return };
        if !self.problem_details || p.text.is_empty() {
            return;
        }
        egui::Area::new(egui::Id::unique("myriad-problem-details"))
            .fixed_pos(below.min)
            .order(egui::Order::Middle)
            .show(ctx, |ui| {
                ui.set_max_width(below.width());
                let colour = problem_colour(ui, p);
                egui::Frame::new()
                    .fill(ui.visuals().extreme_bg_color)
                    .stroke(egui::Stroke::new(1.5, colour))
                    .inner_margin(8.0)
                    .corner_radius(4.0)
                    .show(ui, |ui| {
                        ui.set_width(below.width() - 16.0);
                        egui::ScrollArea::both()
                            .max_height((below.height() * 0.6).min(260.0))
                            .show(ui, |ui| {
                                ui.add(
                                    egui::Label::new(diagnostic_text(ui, &p.text))
                                        .selectable(true)
                                        .extend(),
                                );
                            });
                        ui.horizontal(|ui| {
                            if ui.button("Hide details").clicked() {
                                out.push(Action::ShowProblemDetails(false));
                            }
                            self.show_in_source_button(ui, p, out);
                        });
                    });
            });
    }

    /// The file changed and its new rules cannot continue the game: the first step or move
    /// they no longer allow, why, and what the user may do.
    fn rules_changed_banner(&self, ui: &mut Ui, misfit: &Misfit, out: &mut Vec<Action>) {
        egui::Frame::new()
            .fill(ui.visuals().extreme_bg_color)
            .stroke(egui::Stroke::new(1.5, ui.visuals().warn_fg_color))
            .inner_margin(6.0)
            .corner_radius(4.0)
            .show(ui, |ui| {
                // the choice first, on one line; what no longer fits below it, in full
                let row = egui::vec2(ui.available_width(), 24.0);
                let rtl = egui::Layout::right_to_left(egui::Align::Center);
                ui.allocate_ui_with_layout(row, rtl, |ui| {
                    if ui.button("Keep playing the old rules").clicked() {
                        out.push(Action::KeepOldRules);
                    }
                    if ui.button("New game with the new rules").clicked() {
                        out.push(Action::AcceptChangedRules);
                    }
                    ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                        let what = format!(
                            "{} changed: its new rules cannot continue this game",
                            self.source.short()
                        );
                        ui.add(egui::Label::new(what).truncate());
                    });
                });
                ui.label(
                    RichText::new(misfit.to_string())
                        .strong()
                        .color(ui.visuals().warn_fg_color),
                );
            });
        ui.add_space(4.0);
    }

    /// The setup step: whose it is and what may happen; a forced step says it plays itself,
    /// and why.
    fn setup_banner(&self, ui: &mut Ui, prompt: String, out: &mut Vec<Action>) {
        let forced = self.forced();
        let computer = self.computer.plays(self.game.turn()) && forced.is_none();
        let user = forced.is_none() && !computer;
        let pass_legal = user && self.game.legal_moves().contains(&Move::PASS);
        egui::Frame::new()
            .fill(Color32::from_rgb(90, 70, 10))
            .inner_margin(8.0)
            .corner_radius(4.0)
            .show(ui, |ui| {
                // the same height whatever the step says, so what follows does not move
                ui.set_min_height(SETUP_BANNER_HEIGHT);
                // Keep has a place of its own at the right, the same from step to step
                let corner = ui.max_rect().right_top();
                let keep_rect = egui::Rect::from_min_max(
                    egui::pos2(corner.x - KEEP_WIDTH, corner.y),
                    egui::pos2(corner.x, corner.y + 22.0),
                );
                ui.horizontal_wrapped(|ui| {
                    ui.set_max_width(ui.available_width() - KEEP_WIDTH - 8.0);
                    ui.label(
                        RichText::new("Setup")
                            .strong()
                            .color(Color32::from_rgb(255, 210, 90)),
                    );
                    let mut line = prompt;
                    if forced.is_some() {
                        line.push_str(" — happens by itself…");
                    } else if computer {
                        line.push_str(" — the computer decides…");
                    }
                    ui.label(RichText::new(line).size(16.0).color(Color32::WHITE));
                });
                match forced {
                    // the prompt of a mirror step already says why
                    Some(f) if f.reason != ForcedReason::Mirror => {
                        ui.weak(format!("{}.", f.reason.describe(self.game.turn())));
                    }
                    Some(_) => {}
                    None if user && self.game.placing() => {
                        ui.weak("Drag or click a piece of your hand, then a highlighted square.");
                    }
                    None if user => {
                        ui.weak("Click a highlighted piece, then the piece to swap it with.");
                        if let Some(why) = self.game.pass_refused() {
                            ui.label(
                                RichText::new(format!("No Keep here: {why}."))
                                    .color(Color32::from_rgb(255, 225, 150)),
                            );
                        }
                    }
                    None => {}
                }
                if pass_legal && self.view.is_none() {
                    let keep = ui
                        .put(keep_rect, egui::Button::new(RichText::new("Keep").strong()))
                        .on_hover_text("Decline this step: the piece stays where it is");
                    if keep.clicked() {
                        out.push(Action::Play(Move::PASS));
                    }
                }
            });
        ui.add_space(4.0);
    }

    /// One-line notes: a random start to re-roll, browsing the history, a paused computer.
    fn notes(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let randomized = self.variant().is_random_setup();
        if randomized && self.game.history().is_empty() {
            ui.horizontal(|ui| {
                ui.label("Random start position.");
                if ui
                    .button("Re-roll")
                    .on_hover_text("Draw another start position")
                    .clicked()
                {
                    out.push(Action::NewGame);
                }
            });
        }
        if self.view.is_some() {
            ui.horizontal(|ui| {
                ui.label(format!(
                    "Viewing the position after {} of {} moves.",
                    self.shown_plies(),
                    self.game.history().len()
                ));
                if ui.button("Back to the game").clicked() {
                    out.push(Action::ViewPly(usize::MAX));
                }
            });
        }
        if self.ai_paused && self.computer.plays(self.game.turn()) && self.game.outcome().is_none()
        {
            ui.horizontal(|ui| {
                ui.label("The computer is paused.");
                if ui.button("Let the computer move").clicked() {
                    out.push(Action::ResumeComputer);
                }
            });
        }
    }
}

/// Yellow for rules that loaded with warnings, red for errors.
fn problem_colour(ui: &Ui, p: &Problems) -> egui::Color32 {
    if p.warning {
        ui.visuals().warn_fg_color
    } else {
        ui.visuals().error_fg_color
    }
}

/// A rules file that does not compile or a PGN that does not load: a one-line bar (its
/// details, the diagnostics as `myriad check` prints them, show over the board).
fn problems_banner(ui: &mut Ui, p: &Problems, details: bool, out: &mut Vec<Action>) {
    let colour = problem_colour(ui, p);
    egui::Frame::new()
        .fill(ui.visuals().extreme_bg_color)
        .stroke(egui::Stroke::new(1.5, colour))
        .inner_margin(6.0)
        .corner_radius(4.0)
        .show(ui, |ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button("Dismiss").clicked() {
                    out.push(Action::DismissProblems);
                }
                if ui
                    .button("Copy")
                    .on_hover_text("Copy the messages")
                    .clicked()
                {
                    ui.ctx().copy_text(p.text.clone());
                }
                if !details && !p.text.is_empty() && ui.button("Details").clicked() {
                    out.push(Action::ShowProblemDetails(true));
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.add(
                        egui::Label::new(RichText::new(&p.title).color(colour).strong()).truncate(),
                    );
                });
            });
        });
    ui.add_space(4.0);
}

/// The text of the shared diagnostic renderer (`Diagnostic`'s `Display`, the exact text
/// `myriad check` prints), in monospace, with the `error:` and caret lines in the error colour
/// and the `help:` lines in blue. The text itself is never changed, only coloured.
pub(super) fn diagnostic_text(ui: &Ui, text: &str) -> LayoutJob {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let plain = ui.visuals().text_color();
    let error = ui.visuals().error_fg_color;
    let warning = ui.visuals().warn_fg_color;
    let mut job = LayoutJob::default();
    for (i, line) in text.split('\n').enumerate() {
        let color = if line.starts_with("warning") {
            warning
        } else if line.starts_with("error") || is_caret_line(line) {
            error
        } else if line.trim_start().starts_with("= help:") || line.contains(" = help:") {
            HELP
        } else {
            plain
        };
        let sep = if i == 0 { "" } else { "\n" };
        job.append(
            &format!("{sep}{line}"),
            0.0,
            TextFormat::simple(font.clone(), color),
        );
    }
    job
}

/// The line under the source that points at the span: `  |     ^^^`.
fn is_caret_line(line: &str) -> bool {
    let Some((gutter, marks)) = line.split_once('|') else {
        return false;
    };
    gutter.trim().is_empty() && marks.contains('^') && marks.chars().all(|c| c == ' ' || c == '^')
}

/// The offer of a game a previous run did not close cleanly on.
fn restore_banner(ui: &mut Ui, offer: &Offer, out: &mut Vec<Action>) {
    let (text, buttons): (String, &[(&str, Action)]) = match offer {
        Offer::Game { game, .. } => (
            format!(
                "Restore the unfinished game of {} ({})?",
                game.variant().name(),
                progress(game)
            ),
            &[
                ("Discard", Action::DiscardRestore),
                ("Restore", Action::RestoreGame),
            ],
        ),
        Offer::Unreadable { kept, why } => (
            format!(
                "The unfinished game from last time cannot be restored: {why}. \
                 It is kept in {}.",
                kept.display()
            ),
            &[("Dismiss", Action::DiscardRestore)],
        ),
    };
    // one line (the whole text on hover), so the strip above the board holds it
    egui::Frame::new()
        .fill(ui.visuals().extreme_bg_color)
        .stroke(egui::Stroke::new(1.0, ui.visuals().warn_fg_color))
        .inner_margin(6.0)
        .corner_radius(4.0)
        .show(ui, |ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                for (label, action) in buttons {
                    if ui.button(*label).clicked() {
                        out.push(action.clone());
                    }
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.add(egui::Label::new(&text).truncate())
                        .on_hover_text(format!(
                            "Myriad did not close properly last time, and kept its game. {text}"
                        ));
                });
            });
        });
    ui.add_space(4.0);
}

/// The result, with a button for the next game.
fn outcome_banner(ui: &mut Ui, o: &Outcome, out: &mut Vec<Action>) {
    let text = o.to_string();
    let text = format!(
        "{}{}  {}",
        text[..1].to_uppercase(),
        &text[1..],
        o.pgn_result()
    );
    egui::Frame::new()
        .fill(Color32::from_rgb(40, 80, 140))
        .inner_margin(8.0)
        .corner_radius(4.0)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(text)
                        .size(20.0)
                        .strong()
                        .color(Color32::WHITE),
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui.button("New game").clicked() {
                        out.push(Action::NewGame);
                    }
                });
            });
        });
    ui.add_space(4.0);
}

/// How far a game went, in words: "3 setup steps", "4 setup steps and 12 moves", "12 moves"
/// (a move is one side's turn, a ply).
pub(super) fn progress(game: &Game) -> String {
    let steps = game.history().iter().filter(|p| p.mv.is_setup()).count();
    let moves = game.history().len() - steps;
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match (steps, moves) {
        (0, m) => plural(m, "move", "moves"),
        (s, 0) => plural(s, "setup step", "setup steps"),
        (s, m) => format!(
            "{} and {}",
            plural(s, "setup step", "setup steps"),
            plural(m, "move", "moves")
        ),
    }
}
