//! The window's layout: the menu bar on top, the status bar below, the side panel (game and
//! rules tabs) on the right, and the banners above the board in the middle. Drawing only reads
//! the app's state; what the user asks for is collected as [`Action`]s and applied once the
//! frame is drawn ([`MyriadApp::apply`]).

use egui::{pos2, vec2, Color32, Rect, Ui, UiBuilder};

use crate::game::Phase;
use crate::types::Color;
use crate::variant::Origin;

use super::action::Action;
use super::analysis_panel::GUTTER;
use super::app::{MyriadApp, Tab};
use super::board::{self, BoardState, BoardView};
use super::strips::STRIP;

/// The height of the strip above the board where the banners go.
pub(super) const BANNER_STRIP: f32 = 104.0;
/// The side panel's width at first, and the range the user may drag it in.
const SIDE_DEFAULT: f32 = 330.0;
const SIDE_MIN: f32 = 260.0;
const SIDE_MAX: f32 = 640.0;

impl MyriadApp {
    /// Draws the whole window, then applies what the user asked for in it.
    pub fn draw(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        // The board's selection and drag live across frames: the one piece of widget state
        // the drawing changes, lent to it while the rest of the app is only read.
        let mut board = std::mem::take(&mut self.board);
        let mut actions = Vec::new();
        self.panels(ui, &mut board, &mut actions);
        self.board = board;
        actions.extend(self.picker_frame(&ctx));
        drop_hint(&ctx);
        self.apply_all(actions);
    }

    fn panels(&self, ui: &mut Ui, board: &mut BoardState, out: &mut Vec<Action>) {
        egui::Panel::top("myriad-menu")
            .resizable(false)
            .show(ui, |ui| self.menu_bar(ui, out));
        egui::Panel::bottom("myriad-status")
            .resizable(false)
            .show(ui, |ui| self.status_bar(ui));
        // The user drags the panel's edge to resize it; its contents fill the width given.
        // Its width at start is the one remembered from the last run.
        let width = self.side_width.get().unwrap_or(SIDE_DEFAULT);
        let side = egui::Panel::right("myriad-side")
            .resizable(true)
            .default_size(width.clamp(SIDE_MIN, SIDE_MAX))
            .size_range(SIDE_MIN..=SIDE_MAX)
            .show(ui, |ui| {
                self.side_panel(ui, out);
                ui.take_available_space();
            });
        self.side_width.set(Some(side.response.rect.width()));
        egui::CentralPanel::default().show(ui, |ui| {
            // The banners have a strip of their own, of a fixed height (they scroll in it when
            // there are many), so the board below keeps its size and place when one comes or
            // goes: click targets do not move between steps.
            let all = ui.available_rect_before_wrap();
            let strip = Rect::from_min_size(all.min, vec2(all.width(), BANNER_STRIP));
            let below = Rect::from_min_max(pos2(all.min.x, strip.max.y + 4.0), all.max);
            ui.scope_builder(UiBuilder::new().max_rect(strip), |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("myriad-banners")
                    .auto_shrink(false)
                    .max_height(BANNER_STRIP)
                    .show(ui, |ui| self.banners(ui, out));
            });
            ui.scope_builder(UiBuilder::new().max_rect(below), |ui| {
                self.board_area(ui, board, out);
            });
            self.problem_details(ui.ctx(), below, out);
        });
        self.paste_window(ui.ctx(), out);
        self.discard_modal(ui.ctx(), out);
    }

    fn status_bar(&self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let where_from = match &self.source {
                Origin::Bundled(n) => format!("bundled: {n}.rules"),
                Origin::File(p) => format!("{} (watching for changes)", p.display()),
            };
            ui.weak(where_from);
            if let Some(msg) = self.toast() {
                ui.separator();
                ui.label(msg);
            }
        });
    }

    /// The board: the position on show, and the user's moves when it is their turn.
    fn board_area(&self, ui: &mut Ui, state: &mut BoardState, out: &mut Vec<Action>) {
        let n = self.shown_plies();
        let live = self.view.is_none();
        let pos = self.game.position_after(n);
        let last = n.checked_sub(1).map(|i| self.game.history()[i].mv);
        let v = self.game.variant();
        let in_check = if live {
            self.game.is_check()
        } else {
            // after ply n the game proper has begun when the next ply is not a setup step
            let setup = match self.game.history().get(n) {
                Some(p) => matches!(p.phase_before, Phase::Setup { .. }),
                None => self.game.in_setup(),
            };
            !setup && pos.is_check(v)
        };
        let check = in_check.then(|| pos.king(pos.turn()));
        let user_turn = live
            && !self.computer.plays(self.game.turn())
            && self.forced().is_none()
            && self.rules_changed.is_none();
        // While the computer thinks against a human, the human may premove: the moves of
        // the human's side as if it were to move, kept until its turn comes.
        let premoving = live
            && !user_turn
            && self.computer.plays(self.game.turn())
            && !self.computer.plays(!self.game.turn())
            && !self.game.in_setup()
            && self.game.outcome().is_none()
            && self.rules_changed.is_none();
        let mut pos = pos;
        let legal = if user_turn {
            self.game.legal_moves()
        } else if premoving {
            pos.set_turn(!pos.turn());
            pos.legal_moves(v).iter().copied().collect()
        } else {
            Vec::new()
        };
        let marks = self.analysis_marks();
        let mut goals = self.game.goal_squares(Color::White);
        for sq in self.game.goal_squares(Color::Black) {
            if !goals.contains(&sq) {
                goals.push(sq);
            }
        }
        let view = BoardView {
            goals: &goals,
            variant: v,
            pos: &pos,
            premoving,
            flipped: self.flipped,
            last_move: last,
            check,
            legal: &legal,
            setup: live && self.game.in_setup(),
            marks: &marks,
        };
        // The strips take a fixed height above and below, so the board's size and place
        // depend only on the window and the panel.
        let all = ui.available_rect_before_wrap();
        // A gutter each side (the evaluation bar's at the left) is kept whether analysis is on
        // or off, so the board never moves when it turns on.
        let avail = vec2(all.width() - 2.0 * GUTTER, all.height() - 2.0 * STRIP);
        let sz = board::square_size(v, avail);
        let g = v.geometry();
        let w = sz * g.files as f32;
        let h = sz * g.ranks as f32;
        let left = all.center().x - w / 2.0;
        let top_strip = Rect::from_min_size(pos2(left, all.min.y), vec2(w, STRIP));
        let board_rect = Rect::from_min_size(pos2(left, top_strip.max.y), vec2(w, h));
        let bottom_strip = Rect::from_min_size(pos2(left, board_rect.max.y), vec2(w, STRIP));
        let bottom = if self.flipped {
            Color::Black
        } else {
            Color::White
        };
        for (rect, side) in [(top_strip, !bottom), (bottom_strip, bottom)] {
            ui.scope_builder(UiBuilder::new().max_rect(rect), |ui| {
                self.player_strip(ui, side, &legal, state, out)
            });
        }
        let played = ui
            .scope_builder(UiBuilder::new().max_rect(board_rect), |ui| {
                board::show(ui, &view, state)
            })
            .inner;
        if let Some(m) = played {
            out.push(Action::Play(m));
        }
        let gutter = Rect::from_min_max(
            pos2(left - GUTTER, board_rect.min.y),
            board_rect.left_bottom(),
        );
        self.evaluation_bar_view(ui, gutter);
    }

    fn side_panel(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        ui.add_space(4.0);
        ui.heading(self.variant().name().to_string());
        ui.horizontal(|ui| {
            for (tab, label) in [(Tab::Game, "Game"), (Tab::Rules, "Rules")] {
                if ui.selectable_label(self.tab == tab, label).clicked() {
                    out.push(Action::SetTab(tab));
                }
            }
        });
        ui.separator();
        match self.tab {
            Tab::Game => self.game_tab(ui, out),
            Tab::Rules => self.rules_tab(ui, out),
        }
    }
}

/// Files hovering over the window: say what dropping does.
fn drop_hint(ctx: &egui::Context) {
    let hovering = ctx.input(|i| !i.raw.hovered_files.is_empty());
    if !hovering {
        return;
    }
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::unique("myriad-drop"),
    ));
    let r = ctx.content_rect();
    painter.rect_filled(r, 0.0, Color32::from_black_alpha(170));
    painter.text(
        r.center(),
        egui::Align2::CENTER_CENTER,
        "Drop a .rules file to open it (or a .pgn game to load it)",
        egui::FontId::proportional(24.0),
        Color32::WHITE,
    );
}
