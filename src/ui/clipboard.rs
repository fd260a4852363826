//! FEN and PGN through the clipboard: Edit > Copy FEN (the position on show) and Copy PGN (the
//! game as Save writes it), and pasting either one back: Ctrl+V anywhere outside a text field,
//! or Edit > Paste FEN or PGN… (a box to paste into, for desktops where the shortcut does not
//! reach the window). A pasted PGN is loaded as File > Load game loads it (switching to the
//! rules it names); a FEN starts a game from that position under the open rules. Either way
//! the game in progress is kept until the user confirms, and a text that reads as neither
//! shows why in the problems bar, the game untouched.

use std::path::PathBuf;

use egui::{Event, RichText};

use crate::game::Game;

use super::action::Action;
use super::app::{MyriadApp, Problems};
use super::discard::Deferred;

impl MyriadApp {
    /// The FEN of the position on the board (the one browsed to, or the game's).
    pub fn shown_fen(&self) -> String {
        let v = self.game.variant();
        self.game.position_after(self.shown_plies()).fen(v)
    }

    /// Puts the FEN of the position on show on the clipboard.
    pub(super) fn copy_fen(&mut self) {
        let fen = self.shown_fen();
        if let Some(ctx) = &self.ctx {
            ctx.copy_text(fen);
        }
        self.say("FEN copied to the clipboard");
    }

    /// Puts the game, as PGN, on the clipboard.
    pub(super) fn copy_pgn(&mut self) {
        let text = super::pgn::export_for(&self.game, self.computer, self.level);
        if let Some(ctx) = &self.ctx {
            ctx.copy_text(text);
        }
        self.say("PGN copied to the clipboard");
    }

    /// Reads pasted text as a PGN game or a FEN position and offers to replace the game.
    pub(super) fn paste(&mut self, text: &str) {
        self.paste_box = None;
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let read = if looks_like_pgn(text) {
            self.read_pgn(text)
        } else {
            Game::from_fen(self.game.variant().clone(), text)
                .map(|g| (g, None))
                .map_err(|e| e.to_string())
        };
        match read {
            Ok((game, switch)) => {
                let then = Deferred::Load {
                    game: Box::new(game),
                    switch,
                    path: PathBuf::from("the pasted text"),
                };
                self.unless_at_stake("Load the pasted game".into(), then);
            }
            Err(e) => {
                let what = if looks_like_pgn(text) { "PGN" } else { "FEN" };
                let first_line: String =
                    text.lines().next().unwrap_or("").chars().take(80).collect();
                self.show_problems(Problems {
                    title: format!(
                        "The pasted text is not a {what} of {}",
                        self.variant().name()
                    ),
                    diagnostics: Vec::new(),
                    text: format!("{e}\n  pasted: {first_line}"),
                    warning: false,
                });
            }
        }
    }

    /// Ctrl+V outside a text field: the pasted text, as an action.
    pub(super) fn paste_events(&self, ctx: &egui::Context) -> Option<Action> {
        if ctx.egui_wants_keyboard_input() || self.paste_box.is_some() {
            return None;
        }
        ctx.input(|i| {
            i.events.iter().find_map(|e| match e {
                Event::Paste(t) => Some(Action::Paste(t.clone())),
                _ => None,
            })
        })
    }

    /// The box to paste a FEN or PGN into.
    pub(super) fn paste_window(&self, ctx: &egui::Context, out: &mut Vec<Action>) {
        let Some(text) = &self.paste_box else {
            return;
        };
        let mut text = text.clone();
        let mut open = true;
        egui::Window::new("Paste FEN or PGN")
            .open(&mut open)
            .collapsible(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                ui.label(RichText::new(
                    "A FEN starts a game from that position; a PGN loads the game.",
                ));
                let edit = ui.add(
                    egui::TextEdit::multiline(&mut text)
                        .desired_rows(8)
                        .desired_width(f32::INFINITY)
                        .hint_text("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
                );
                if edit.changed() {
                    out.push(Action::EditPasteBox(text.clone()));
                }
                ui.horizontal(|ui| {
                    if ui.button("Load").clicked() {
                        out.push(Action::Paste(text.clone()));
                    }
                    if ui.button("Cancel").clicked() {
                        out.push(Action::ClosePasteBox);
                    }
                });
            });
        if !open {
            out.push(Action::ClosePasteBox);
        }
    }
}

/// Does the text read as PGN (tags, or numbered moves) rather than a FEN?
fn looks_like_pgn(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('[') || t.starts_with("1.") || t.starts_with("1 .") || t.contains("\n1.")
}

#[cfg(test)]
mod tests {
    use super::looks_like_pgn;

    #[test]
    fn pgn_and_fen_are_told_apart() {
        assert!(looks_like_pgn("[Event \"x\"]\n\n1. e4 e5 *"));
        assert!(looks_like_pgn("1. e4 e5 2. Nf3 *"));
        assert!(!looks_like_pgn(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
        ));
        assert!(!looks_like_pgn(
            "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"
        ));
    }
}
