//! The analysis mode's views (`analysis.rs` keeps its state): its section of the Game tab (the
//! switch, how many lines, the lines with their scores, depth and moves) and the evaluation bar
//! beside the board. They only read the state and push [`Action`]s.

use egui::{Color32, Rect, RichText, Sense, Stroke, Ui};

use crate::game::Game;
use crate::types::{Color, Move, MoveKind};

use super::action::Action;
use super::ai::Analysis;
use super::analysis::MAX_LINES;
use super::app::MyriadApp;
use super::game_tab::score_text;

/// The width of the gutter kept free at the board's left for the evaluation bar (and, to keep
/// the board centred, at its right too): the board's place does not depend on the mode.
pub(super) const GUTTER: f32 = 22.0;
/// The bar's own width inside the gutter.
const BAR: f32 = 14.0;

impl MyriadApp {
    /// The analysis section of the Game tab.
    pub(super) fn analysis_panel(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let a = &self.analyser;
        ui.horizontal(|ui| {
            let mut on = a.on;
            if ui
                .toggle_value(&mut on, "Analysis")
                .on_hover_text(
                    "L: the best lines of the position on show, whoever plays, \
                     beside the computer's own search",
                )
                .changed()
            {
                out.push(Action::AnalysisMode(on));
            }
            if !a.on {
                return;
            }
            let label = ui.label("Lines:");
            let mut n = a.wanted;
            let _ = egui::ComboBox::from_id_salt("myriad-analysis-lines")
                .selected_text(n.to_string())
                .width(36.0)
                .show_ui(ui, |ui| {
                    for k in 1..=MAX_LINES {
                        ui.selectable_value(&mut n, k, k.to_string());
                    }
                })
                .response
                .labelled_by(label.id);
            if n != a.wanted {
                out.push(Action::AnalysisLines(n));
            }
        });
        if a.on {
            self.analysis_body(ui, out);
        }
    }

    /// What the analysis knows of the position on show, or why it has nothing to say.
    fn analysis_body(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let a = &self.analyser;
        let Some(game) = a.game.as_deref() else {
            ui.weak("Starting…");
            return;
        };
        if let Some(o) = game.outcome() {
            ui.weak(format!("The game is over ({o}): nothing to analyse."));
            return;
        }
        if game.in_setup() {
            self.setup_suggestion(ui, game, out);
            return;
        }
        let lines = self.analysis_lines();
        let Some(first) = lines.first() else {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.weak("Searching…");
            });
            return;
        };
        ui.weak(format!(
            "Depth {}, {} nodes, {:.1} s",
            first.depth,
            first.nodes,
            first.seconds.max(0.0)
        ));
        for line in lines {
            self.analysis_line(ui, line, out);
        }
    }

    /// One line: its score, its first move (a button that plays it, when the user may), and
    /// the rest of its moves, numbered.
    fn analysis_line(&self, ui: &mut Ui, line: &Analysis, out: &mut Vec<Action>) {
        let words = numbered(&line.game, &line.game.line_san(&line.pv));
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(score_text(line.white_score()))
                    .monospace()
                    .strong(),
            );
            let Some((number, first, rest)) = words else {
                return;
            };
            ui.monospace(number);
            self.first_move_button(ui, line.pv[0], &first, out);
            if !rest.is_empty() {
                ui.add(egui::Label::new(RichText::new(rest).monospace()).wrap());
            }
        });
    }

    /// A line's first move: clicking it plays it on the live game when it is the user's turn.
    fn first_move_button(&self, ui: &mut Ui, m: Move, san: &str, out: &mut Vec<Action>) {
        let may = self.may_play_from_analysis(m);
        let r = ui
            .add_enabled(
                may,
                egui::Button::new(RichText::new(san).monospace()).small(),
            )
            .on_hover_text("Play this move")
            .on_disabled_hover_text("Playable on the live game, on your turn");
        if r.clicked() {
            out.push(Action::Play(m));
        }
    }

    /// The setup phase: the search does not score steps, so say so, and show the step it
    /// would take.
    fn setup_suggestion(&self, ui: &mut Ui, game: &Game, out: &mut Vec<Action>) {
        ui.weak(
            "Setup phase: the search does not score setup steps (it tries the arrays they \
             lead to), so there is no evaluation or line until the game proper begins.",
        );
        let a = &self.analyser;
        match a.suggestion {
            Some(m) => {
                ui.horizontal(|ui| {
                    ui.label("The search would play:");
                    let text = match m.kind {
                        MoveKind::Pass => "keep".to_string(),
                        _ => game.san(m),
                    };
                    self.first_move_button(ui, m, &text, out);
                });
            }
            None if a.answered => {
                ui.weak("No step to suggest.");
            }
            None => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.weak("Choosing a step…");
                });
            }
        }
    }

    /// The evaluation bar in `gutter` (the strip at the board's left): White's share from the
    /// bottom (from the top when the board is flipped), nothing while the mode is off or has no
    /// evaluation.
    pub(super) fn evaluation_bar_view(&self, ui: &mut Ui, gutter: Rect) {
        let Some(share) = self.evaluation_bar() else {
            return;
        };
        let rect = Rect::from_min_max(
            egui::pos2(gutter.max.x - BAR - 4.0, gutter.min.y),
            egui::pos2(gutter.max.x - 4.0, gutter.max.y),
        );
        let score = self
            .analysis_lines()
            .first()
            .map(|l| score_text(l.white_score()));
        let id = egui::Id::unique("myriad-evaluation-bar");
        let r = ui.interact(rect, id, Sense::hover());
        let label = format!("Evaluation bar: White {:.0}%", share * 100.0);
        r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Meter, true, &label));
        if let Some(s) = &score {
            r.on_hover_text(s);
        }
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 2.0, Color32::from_gray(50));
        let h = rect.height() * share.clamp(0.0, 1.0);
        let white = if self.flipped {
            Rect::from_min_size(rect.min, egui::vec2(rect.width(), h))
        } else {
            Rect::from_min_max(egui::pos2(rect.min.x, rect.max.y - h), rect.max)
        };
        painter.rect_filled(white, 2.0, Color32::from_gray(235));
        // the even line, as lichess marks it
        let y = rect.center().y;
        painter.line_segment(
            [egui::pos2(rect.min.x, y), egui::pos2(rect.max.x, y)],
            Stroke::new(1.0, Color32::from_rgb(200, 80, 60)),
        );
    }
}

/// A line's moves with their numbers: the number before the first move ("12." or "12…"), the
/// first move, and the rest as text ("Nf6 13. Bxf6 gxf6"). `None` for an empty line.
fn numbered(game: &Game, sans: &[String]) -> Option<(String, String, String)> {
    let (first, rest) = sans.split_first()?;
    let mut number = game.position().fullmove_number();
    let mut turn = game.turn();
    let head = match turn {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}…"),
    };
    let mut words = Vec::new();
    for san in rest {
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
        if turn == Color::White {
            words.push(format!("{number}."));
        }
        words.push(san.clone());
    }
    Some((head, first.clone(), words.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_from_the_position_they_start_in() {
        let mut g = Game::new_seeded(crate::rules::load("chess").unwrap(), 0);
        let s = |v: &[&str]| v.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        let (n, first, rest) = numbered(&g, &s(&["e4", "e5", "Nf3"])).unwrap();
        assert_eq!((n.as_str(), first.as_str()), ("1.", "e4"));
        assert_eq!(rest, "e5 2. Nf3");
        let e4 = g.parse_move("e4").unwrap();
        g.play(e4).unwrap();
        let (n, first, rest) = numbered(&g, &s(&["e5", "Nf3", "Nc6"])).unwrap();
        assert_eq!((n.as_str(), first.as_str()), ("1…", "e5"));
        assert_eq!(rest, "2. Nf3 Nc6");
        assert!(numbered(&g, &[]).is_none());
    }
}
