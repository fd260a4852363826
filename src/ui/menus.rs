//! The menu bar and the keyboard shortcuts. Both only read the app's state and return the
//! user's [`Action`]s.

use egui::{Key, KeyboardShortcut, Modifiers, RichText, Ui};

use crate::variant::Origin;

use super::action::Action;
use super::app::MyriadApp;
use super::files::Purpose;
use super::pieces::{PieceSet, Theme, CREDITS};

const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
const NEW: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
const REDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
const REDO2: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
const LOAD: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::L);
const RELOAD: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::R);

/// The commands with a shortcut, in the order they are checked (Ctrl+Shift+Z before Ctrl+Z).
const COMMANDS: [(KeyboardShortcut, Action); 8] = [
    (OPEN, Action::OpenDialog(Purpose::OpenRules)),
    (NEW, Action::NewGame),
    (REDO2, Action::Redo),
    (REDO, Action::Redo),
    (UNDO, Action::Undo),
    (SAVE, Action::OpenDialog(Purpose::SavePgn)),
    (LOAD, Action::OpenDialog(Purpose::OpenPgn)),
    (RELOAD, Action::Reload),
];

/// The help menu's list of keys.
const KEYS: [(&str, &str); 11] = [
    ("Ctrl+O", "open a rules file"),
    ("Ctrl+N", "new game"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo"),
    ("Ctrl+S / Ctrl+L", "save / load a PGN game"),
    ("Ctrl+R", "reload the rules file"),
    ("F", "flip the board"),
    ("L", "analysis mode on / off"),
    ("← → Home End", "step through the moves"),
    ("Esc", "cancel a selection"),
    ("Ctrl+V", "paste a FEN or PGN"),
    ("right button", "arrows and circles (Shift, Alt: colours)"),
];

impl MyriadApp {
    /// The shortcuts pressed this frame (none while a file dialog is open; the plain keys not
    /// while a text field has the keyboard).
    pub(super) fn shortcuts(&self, ctx: &egui::Context) -> Vec<Action> {
        let mut out = Vec::new();
        let modal_open = self.picker.is_some() || self.native.is_some();
        if modal_open {
            return out;
        }
        let mut redo = false;
        for (s, action) in COMMANDS {
            if ctx.input_mut(|i| i.consume_shortcut(&s)) {
                // Ctrl+Shift+Z and Ctrl+Y both redo, once
                if action == Action::Redo {
                    if redo {
                        continue;
                    }
                    redo = true;
                }
                out.push(action);
            }
        }
        if ctx.egui_wants_keyboard_input() {
            return out;
        }
        out.extend(self.paste_events(ctx));
        let key = |k: Key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, k));
        if key(Key::F) {
            out.push(Action::Flip);
        }
        if key(Key::L) {
            out.push(Action::AnalysisMode(!self.analysis_mode()));
        }
        if key(Key::ArrowLeft) {
            out.push(Action::StepView(-1));
        }
        if key(Key::ArrowRight) {
            out.push(Action::StepView(1));
        }
        if key(Key::ArrowUp) || key(Key::Home) {
            out.push(Action::ViewPly(0));
        }
        if key(Key::ArrowDown) || key(Key::End) {
            out.push(Action::ViewPly(usize::MAX));
        }
        out
    }

    /// The menu bar: File, Games, Game, Help.
    pub(super) fn menu_bar(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| self.file_menu(ui, out));
            ui.menu_button("Edit", |ui| edit_menu(ui, out));
            ui.menu_button("Games", |ui| self.games_menu(ui, out));
            ui.menu_button("Game", |ui| self.game_menu(ui, out));
            ui.menu_button("Settings", |ui| self.settings_menu(ui, out));
            ui.menu_button("Help", help_menu);
        });
    }

    fn file_menu(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        if command(ui, "Open rules file…", &OPEN, true) {
            out.push(Action::OpenDialog(Purpose::OpenRules));
        }
        if ui.button("Open with the built-in browser…").clicked() {
            out.push(Action::OpenPicker(Purpose::OpenRules));
        }
        ui.menu_button("Open recent", |ui| {
            let recent = self.recent_files();
            if recent.is_empty() {
                ui.weak("no recent files");
            }
            for p in recent {
                if ui.button(p.display().to_string()).clicked() {
                    out.push(Action::Open(p.display().to_string()));
                }
            }
            if !recent.is_empty() {
                ui.separator();
                if ui.button("Clear the list").clicked() {
                    out.push(Action::ClearRecent);
                }
            }
        });
        let is_file = matches!(self.source, Origin::File(_));
        if command(ui, "Reload", &RELOAD, is_file) {
            out.push(Action::Reload);
        }
        ui.separator();
        if command(ui, "Load game (PGN)…", &LOAD, true) {
            out.push(Action::OpenDialog(Purpose::OpenPgn));
        }
        if command(ui, "Save game (PGN)…", &SAVE, true) {
            out.push(Action::OpenDialog(Purpose::SavePgn));
        }
        ui.separator();
        if ui.button("Quit").clicked() {
            out.push(Action::Quit);
        }
    }

    fn games_menu(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        ui.set_max_width(460.0);
        for e in &self.bundled {
            let current = matches!(&self.source, Origin::Bundled(n) if *n == e.name);
            let r = ui
                .selectable_label(current, format!("{}  ({}.rules)", e.title, e.name))
                .on_hover_text(&e.description);
            if r.clicked() {
                out.push(Action::Open(e.name.clone()));
                ui.close();
            }
        }
    }

    fn game_menu(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        if command(ui, "New game", &NEW, true) {
            out.push(Action::NewGame);
        }
        if command(ui, "Undo", &UNDO, self.can_undo()) {
            out.push(Action::Undo);
        }
        if command(ui, "Redo", &REDO, self.game.can_redo()) {
            out.push(Action::Redo);
        }
        if ui
            .add(egui::Button::new("Flip board").shortcut_text("F"))
            .clicked()
        {
            out.push(Action::Flip);
        }
        ui.separator();
        let on = self.analysis_mode();
        if ui
            .add(egui::Button::selectable(on, "Analysis mode").shortcut_text("L"))
            .clicked()
        {
            out.push(Action::AnalysisMode(!on));
        }
        self.result_menu_items(ui, out);
    }
}

/// Copying and pasting positions and games.
fn edit_menu(ui: &mut Ui, out: &mut Vec<Action>) {
    if ui
        .button("Copy FEN")
        .on_hover_text("The position on the board")
        .clicked()
    {
        out.push(Action::CopyFen);
    }
    if ui
        .button("Copy PGN")
        .on_hover_text("The whole game")
        .clicked()
    {
        out.push(Action::CopyPgn);
    }
    if ui
        .add(egui::Button::new("Paste FEN or PGN…").shortcut_text("Ctrl+V"))
        .clicked()
    {
        out.push(Action::OpenPasteBox);
    }
}

impl MyriadApp {
    /// The piece set and the board theme, applied at once (and remembered).
    fn settings_menu(&self, ui: &mut Ui, out: &mut Vec<Action>) {
        let style = self.style();
        ui.label(RichText::new("Pieces").strong());
        for set in PieceSet::ALL {
            if ui.radio(style.set == set, set.label()).clicked() {
                out.push(Action::SetPieceSet(set));
            }
        }
        ui.separator();
        ui.label(RichText::new("Board").strong());
        for theme in Theme::ALL {
            if ui.radio(style.theme == theme, theme.label()).clicked() {
                out.push(Action::SetTheme(theme));
            }
        }
    }
}

/// A menu item showing its shortcut; true when clicked.
fn command(ui: &mut Ui, label: &str, shortcut: &KeyboardShortcut, enabled: bool) -> bool {
    let text = ui.ctx().format_shortcut(shortcut);
    ui.add_enabled(enabled, egui::Button::new(label).shortcut_text(text))
        .clicked()
}

fn help_menu(ui: &mut Ui) {
    ui.label(RichText::new("Keyboard").strong());
    for (k, what) in KEYS {
        ui.horizontal(|ui| {
            ui.monospace(k);
            ui.label(what);
        });
    }
    ui.separator();
    ui.menu_button("About Myriad", |ui| {
        ui.set_max_width(520.0);
        ui.label(RichText::new("Myriad").strong());
        ui.label("A rules-file interpreter for chess variants. MIT License.");
        ui.label(RichText::new("Credits").strong());
        for line in CREDITS {
            ui.label(line);
        }
    });
}
