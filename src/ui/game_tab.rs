//! The side panel's Game tab: the game's buttons, whose turn it is, the computer's settings,
//! its search and analysis, and the move list (setup steps first). It reads the app's state
//! and pushes [`Action`]s.

use egui::{RichText, Ui};

use crate::game::Ply;
use crate::search::Score;
use crate::types::{Color, MoveKind};

use super::action::Action;
use super::ai::{self, Analysis};
use super::app::{Computer, MyriadApp};

impl MyriadApp {
    pub(super) fn game_tab(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        self.game_buttons(ui, out);
        self.result_buttons(ui, out);
        ui.add_space(4.0);
        // Who moves.
        if self.game.outcome().is_none() {
            let who = if self.game.in_setup() {
                "to decide"
            } else {
                "to move"
            };
            let turn = self.game.turn().to_string();
            ui.label(format!("{} {who}", capitalize(&turn)));
        }
        ui.separator();
        self.clock_settings(ui, out);
        self.computer_settings(ui, out);
        self.thinking_row(ui, out);
        let mut show = self.show_analysis;
        if ui
            .checkbox(&mut show, "Show the computer's analysis")
            .changed()
        {
            out.push(Action::ShowAnalysis(show));
        }
        if self.show_analysis {
            match &self.analysis {
                Some(a) => analysis(ui, a),
                None => {
                    ui.weak("No analysis yet: the computer has not searched.");
                }
            }
        }
        ui.separator();
        self.analysis_panel(ui, out);
        ui.separator();
        self.move_list(ui, out);
    }

    fn game_buttons(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        ui.horizontal_wrapped(|ui| {
            if ui.button("New game").on_hover_text("Ctrl+N").clicked() {
                out.push(Action::NewGame);
            }
            if ui
                .add_enabled(self.can_undo(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                out.push(Action::Undo);
            }
            if ui
                .add_enabled(self.game.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                out.push(Action::Redo);
            }
            if ui.button("Flip").on_hover_text("F").clicked() {
                out.push(Action::Flip);
            }
        });
    }

    /// Which sides the computer plays, and its level.
    fn computer_settings(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        ui.horizontal(|ui| {
            let label = ui.label("Computer plays:");
            let mut computer = self.computer;
            let _ = egui::ComboBox::from_id_salt("myriad-computer")
                .selected_text(self.computer.label())
                .show_ui(ui, |ui| {
                    for c in Computer::ALL {
                        ui.selectable_value(&mut computer, c, c.label());
                    }
                })
                .response
                .labelled_by(label.id);
            if computer != self.computer {
                out.push(Action::SetComputer(computer));
            }
        });
        // Each level says what it means: its depth, its time, and its rating once measured.
        ui.horizontal(|ui| {
            let label = ui.label("Level:");
            let mut level = self.level;
            let _ = egui::ComboBox::from_id_salt("myriad-level")
                .selected_text(ai::level_text(self.level))
                .width(ui.available_width())
                // a narrow panel cuts the text short rather than stay wide (the hover has it)
                .truncate()
                .show_ui(ui, |ui| {
                    for l in 1..=10 {
                        ui.selectable_value(&mut level, l, ai::level_text(l))
                            .on_hover_text(ai::level_help(l));
                    }
                })
                .response
                .labelled_by(label.id)
                .on_hover_text(format!(
                    "{}\n{}",
                    ai::level_text(self.level),
                    ai::level_help(self.level)
                ));
            if level != self.level {
                out.push(Action::SetLevel(level));
            }
        });
    }

    /// While the computer thinks: the clock, Stop and Move now.
    fn thinking_row(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let Some(t) = &self.thinking else { return };
        ui.horizontal(|ui| {
            ui.spinner();
            let secs = self.now() - t.started;
            ui.label(format!("Thinking… {secs:.1}s"));
            if ui.button("Stop").clicked() {
                out.push(Action::StopThinking);
            }
            if ui
                .add_enabled(t.best_so_far.is_some(), egui::Button::new("Move now"))
                .clicked()
            {
                out.push(Action::MoveNow);
            }
        });
    }

    /// The moves played, setup steps first; a click shows the position after that move.
    fn move_list(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let shown = self.shown_plies();
        let history = self.game.history();
        let has_steps = self.variant().setup().is_some_and(|s| !s.steps.is_empty());
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                let setup_count = history.iter().take_while(|p| p.mv.is_setup()).count();
                if has_steps {
                    ui.label(RichText::new("Setup").strong());
                    if ui.selectable_label(shown == 0, "start position").clicked() {
                        out.push(Action::ViewPly(0));
                    }
                    setup_steps(ui, &history[..setup_count], shown, out);
                    if self.game.in_setup() {
                        ui.weak("…");
                    }
                    ui.separator();
                }
                if !self.game.in_setup() {
                    ui.label(RichText::new("Moves").strong());
                }
                egui::Grid::new("myriad-moves")
                    .num_columns(3)
                    .min_col_width(24.0)
                    .striped(true)
                    .show(ui, |ui| moves_grid(ui, history, setup_count, shown, out));
                if let Some(o) = self.game.outcome() {
                    ui.label(RichText::new(o.pgn_result()).strong());
                }
            });
    }
}

/// The setup steps of the move list: "Black: swap e8 g8", "White: keep".
fn setup_steps(ui: &mut Ui, steps: &[Ply], shown: usize, out: &mut Vec<Action>) {
    for (i, p) in steps.iter().enumerate() {
        let side = p.before.turn();
        let text = match p.mv.kind {
            MoveKind::Pass => format!("{side}: keep"),
            _ => format!("{side}: {}", p.san),
        };
        if ui.selectable_label(shown == i + 1, text).clicked() {
            out.push(Action::ViewPly(i + 1));
        }
    }
}

/// The moves of the game proper, a numbered row per move pair (`1. e4 e5`, `3. … Nf6`).
fn moves_grid(ui: &mut Ui, history: &[Ply], first: usize, shown: usize, out: &mut Vec<Action>) {
    let side = |i: usize| history[i].before.turn();
    let mut i = first;
    while i < history.len() {
        ui.weak(format!("{}.", history[i].before.fullmove_number()));
        if side(i) == Color::Black {
            ui.weak("…");
        }
        let mut j = i;
        loop {
            if ui
                .selectable_label(shown == j + 1, &history[j].san)
                .clicked()
            {
                out.push(Action::ViewPly(j + 1));
            }
            j += 1;
            if j >= history.len() || side(j) == Color::White || side(j - 1) == Color::Black {
                break;
            }
        }
        ui.end_row();
        i = j;
    }
}

/// The computer's latest analysis: evaluation, depth, nodes and the best line, written out
/// here from its moves and score.
fn analysis(ui: &mut Ui, a: &Analysis) {
    egui::Grid::new("myriad-analysis")
        .num_columns(2)
        .show(ui, |ui| {
            ui.label("Evaluation");
            ui.monospace(score_text(a.white_score()));
            ui.end_row();
            ui.label("Depth");
            ui.monospace(a.depth.to_string());
            ui.end_row();
            ui.label("Nodes");
            let nps = if a.seconds > 0.0 {
                a.nodes as f64 / a.seconds
            } else {
                0.0
            };
            ui.monospace(format!("{} ({:.0} kn/s)", a.nodes, nps / 1000.0));
            ui.end_row();
        });
    ui.label("Best line:");
    let line = a.game.line_san(&a.pv).join(" ");
    ui.add(egui::Label::new(RichText::new(line).monospace()).wrap());
}

/// A score from White's point of view as text: `+0.35`, `#3` (White mates), `-#2`.
pub(super) fn score_text(white: Score) -> String {
    match white {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(n) if n >= 0 => format!("#{n}"),
        Score::Mate(n) => format!("-#{}", -n),
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn scores_read_from_whites_side() {
        assert_eq!(score_text(Score::Cp(35)), "+0.35");
        assert_eq!(score_text(Score::Cp(-120)), "-1.20");
        assert_eq!(score_text(Score::Cp(0)), "+0.00");
        assert_eq!(score_text(Score::Mate(3)), "#3");
        assert_eq!(score_text(Score::Mate(-2)), "-#2");
    }

    #[test]
    fn a_line_is_written_in_san_as_far_as_it_is_legal() {
        let g = Game::new_seeded(crate::rules::load("chess").unwrap(), 0);
        let e4 = g.parse_move("e4").unwrap();
        let mut after = g.clone();
        after.play(e4).unwrap();
        let e5 = after.parse_move("e5").unwrap();
        // e4 again is not legal after e4 e5: the line stops there
        assert_eq!(g.line_san(&[e4, e5, e4]), ["e4", "e5"]);
    }
}
