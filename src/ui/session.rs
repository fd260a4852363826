//! Which rules and which game are open: opening a rules file or a bundled game, a new game,
//! reloading a file that changed on disk, and the autosave (a game a crashed run left behind is
//! offered back). The rules live in the game alone (`game.variant()`).

use std::path::Path;
use std::sync::Arc;

use crate::game::{Game, Misfit};
use crate::rules::Diagnostics;
use crate::variant::{Origin, Variant};

use super::app::{BundledEntry, MyriadApp, Problems};
use super::autosave::Offer;
use super::discard::Deferred;
use super::files;

impl MyriadApp {
    /// Opens a rules file or bundled game. On errors the diagnostics are shown and the current
    /// game stays open; a game in progress is only replaced once the user confirms.
    pub fn open(&mut self, spec: &str) {
        match load(spec) {
            Ok((source, v, warnings)) => {
                let label = format!("Open {}", v.name());
                self.unless_at_stake(label, Deferred::Open(source, v, warnings));
            }
            Err(d) => {
                self.show_problems(problems_from(spec, &d));
            }
        }
    }

    /// Opens rules already loaded: a new game under them.
    pub(super) fn open_loaded(&mut self, source: Origin, v: Arc<Variant>, warnings: Diagnostics) {
        self.stop_ai();
        let shown = warnings_from(&source, &warnings);
        self.switch_source(source);
        self.set_game(Game::new(v));
        self.say(format!("Opened {}", self.variant().name()));
        if let Some(p) = shown {
            self.show_problems(p);
        }
    }

    /// The rules now come from `source` (remembered among the recent files, watched).
    pub(super) fn switch_source(&mut self, source: Origin) {
        if let Origin::File(p) = &source {
            self.recent.add(p);
            self.source_mtime = files::mtime(p);
        } else {
            self.source_mtime = None;
        }
        self.source = source;
        self.problems = None;
        self.rules_changed = None;
    }

    /// Starts a new game of the same rules (a randomized variant draws new arrays); a game in
    /// progress is only replaced once the user confirms.
    pub fn new_game(&mut self) {
        self.unless_at_stake("Start a new game".into(), Deferred::NewGame);
    }

    pub(super) fn start_new_game(&mut self) {
        self.stop_ai();
        self.set_game(Game::new(self.game.variant().clone()));
    }

    pub(super) fn set_game(&mut self, g: Game) {
        self.discard = None;
        self.game = g;
        self.game_serial += 1;
        self.view = None;
        self.board.clear();
        self.analysis = None;
        self.ai_paused = false;
        self.forced_due = None;
        self.reset_clock();
    }

    /// Re-reads the open file when it changed on disk: keeps the game if its moves are still
    /// legal under the new rules, else names the first that is not and offers a new game;
    /// keeps the old rules on errors.
    pub(super) fn check_file_changed(&mut self) {
        let Origin::File(path) = &self.source else {
            return;
        };
        let now = self.now();
        if now - self.last_watch < self.opts.watch_interval {
            return;
        }
        self.last_watch = now;
        let m = files::mtime(path);
        if m.is_none() || m == self.source_mtime {
            return;
        }
        self.source_mtime = m;
        self.reload();
    }

    /// Reloads the open file now.
    pub fn reload(&mut self) {
        let spec = self.source.spec();
        match crate::rules::load_with_warnings(&spec) {
            Err(d) => {
                let mut p = problems_from(&spec, &d);
                p.title = format!(
                    "{} changed and now has errors; the game goes on under the previous rules",
                    self.source.short()
                );
                self.show_problems(p);
            }
            Ok((v, warnings)) => {
                self.problems = warnings_from(&self.source, &warnings);
                match self.game.replay_under(&v) {
                    Ok(g) => {
                        self.stop_ai();
                        // the replayed game carries the new rules
                        self.game = g;
                        self.board.clear();
                        self.rules_changed = None;
                        self.say(format!(
                            "Reloaded {}: the game goes on",
                            self.source.short()
                        ));
                    }
                    Err(misfit) => self.rules_changed = Some(ChangedRules { variant: v, misfit }),
                }
            }
        }
    }

    /// Accepts changed rules that cannot continue the game: a new game under them.
    pub(super) fn accept_changed_rules(&mut self) {
        if let Some(c) = self.rules_changed.take() {
            self.stop_ai();
            self.set_game(Game::new(c.variant));
        }
    }

    // ----- the autosave ----------------------------------------------------------------------

    /// The game a previous run did not close cleanly on, while it is offered back.
    pub fn restore_offer(&self) -> Option<&Offer> {
        self.restore.as_ref()
    }

    /// Where the game in progress is autosaved (`None` when nothing is kept on disk).
    pub fn autosave_path(&self) -> Option<&Path> {
        self.autosave.path()
    }

    /// Lets go of this window's autosave slot as a killed process would, keeping its file: a
    /// test then leaks the app (`std::mem::forget`) to simulate a crash in one process.
    pub fn release_autosave_claim(&mut self) {
        self.autosave.release_claim();
    }

    /// Takes the offered game back: its rules and its moves, as they were.
    pub fn restore_game(&mut self) {
        let Some(offer) = self.restore.take() else {
            return;
        };
        if let Offer::Game { spec, game } = offer {
            self.stop_ai();
            self.source = Origin::from_spec(&spec);
            self.source_mtime = match &self.source {
                Origin::File(p) => files::mtime(p),
                Origin::Bundled(_) => None,
            };
            self.problems = None;
            self.rules_changed = None;
            // the game brings its rules with it
            self.set_game(*game);
            // the user looks at the restored game first; the computer waits for them
            self.ai_paused = self.computer.plays(self.game.turn());
            self.say(format!(
                "Restored the unfinished game of {}",
                self.variant().name()
            ));
        }
    }

    /// Declines the offered game: its autosave is removed (a game that could not be read was
    /// already moved aside and stays there).
    pub fn discard_restore(&mut self) {
        if let Some(Offer::Game { .. }) = self.restore.take() {
            self.autosave.remove();
            self.ai_paused = false;
        }
    }

    /// Is a game from a previous run offered back (so its autosave must not be overwritten)?
    pub(super) fn game_offered(&self) -> bool {
        matches!(self.restore, Some(Offer::Game { .. }))
    }

    /// What identifies the game's state for the autosave.
    fn autosave_key(&self) -> (u64, u64, usize) {
        (
            self.game_serial,
            self.game.position().hash(),
            self.game.history().len(),
        )
    }

    /// Writes the autosave if the game changed since the last write.
    pub(super) fn autosave_now(&mut self) {
        if !self.game_offered() {
            let key = self.autosave_key();
            self.autosave.write(key, &self.source.spec(), &self.game);
        }
    }
}

/// Rules the open file changed to that cannot continue the game in progress.
#[derive(Clone, Debug)]
pub(super) struct ChangedRules {
    /// The new rules.
    pub variant: Arc<Variant>,
    /// The first step or move of the game they no longer allow, and why.
    pub misfit: Misfit,
}

/// Loads a rules file or bundled game, telling which it was, with its warnings (a `require`
/// that can never fail, ...: the rules load all the same).
pub(super) fn load(spec: &str) -> Result<(Origin, Arc<Variant>, Diagnostics), Diagnostics> {
    let (v, warnings) = crate::rules::load_with_warnings(spec)?;
    Ok((Origin::from_spec(spec), v, warnings))
}

/// The yellow bar for rules that loaded with warnings, if there are any.
pub(super) fn warnings_from(source: &Origin, w: &Diagnostics) -> Option<Problems> {
    let n = w.len();
    (n > 0).then(|| Problems {
        title: format!(
            "{}: {n} warning{} — the rules loaded; see the details",
            source.short(),
            if n == 1 { "" } else { "s" }
        ),
        diagnostics: w.iter().cloned().collect(),
        text: w.to_string(),
        warning: true,
    })
}

/// The problems banner for rules named `spec` that do not compile.
pub(super) fn problems_from(spec: &str, d: &Diagnostics) -> Problems {
    let n = d.into_iter().count();
    Problems {
        title: format!(
            "{spec}: {n} error{} — the game that was open stays open",
            if n == 1 { "" } else { "s" }
        ),
        diagnostics: d.into_iter().cloned().collect(),
        text: d.to_string(),
        warning: false,
    }
}

/// The Games menu: every bundled file with its game's name and description.
pub(super) fn bundled_entries() -> Vec<BundledEntry> {
    crate::rules::bundled()
        .iter()
        .map(|(name, _)| match crate::rules::load(name) {
            Ok(v) => BundledEntry {
                name: name.to_string(),
                title: v.name().to_string(),
                description: v.description().to_string(),
            },
            Err(_) => BundledEntry {
                name: name.to_string(),
                title: name.to_string(),
                description: "(does not compile)".into(),
            },
        })
        .collect()
}
