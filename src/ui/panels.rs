//! Drawing: the menu bar, banners, the board area, the side panel (game and rules tabs), the
//! status bar; and the keyboard shortcuts. Everything here reads the state in `app.rs` and
//! calls its actions.

use std::time::Instant;

use egui::{Color32, Key, KeyboardShortcut, Modifiers, RichText, Ui};

use crate::game::Phase;
use crate::types::{Color, Move, MoveKind, Piece};

use super::app::{Computer, MyriadApp, Source, Tab};
use super::board::{self, BoardView};
use super::files::Purpose;

const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
const NEW: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
const REDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
const REDO2: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
const LOAD: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::L);
const RELOAD: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::R);

impl eframe::App for MyriadApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        self.logic_pass(ctx);
    }

    fn ui(&mut self, ui: &mut Ui, frame: &mut eframe::Frame) {
        // eframe's timing of the previous whole frame (egui, tessellation, rendering)
        if let Some(s) = frame.info().cpu_usage {
            self.stats.full_ms.push(s * 1000.0);
            if self.thinking.is_some() {
                self.stats.thinking_full_ms.push(s * 1000.0);
            }
        }
        self.ui_pass(ui);
    }
}

impl MyriadApp {
    /// One whole frame, as eframe runs it: [`MyriadApp::logic_pass`] then
    /// [`MyriadApp::ui_pass`]. Tests drive the app through this.
    pub fn frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        self.logic_pass(&ctx);
        self.ui_pass(ui);
    }

    /// The non-drawing part of a frame: background results, timers, shortcuts.
    pub fn logic_pass(&mut self, ctx: &egui::Context) {
        self.attach(ctx);
        self.frame_begin();
        self.poll(ctx);
        self.shortcuts(ctx);
    }

    /// The drawing part of a frame.
    pub fn ui_pass(&mut self, ui: &mut Ui) {
        self.attach(ui.ctx());
        self.draw(ui);
        // a move made in this frame is on disk before the app waits for the next event
        self.autosave_now();
        self.frame_end();
    }

    /// The offer of a game a previous run did not close cleanly on.
    fn restore_banner(&mut self, ui: &mut Ui) {
        let (mut restore, mut discard) = (false, false);
        egui::Frame::new()
            .fill(ui.visuals().extreme_bg_color)
            .stroke(egui::Stroke::new(1.0, ui.visuals().warn_fg_color))
            .inner_margin(8.0)
            .corner_radius(4.0)
            .show(ui, |ui| match &self.restore {
                Some(crate::ui::Offer::Game { variant, game, .. }) => {
                    ui.label(format!(
                        "Myriad did not close properly last time. Restore the unfinished \
                             game of {} ({})?",
                        variant.name(),
                        progress(game)
                    ));
                    ui.horizontal(|ui| {
                        restore = ui.button("Restore").clicked();
                        discard = ui.button("Discard").clicked();
                    });
                }
                Some(crate::ui::Offer::Unreadable { kept, why }) => {
                    ui.label(format!(
                        "The unfinished game from last time cannot be restored: {why}. \
                             It is kept in {}.",
                        kept.display()
                    ));
                    discard = ui.button("Dismiss").clicked();
                }
                None => {}
            });
        if restore {
            self.restore_game();
        }
        if discard {
            self.discard_restore();
        }
        ui.add_space(4.0);
    }

    fn frame_begin(&mut self) {
        let now = Instant::now();
        if let Some(last) = self.stats.last_start {
            let dt = now.duration_since(last).as_secs_f32() * 1000.0;
            self.stats.interval_ms.push(dt);
            if self.thinking.is_some() {
                self.stats.thinking_interval_ms.push(dt);
            }
        }
        self.stats.last_start = Some(now);
    }

    fn frame_end(&mut self) {
        let Some(start) = self.stats.last_start else {
            return;
        };
        let ms = start.elapsed().as_secs_f32() * 1000.0;
        self.stats.build_ms.push(ms);
        if self.thinking.is_some() {
            self.stats.thinking_build_ms.push(ms);
        }
        for v in [
            &mut self.stats.build_ms,
            &mut self.stats.interval_ms,
            &mut self.stats.thinking_build_ms,
            &mut self.stats.thinking_interval_ms,
            &mut self.stats.full_ms,
            &mut self.stats.thinking_full_ms,
        ] {
            if v.len() > 4000 {
                v.drain(..2000);
            }
        }
        if self.opts.frame_stats {
            let due = self
                .stats
                .last_print
                .is_none_or(|t| t.elapsed().as_secs_f32() > 3.0);
            if due {
                self.stats.last_print = Some(Instant::now());
                let summary = |v: &[f32]| {
                    if v.is_empty() {
                        return "n/a".to_string();
                    }
                    let mut s = v.to_vec();
                    s.sort_by(|a, b| a.total_cmp(b));
                    let p = |q: f32| s[((s.len() - 1) as f32 * q) as usize];
                    format!(
                        "n={} mean={:.2} p50={:.2} p95={:.2} max={:.2}",
                        s.len(),
                        s.iter().sum::<f32>() / s.len() as f32,
                        p(0.5),
                        p(0.95),
                        s[s.len() - 1]
                    )
                };
                eprintln!(
                    "frame-stats thinking={} build_ms[{}] full_frame_ms[{}] interval_ms[{}] \
                     thinking_build_ms[{}] thinking_full_frame_ms[{}] thinking_interval_ms[{}]",
                    self.thinking.is_some(),
                    summary(&self.stats.build_ms),
                    summary(&self.stats.full_ms),
                    summary(&self.stats.interval_ms),
                    summary(&self.stats.thinking_build_ms),
                    summary(&self.stats.thinking_full_ms),
                    summary(&self.stats.thinking_interval_ms),
                );
            }
        }
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        let modal_open = self.picker.is_some() || self.native.is_some();
        if modal_open {
            return;
        }
        let pressed = |s: &KeyboardShortcut| ctx.input_mut(|i| i.consume_shortcut(s));
        if pressed(&OPEN) {
            self.open_dialog(Purpose::OpenRules);
        }
        if pressed(&NEW) {
            self.new_game();
        }
        if pressed(&REDO2) || pressed(&REDO) {
            self.redo();
        }
        if pressed(&UNDO) {
            self.undo();
        }
        if pressed(&SAVE) {
            self.open_dialog(Purpose::SavePgn);
        }
        if pressed(&LOAD) {
            self.open_dialog(Purpose::OpenPgn);
        }
        if pressed(&RELOAD) {
            self.reload();
        }
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        let key = |k: Key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, k));
        if key(Key::F) {
            self.flipped = !self.flipped;
        }
        if key(Key::ArrowLeft) {
            self.step_view(-1);
        }
        if key(Key::ArrowRight) {
            self.step_view(1);
        }
        if key(Key::ArrowUp) || key(Key::Home) {
            self.view_ply(0);
        }
        if key(Key::ArrowDown) || key(Key::End) {
            self.view_ply(usize::MAX);
        }
    }

    /// Draws the whole window.
    pub fn draw(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        egui::Panel::top("myriad-menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("myriad-status").show(ui, |ui| self.status_bar(ui));
        egui::Panel::right("myriad-side")
            .resizable(true)
            .default_size(330.0)
            .min_size(260.0)
            .show(ui, |ui| self.side_panel(ui));
        egui::CentralPanel::default().show(ui, |ui| {
            self.banners(ui);
            self.board_area(ui);
        });
        self.picker_frame(&ctx);
        // Files hovering over the window: say what dropping does.
        let hovering = ctx.input(|i| !i.raw.hovered_files.is_empty());
        if hovering {
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
    }

    fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui
                    .add(
                        egui::Button::new("Open rules file…")
                            .shortcut_text(ui.ctx().format_shortcut(&OPEN)),
                    )
                    .clicked()
                {
                    self.open_dialog(Purpose::OpenRules);
                }
                if ui.button("Open with the built-in browser…").clicked() {
                    self.open_picker(Purpose::OpenRules);
                }
                ui.menu_button("Open recent", |ui| {
                    let recent: Vec<_> = self.recent_files().to_vec();
                    if recent.is_empty() {
                        ui.weak("no recent files");
                    }
                    for p in recent {
                        if ui.button(p.display().to_string()).clicked() {
                            self.open(&p.display().to_string());
                        }
                    }
                    if !self.recent_files().is_empty() {
                        ui.separator();
                        if ui.button("Clear the list").clicked() {
                            self.recent.clear();
                        }
                    }
                });
                let is_file = matches!(self.source, Source::File(_));
                if ui
                    .add_enabled(
                        is_file,
                        egui::Button::new("Reload")
                            .shortcut_text(ui.ctx().format_shortcut(&RELOAD)),
                    )
                    .clicked()
                {
                    self.reload();
                }
                ui.separator();
                if ui
                    .add(
                        egui::Button::new("Load game (PGN)…")
                            .shortcut_text(ui.ctx().format_shortcut(&LOAD)),
                    )
                    .clicked()
                {
                    self.open_dialog(Purpose::OpenPgn);
                }
                if ui
                    .add(
                        egui::Button::new("Save game (PGN)…")
                            .shortcut_text(ui.ctx().format_shortcut(&SAVE)),
                    )
                    .clicked()
                {
                    self.open_dialog(Purpose::SavePgn);
                }
                ui.separator();
                if ui.button("Quit").clicked() {
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            ui.menu_button("Games", |ui| {
                ui.set_max_width(460.0);
                let entries = self.bundled.clone();
                for e in entries {
                    let current = self.source == Source::Bundled(e.name.clone());
                    let r = ui
                        .selectable_label(current, format!("{}  ({}.rules)", e.title, e.name))
                        .on_hover_text(&e.description);
                    if r.clicked() {
                        self.open(&e.name);
                        ui.close();
                    }
                }
            });
            ui.menu_button("Game", |ui| {
                if ui
                    .add(
                        egui::Button::new("New game").shortcut_text(ui.ctx().format_shortcut(&NEW)),
                    )
                    .clicked()
                {
                    self.new_game();
                }
                if ui
                    .add_enabled(
                        !self.game.history().is_empty(),
                        egui::Button::new("Undo").shortcut_text(ui.ctx().format_shortcut(&UNDO)),
                    )
                    .clicked()
                {
                    self.undo();
                }
                if ui
                    .add_enabled(
                        self.game.can_redo(),
                        egui::Button::new("Redo").shortcut_text(ui.ctx().format_shortcut(&REDO)),
                    )
                    .clicked()
                {
                    self.redo();
                }
                if ui
                    .add(egui::Button::new("Flip board").shortcut_text("F"))
                    .clicked()
                {
                    self.flipped = !self.flipped;
                }
            });
            ui.menu_button("Help", |ui| {
                ui.label(RichText::new("Keyboard").strong());
                for (k, what) in [
                    ("Ctrl+O", "open a rules file"),
                    ("Ctrl+N", "new game"),
                    ("Ctrl+Z / Ctrl+Y", "undo / redo"),
                    ("Ctrl+S / Ctrl+L", "save / load a PGN game"),
                    ("Ctrl+R", "reload the rules file"),
                    ("F", "flip the board"),
                    ("← → Home End", "step through the moves"),
                    ("Esc", "cancel a selection"),
                ] {
                    ui.horizontal(|ui| {
                        ui.monospace(k);
                        ui.label(what);
                    });
                }
            });
        });
    }

    fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            let where_from = match &self.source {
                Source::Bundled(n) => format!("bundled: {n}.rules"),
                Source::File(p) => format!("{} (watching for changes)", p.display()),
            };
            ui.weak(where_from);
            if let Some((msg, _)) = &self.toast {
                ui.separator();
                ui.label(msg);
            }
        });
    }

    /// Problems, changed rules, the setup step or the result: above the board.
    fn banners(&mut self, ui: &mut Ui) {
        if let Some(p) = self.problems.clone() {
            let mut dismiss = false;
            egui::Frame::new()
                .fill(ui.visuals().extreme_bg_color)
                .stroke(egui::Stroke::new(1.5, ui.visuals().error_fg_color))
                .inner_margin(8.0)
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(
                            RichText::new(&p.title)
                                .color(ui.visuals().error_fg_color)
                                .strong(),
                        );
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui.button("Dismiss").clicked() {
                                dismiss = true;
                            }
                            if ui
                                .button("Copy")
                                .on_hover_text("Copy the messages")
                                .clicked()
                            {
                                ui.ctx().copy_text(p.text.clone());
                            }
                        });
                    });
                    egui::ScrollArea::vertical()
                        .max_height(220.0)
                        .show(ui, |ui| {
                            if p.diagnostics.is_empty() {
                                ui.monospace(&p.text);
                            }
                            for d in &p.diagnostics {
                                diagnostic(ui, d);
                            }
                        });
                });
            if dismiss {
                self.problems = None;
            }
            ui.add_space(4.0);
        }
        if self.restore.is_some() {
            self.restore_banner(ui);
        }
        if self.rules_changed.is_some() {
            let mut new = false;
            let mut keep = false;
            egui::Frame::new()
                .fill(ui.visuals().extreme_bg_color)
                .inner_margin(8.0)
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(format!(
                            "{} changed: its new rules cannot continue this game.",
                            self.source.short()
                        ));
                        new = ui.button("New game with the new rules").clicked();
                        keep = ui.button("Keep playing the old rules").clicked();
                    });
                });
            if new {
                self.accept_changed_rules();
            }
            if keep {
                self.rules_changed = None;
            }
        }
        if let Some(o) = self.game.outcome() {
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
                                self.new_game();
                            }
                        });
                    });
                });
            ui.add_space(4.0);
        } else if let Some(prompt) = self.game.setup_prompt() {
            let mirror = self.mirror_step();
            let pass_legal = self.game.legal_moves().contains(&Move::PASS);
            let computer = self.computer.plays(self.game.turn()) && !mirror;
            let mut pass = false;
            egui::Frame::new()
                .fill(Color32::from_rgb(90, 70, 10))
                .inner_margin(8.0)
                .corner_radius(4.0)
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(
                            RichText::new("Setup")
                                .strong()
                                .color(Color32::from_rgb(255, 210, 90)),
                        );
                        let mut line = prompt.clone();
                        if mirror {
                            line.push_str(" — happens by itself…");
                        } else if computer {
                            line.push_str(" — the computer decides…");
                        }
                        ui.label(RichText::new(line).size(16.0).color(Color32::WHITE));
                        if pass_legal && !mirror && !computer && self.view.is_none() {
                            pass = ui
                                .button(RichText::new("Keep").strong())
                                .on_hover_text("Decline this step: the piece stays where it is")
                                .clicked();
                        }
                    });
                    if !mirror && !computer {
                        ui.weak("Click a highlighted piece, then the piece to swap it with.");
                    }
                });
            if pass {
                self.user_play(Move::PASS);
            }
            ui.add_space(4.0);
        }
        let randomized = self
            .variant
            .spec
            .setup
            .as_ref()
            .is_some_and(|s| s.randomized || s.shuffle.is_some());
        if randomized && self.game.history().is_empty() {
            ui.horizontal(|ui| {
                ui.label("Random start position.");
                if ui
                    .button("Re-roll")
                    .on_hover_text("Draw another start position")
                    .clicked()
                {
                    self.new_game();
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
                    self.view_ply(usize::MAX);
                }
            });
        }
        if self.ai_paused && self.computer.plays(self.game.turn()) && self.game.outcome().is_none()
        {
            ui.horizontal(|ui| {
                ui.label("The computer is paused.");
                if ui.button("Let the computer move").clicked() {
                    self.ai_paused = false;
                }
            });
        }
    }

    fn board_area(&mut self, ui: &mut Ui) {
        let n = self.shown_plies();
        let live = self.view.is_none();
        let pos = self.game.position_after(n);
        let last = n.checked_sub(1).map(|i| self.game.history()[i].mv);
        let v = self.variant.clone();
        let in_check = if live {
            self.game.is_check()
        } else {
            // after ply n the game proper has begun when the next ply is not a setup step
            let setup = match self.game.history().get(n) {
                Some(p) => matches!(p.phase_before, Phase::Setup { .. }),
                None => self.game.in_setup(),
            };
            !setup && pos.is_check(&v)
        };
        let check = in_check.then(|| pos.king(pos.turn()));
        let user_turn = live
            && !self.computer.plays(self.game.turn())
            && !self.mirror_step()
            && self.rules_changed.is_none();
        let legal = if user_turn {
            self.game.legal_moves()
        } else {
            Vec::new()
        };
        let view = BoardView {
            variant: &v,
            pos: &pos,
            flipped: self.flipped,
            last_move: last,
            check,
            legal: &legal,
            setup: live && self.game.in_setup(),
        };
        let played = ui
            .vertical_centered(|ui| board::show(ui, &view, &mut self.board))
            .inner;
        if let Some(m) = played {
            self.user_play(m);
        }
    }

    fn side_panel(&mut self, ui: &mut Ui) {
        ui.add_space(4.0);
        ui.heading(self.variant.name().to_string());
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.tab, Tab::Game, "Game");
            ui.selectable_value(&mut self.tab, Tab::Rules, "Rules");
        });
        ui.separator();
        match self.tab {
            Tab::Game => self.game_tab(ui),
            Tab::Rules => self.rules_tab(ui),
        }
    }

    fn game_tab(&mut self, ui: &mut Ui) {
        ui.horizontal_wrapped(|ui| {
            if ui.button("New game").on_hover_text("Ctrl+N").clicked() {
                self.new_game();
            }
            if ui
                .add_enabled(!self.game.history().is_empty(), egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(self.game.can_redo(), egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                self.redo();
            }
            if ui.button("Flip").on_hover_text("F").clicked() {
                self.flipped = !self.flipped;
            }
        });
        ui.add_space(4.0);
        // Who moves.
        let turn = self.game.turn();
        if self.game.outcome().is_none() {
            let who = if self.game.in_setup() {
                "to decide"
            } else {
                "to move"
            };
            ui.label(format!("{} {who}", capitalize(&turn.to_string())));
        }
        ui.separator();
        ui.horizontal(|ui| {
            let label = ui.label("Computer plays:");
            let before = self.computer;
            let _ = egui::ComboBox::from_id_salt("myriad-computer")
                .selected_text(self.computer.label())
                .show_ui(ui, |ui| {
                    for c in Computer::ALL {
                        ui.selectable_value(&mut self.computer, c, c.label());
                    }
                })
                .response
                .labelled_by(label.id);
            if before != self.computer {
                self.stop_ai();
                self.ai_paused = false;
            }
        });
        ui.horizontal(|ui| {
            ui.label("Level:");
            let r = ui.add(egui::Slider::new(&mut self.level, 1..=10));
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Slider, true, "Level"));
        });
        if let Some(t) = self.thinking.clone() {
            ui.horizontal(|ui| {
                ui.spinner();
                let secs = self.now() - t.started;
                ui.label(format!("Thinking… {secs:.1}s"));
                if ui.button("Stop").clicked() {
                    self.stop_button();
                }
                if ui
                    .add_enabled(t.best_so_far.is_some(), egui::Button::new("Move now"))
                    .clicked()
                {
                    self.move_now();
                }
            });
        }
        ui.checkbox(&mut self.show_analysis, "Show the computer's analysis");
        if self.show_analysis {
            match &self.analysis {
                Some(a) => {
                    egui::Grid::new("myriad-analysis")
                        .num_columns(2)
                        .show(ui, |ui| {
                            ui.label("Evaluation");
                            ui.monospace(&a.score);
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
                    ui.add(egui::Label::new(RichText::new(a.pv.join(" ")).monospace()).wrap());
                }
                None => {
                    ui.weak("No analysis yet: the computer has not searched.");
                }
            }
        }
        ui.separator();
        self.move_list(ui);
    }

    fn move_list(&mut self, ui: &mut Ui) {
        let shown = self.shown_plies();
        let mut goto = None;
        let history: Vec<(String, Move, Color, u32)> = self
            .game
            .history()
            .iter()
            .map(|p| {
                (
                    p.san.clone(),
                    p.mv,
                    p.before.turn(),
                    p.before.fullmove_number(),
                )
            })
            .collect();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                let setup_count = history.iter().take_while(|h| h.1.is_setup()).count();
                if self
                    .variant
                    .spec
                    .setup
                    .as_ref()
                    .is_some_and(|s| !s.steps.is_empty())
                {
                    ui.label(RichText::new("Setup").strong());
                    if ui.selectable_label(shown == 0, "start position").clicked() {
                        goto = Some(0);
                    }
                    for (i, (san, mv, side, _)) in history.iter().enumerate().take(setup_count) {
                        let text = match mv.kind {
                            MoveKind::Pass => format!("{side}: keep"),
                            _ => format!("{side}: {san}"),
                        };
                        if ui.selectable_label(shown == i + 1, text).clicked() {
                            goto = Some(i + 1);
                        }
                    }
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
                    .show(ui, |ui| {
                        let mut i = setup_count;
                        while i < history.len() {
                            let (_, _, side, num) = &history[i];
                            ui.weak(format!("{num}."));
                            if *side == Color::Black {
                                ui.weak("…");
                            }
                            let mut j = i;
                            loop {
                                let (san, _, _, _) = &history[j];
                                if ui.selectable_label(shown == j + 1, san).clicked() {
                                    goto = Some(j + 1);
                                }
                                j += 1;
                                if j >= history.len()
                                    || history[j].2 == Color::White
                                    || history[j - 1].2 == Color::Black
                                {
                                    break;
                                }
                            }
                            ui.end_row();
                            i = j;
                        }
                    });
                if let Some(o) = self.game.outcome() {
                    ui.label(RichText::new(o.pgn_result()).strong());
                }
            });
        if let Some(n) = goto {
            self.view_ply(n);
        }
    }

    fn rules_tab(&mut self, ui: &mut Ui) {
        let v = self.variant.clone();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if !v.spec.description.is_empty() {
                    ui.label(&v.spec.description);
                }
                if !v.spec.source.is_empty() {
                    ui.add_space(4.0);
                    ui.label(RichText::new(format!("Source: {}", v.spec.source)).italics());
                }
                ui.add_space(6.0);
                let g = v.geometry();
                ui.label(format!("Board: {} × {}", g.files, g.ranks));
                ui.add_space(6.0);
                ui.label(RichText::new("Pieces").strong());
                for r in v.roles() {
                    let def = v.role(r);
                    ui.horizontal_top(|ui| {
                        let (rect, _) =
                            ui.allocate_exact_size(egui::vec2(40.0, 40.0), egui::Sense::hover());
                        let white = Piece {
                            color: Color::White,
                            role: r,
                        };
                        board::paint_piece(ui.painter(), &v, white, rect, 1.0);
                        ui.vertical(|ui| {
                            let mut title = format!("{} ({})", def.name, def.letter);
                            if def.royal {
                                title.push_str(", royal");
                            }
                            if let Some(val) = def.value {
                                title.push_str(&format!(", value {val}"));
                            }
                            ui.label(RichText::new(title).strong());
                            ui.horizontal_wrapped(|ui| {
                                ui.monospace(&def.betza).on_hover_text("Betza notation");
                                ui.label(describe_betza(&def.betza));
                            });
                            if let Some(p) = &def.promotion {
                                let to: Vec<String> =
                                    p.choices.iter().map(|c| v.role(*c).name.clone()).collect();
                                ui.weak(format!("promotes to {}", to.join(", ")));
                            }
                        });
                    });
                    ui.add_space(4.0);
                }
                ui.add_space(6.0);
                ui.collapsing("Full summary", |ui| {
                    ui.monospace(crate::rules::summary(&v));
                });
            });
    }
}

/// One diagnostic, rustc-style: message, file:line:column, the source line with a caret, help.
fn diagnostic(ui: &mut Ui, d: &crate::rules::Diagnostic) {
    let err = ui.visuals().error_fg_color;
    ui.label(
        RichText::new(format!("error: {}", d.message))
            .color(err)
            .strong(),
    );
    if d.line == 0 {
        ui.monospace(format!("  --> {}", d.file));
    } else {
        ui.monospace(format!("  --> {}:{}:{}", d.file, d.line, d.column));
        let num = d.line.to_string();
        let pad = " ".repeat(num.len());
        let src = d.source_line.replace('\t', " ");
        let caret = format!(
            "{pad} | {}{}",
            " ".repeat(d.column.saturating_sub(1)),
            "^".repeat(d.span_len.max(1))
        );
        ui.monospace(format!("{num} | {src}"));
        ui.label(RichText::new(caret).monospace().color(err));
    }
    if let Some(h) = &d.help {
        ui.label(RichText::new(format!("help: {h}")).color(Color32::from_rgb(90, 170, 255)));
    }
    ui.add_space(6.0);
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// A few words for common Betza strings; the notation itself is shown beside it.
fn describe_betza(b: &str) -> String {
    match b {
        "K" => "one step in any direction".into(),
        "Q" => "any distance along ranks, files and diagonals".into(),
        "R" => "any distance along ranks and files".into(),
        "B" => "any distance along diagonals".into(),
        "N" => "leaps two squares one way and one the other".into(),
        "fmWfceFifmnD" => "one step forward, two from its first rank; captures diagonally forward, also en passant".into(),
        "BN" => "bishop + knight".into(),
        "RN" => "rook + knight".into(),
        "QN" => "queen + knight".into(),
        _ => format!("moves as `{b}` in Betza notation"),
    }
}

/// How far a game went, in words: "3 setup steps", "4 setup steps and 12 moves", "12 moves"
/// (a move is one side's turn, a ply).
fn progress(game: &crate::game::Game) -> String {
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
