//! The strips above and below the board, one per side, as on lichess: the player's name, the
//! pieces in hand (a placement or drop game: picked up from here by a click or a drag, and
//! dropped on a highlighted square), the material one side leads by, and the clock. The side
//! at the bottom of the board has the bottom strip. Each strip has a fixed height, so the board
//! never moves when what they show changes.

use egui::{vec2, Align, Color32, Layout, Rect, RichText, Sense, Ui};

use crate::search::material::{material_edge, piece_values};
use crate::types::{Color, Move, Piece};

use super::action::Action;
use super::app::MyriadApp;
use super::board::{BoardState, HandPick};
use super::paint::paint_piece;
use super::pgn;

/// The height of a strip, in points.
pub(super) const STRIP: f32 = 40.0;

impl MyriadApp {
    /// The strip of side `c`; `legal` holds the user's moves now (none when it is not the
    /// user's turn), from which the hand's pieces that can be placed are known.
    pub(super) fn player_strip(
        &self,
        ui: &mut Ui,
        c: Color,
        legal: &[Move],
        board: &mut BoardState,
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
            self.hand(ui, c, legal, board);
            self.material(ui, c);
            self.checks(ui, c);
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                self.clock_face(ui, c);
            });
        });
    }

    /// The pieces side `c` holds in hand, each with its count; the user picks one up by a
    /// click or a drag when it may be placed now.
    fn hand(&self, ui: &mut Ui, c: Color, legal: &[Move], board: &mut BoardState) {
        let v = self.game.variant();
        if !v.has_hands() {
            return;
        }
        let pos = self.game.position_after(self.shown_plies());
        let sz = STRIP - 6.0;
        for role in v.roles() {
            let n = pos.hand_count(c, role);
            if n == 0 {
                continue;
            }
            let can_place = legal.iter().any(|m| m.drop_role() == Some(role)) && pos.turn() == c;
            let sense = if can_place {
                Sense::click_and_drag()
            } else {
                Sense::hover()
            };
            let width = if n > 1 { sz * 1.45 } else { sz };
            let (rect, resp) = ui.allocate_exact_size(vec2(width, sz), sense);
            let name = v.role(role).name.to_lowercase();
            let label = format!("{c}'s hand: {name} ×{n}");
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, can_place, &label));
            let picked = board.hand.is_some_and(|h| h.role == role) && can_place;
            // a light tray, so pieces of either colour read on the dark panel
            ui.painter()
                .rect_filled(rect, 4.0, Color32::from_rgb(205, 190, 165));
            if picked {
                ui.painter().rect_filled(
                    rect,
                    4.0,
                    Color32::from_rgba_unmultiplied(20, 85, 30, 128),
                );
            } else if can_place {
                let ring = Color32::from_rgb(224, 170, 20);
                ui.painter().rect_stroke(
                    rect,
                    4.0,
                    egui::Stroke::new(2.0, ring),
                    egui::StrokeKind::Inside,
                );
            }
            let dragging = board
                .hand
                .is_some_and(|h| h.role == role && h.drag.is_some());
            let alpha = if dragging { 0.35 } else { 1.0 };
            let piece_rect = Rect::from_min_size(rect.min, vec2(sz, sz));
            paint_piece(ui.painter(), v, Piece { color: c, role }, piece_rect, alpha);
            if n > 1 {
                ui.painter().text(
                    rect.right_bottom() - vec2(2.0, 2.0),
                    egui::Align2::RIGHT_BOTTOM,
                    n.to_string(),
                    egui::FontId::proportional(13.0),
                    Color32::from_gray(25),
                );
            }
            let resp = resp.on_hover_text(if can_place {
                format!("Place a {name}: click it or drag it to a highlighted square")
            } else {
                format!("{n} {name} in hand")
            });
            if resp.drag_started_by(egui::PointerButton::Primary) {
                board.hand = Some(HandPick {
                    role,
                    drag: resp.interact_pointer_pos(),
                });
            } else if resp.clicked() {
                board.hand = if picked {
                    None
                } else {
                    Some(HandPick { role, drag: None })
                };
            }
        }
    }

    /// The material side `c` leads by: the pieces it has more of, and "+3".
    fn material(&self, ui: &mut Ui, c: Color) {
        let v = self.game.variant();
        let pos = self.game.position_after(self.shown_plies());
        let values = piece_values(v);
        let edge = material_edge(v, &pos, &values);
        let e = &edge[c];
        if e.roles.is_empty() && e.points == 0 {
            return;
        }
        ui.add_space(6.0);
        let sz = 20.0;
        for &role in &e.roles {
            let (rect, _) = ui.allocate_exact_size(vec2(sz * 0.7, sz), Sense::hover());
            let r = Rect::from_center_size(rect.center(), vec2(sz, sz));
            paint_piece(ui.painter(), v, Piece { color: !c, role }, r, 0.85);
        }
        let pawns = (e.points as f32 / 100.0).round() as i32;
        if pawns > 0 {
            ui.weak(format!("+{pawns}"));
        }
    }

    /// The checks side `c` has given, in a game won by giving N of them (Three-check): a red
    /// cross for each check given and a grey one for each still to give, then "1/3 checks".
    fn checks(&self, ui: &mut Ui, c: Color) {
        let v = self.game.variant();
        let pos = self.game.position_after(self.shown_plies());
        let (Some(n), Some(left)) = (v.end().goals.checks, pos.checks_remaining(v, c)) else {
            return;
        };
        let given = n.saturating_sub(left);
        ui.add_space(8.0);
        let sz = 14.0;
        for i in 0..n {
            let (rect, _) = ui.allocate_exact_size(vec2(sz, sz), Sense::hover());
            let colour = if i < given {
                Color32::from_rgb(210, 40, 40)
            } else {
                Color32::from_gray(150)
            };
            let k = rect.width() * 0.38;
            let stroke = egui::Stroke::new(rect.width() * 0.22, colour);
            let o = rect.center();
            ui.painter()
                .line_segment([o - vec2(k, 0.0), o + vec2(k, 0.0)], stroke);
            ui.painter()
                .line_segment([o - vec2(0.0, k), o + vec2(0.0, k)], stroke);
        }
        let side = match c {
            Color::White => "White",
            Color::Black => "Black",
        };
        ui.weak(format!("{given}/{n} checks"))
            .on_hover_text(format!(
                "{side} has given {given} of the {n} checks that win the game"
            ));
    }

    /// The clock of side `c`, at the strip's right end (nothing when the game has no clock).
    fn clock_face(&self, ui: &mut Ui, c: Color) {
        self.clock_face_view(ui, c);
    }
}
