//! Files the user hands the app: the file dialogs (native, or the in-app picker), files dropped
//! on the window, and PGN games saved and loaded.

use std::path::{Path, PathBuf};

use crate::game::Game;
use crate::variant::Origin;

use super::action::Action;
use super::app::{MyriadApp, Problems};
use super::discard::Deferred;
use super::files::{self, DialogOutcome, NativeDialog, Purpose};
use super::pgn_rules;
use super::picker::{FilePicker, PickerResult};

impl MyriadApp {
    /// File > Open: the native dialog when the desktop has one, else the in-app picker.
    pub fn open_dialog(&mut self, purpose: Purpose) {
        let start = self.dialog_dir(purpose);
        if self.opts.native_dialogs && files::native_dialog_possible() {
            let ctx = self.ctx();
            self.native = Some(NativeDialog::spawn(purpose, start, move || {
                ctx.request_repaint()
            }));
        } else {
            self.picker = Some(FilePicker::new(purpose, start));
        }
    }

    /// Opens the in-app picker whatever the desktop offers.
    pub fn open_picker(&mut self, purpose: Purpose) {
        let start = self.dialog_dir(purpose);
        self.picker = Some(FilePicker::new(purpose, start));
    }

    fn dialog_dir(&self, purpose: Purpose) -> Option<PathBuf> {
        match purpose {
            Purpose::OpenRules => match &self.source {
                Origin::File(p) => p.parent().map(Path::to_path_buf),
                Origin::Bundled(_) => self
                    .recent
                    .paths()
                    .first()
                    .and_then(|p| p.parent().map(Path::to_path_buf)),
            },
            _ => self.last_pgn_dir.clone(),
        }
    }

    /// The native dialog's answer, once it has one.
    pub(super) fn poll_dialogs(&mut self) {
        let Some(d) = &self.native else { return };
        let purpose = d.purpose;
        match d.poll() {
            DialogOutcome::Pending => {}
            DialogOutcome::Cancelled => self.native = None,
            DialogOutcome::Unavailable => {
                self.native = None;
                self.open_picker(purpose);
            }
            DialogOutcome::Chosen(p) => self.apply(Action::FileChosen(purpose, p)),
        }
    }

    /// Draws the in-app picker, if open (it keeps its own listing and fields); its answer is
    /// an action.
    pub(super) fn picker_frame(&mut self, ctx: &egui::Context) -> Option<Action> {
        let p = self.picker.as_mut()?;
        let purpose = p.purpose;
        match p.show(ctx) {
            PickerResult::Open => None,
            PickerResult::Cancelled => Some(Action::ClosePicker),
            PickerResult::Chosen(path) => Some(Action::FileChosen(purpose, path)),
        }
    }

    /// A dialog chose `path` for `purpose`.
    pub(super) fn chosen(&mut self, purpose: Purpose, path: PathBuf) {
        match purpose {
            Purpose::OpenRules => self.open(&path.display().to_string()),
            Purpose::OpenPgn => {
                self.last_pgn_dir = path.parent().map(Path::to_path_buf);
                self.load_pgn(&path)
            }
            Purpose::SavePgn => {
                self.last_pgn_dir = path.parent().map(Path::to_path_buf);
                self.save_pgn(&path)
            }
        }
    }

    /// Saves the game as PGN.
    pub fn save_pgn(&mut self, path: &Path) {
        let text = super::pgn::export_for(&self.game, self.computer, self.level);
        match crate::game::pgn::write_file(path, &text) {
            Ok(()) => self.say(format!("Saved {}", path.display())),
            Err(e) => self.say(format!("error: cannot write {}: {e}", path.display())),
        }
    }

    /// Loads a game from PGN: under the open rules when they read it, else under the bundled
    /// rules its tags name (said in a toast). A game in progress is only replaced once the
    /// user confirms.
    pub fn load_pgn(&mut self, path: &Path) {
        let text = match crate::game::pgn::read_file(path) {
            Ok(t) => t,
            Err(e) => {
                self.say(format!("error: {e}"));
                return;
            }
        };
        let (game, switch) = match self.read_pgn(&text) {
            Ok(read) => read,
            Err(e) => {
                self.show_problems(Problems {
                    title: format!("Could not load {}", path.display()),
                    diagnostics: Vec::new(),
                    text: e,
                    warning: false,
                });
                return;
            }
        };
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        let then = Deferred::Load {
            game: Box::new(game),
            switch,
            path: path.to_path_buf(),
        };
        self.unless_at_stake(format!("Load {name}"), then);
    }

    /// A PGN game under the open rules, or else under the rules its tags name (with where
    /// those come from); the error is the open rules' when no other rules read it.
    pub(super) fn read_pgn(&self, text: &str) -> Result<(Game, Option<Origin>), String> {
        let first = match super::pgn::import(self.game.variant(), text) {
            Ok(g) => return Ok((g, None)),
            Err(e) => e,
        };
        let Ok(Some(source)) = crate::game::pgn::rules_of(text) else {
            return Err(first);
        };
        let spec = source.spec();
        // the open rules, under a name of the tag's they do not know ("From Position")
        if source == self.source {
            let text = pgn_rules::retag(text, self.variant().name());
            return super::pgn::import(self.game.variant(), &text)
                .map(|g| (g, None))
                .map_err(|_| first);
        }
        let Ok(v) = crate::rules::load(&spec) else {
            return Err(first);
        };
        let text = pgn_rules::retag(text, v.name());
        match super::pgn::import(&v, &text) {
            Ok(g) => Ok((g, Some(source))),
            Err(e) => Err(format!(
                "{e}\n(read as {}, the rules its tags name; as {}, the open rules: {first})",
                v.name(),
                self.variant().name()
            )),
        }
    }

    /// A game read from PGN replaces the one on the board (under the rules it needs).
    pub(super) fn loaded(&mut self, game: Game, switch: Option<Origin>, path: &Path) {
        self.stop_ai();
        let switched = switch.is_some();
        if let Some(source) = switch {
            self.switch_source(source);
        }
        self.set_game(game);
        // Don't let the computer move at once in a loaded game.
        self.ai_paused = self.computer.plays(self.game.turn());
        if switched {
            self.say(format!(
                "Switched to {} to load this game",
                self.variant().name()
            ));
        } else {
            self.say(format!("Loaded {}", path.display()));
        }
    }

    /// Files dropped on the window: a `.pgn` game is loaded, anything else opened as rules.
    pub(super) fn dropped_files(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        for p in dropped {
            let action = if p.extension().is_some_and(|e| e == "pgn") {
                Action::LoadPgn(p)
            } else {
                Action::Open(p.display().to_string())
            };
            self.apply(action);
        }
    }
}
