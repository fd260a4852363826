//! The user's preferences, remembered across runs in `settings.txt` in the config folder: one
//! `key=value` a line, read at start and written when they change. A line that cannot be read
//! is skipped with a note (the rest still counts); a file that is not text is ignored whole.
//! Nothing is written without a config folder ([`Options::headless`](super::Options::headless)).

use std::path::Path;

use super::app::{Computer, MyriadApp};
use super::pieces::{PieceSet, Style, Theme};

/// The preferences file's name in the config folder.
pub const FILE: &str = "settings.txt";

/// What is remembered; `None` where the file says nothing (or nothing readable).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prefs {
    /// The computer's level.
    pub level: Option<u8>,
    /// Which sides the computer plays.
    pub computer: Option<Computer>,
    /// The piece set.
    pub set: Option<PieceSet>,
    /// The board theme.
    pub theme: Option<Theme>,
    /// Is the board flipped?
    pub flipped: Option<bool>,
    /// Is the computer's analysis shown?
    pub show_analysis: Option<bool>,
    /// Is the analysis mode (its own search of the position on show) on?
    pub analysis_mode: Option<bool>,
    /// How many best lines the analysis mode shows.
    pub analysis_lines: Option<usize>,
    /// The window's inner size, in points.
    pub window: Option<[f32; 2]>,
    /// The side panel's width, in points.
    pub side_width: Option<f32>,
}

fn computer_key(c: Computer) -> &'static str {
    match c {
        Computer::Neither => "neither",
        Computer::White => "white",
        Computer::Black => "black",
        Computer::Both => "both",
    }
}

impl Prefs {
    /// Reads the preferences in `dir`; the second value is a note on what could not be read
    /// (shown to the user, never fatal).
    pub fn load(dir: Option<&Path>) -> (Prefs, Option<String>) {
        let Some(file) = dir.map(|d| d.join(FILE)) else {
            return (Prefs::default(), None);
        };
        match std::fs::read(&file) {
            Err(_) => (Prefs::default(), None),
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => {
                    let (p, bad) = Prefs::parse(&text);
                    let note = (!bad.is_empty()).then(|| {
                        format!(
                            "ignored {} unreadable line(s) of {}: {}",
                            bad.len(),
                            file.display(),
                            bad.join("; ")
                        )
                    });
                    (p, note)
                }
                Err(_) => (
                    Prefs::default(),
                    Some(format!(
                        "ignored the preferences in {}: not a text file",
                        file.display()
                    )),
                ),
            },
        }
    }

    /// Reads `key=value` lines; returns the preferences and the lines it could not read.
    pub fn parse(text: &str) -> (Prefs, Vec<String>) {
        let mut p = Prefs::default();
        let mut bad = Vec::new();
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let ok = line
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .is_some_and(|(k, v)| p.set_value(k, v));
            if !ok {
                bad.push(format!("`{}`", line.chars().take(60).collect::<String>()));
            }
        }
        (p, bad)
    }

    /// Sets one value; false if the key is unknown or the value unreadable.
    fn set_value(&mut self, k: &str, v: &str) -> bool {
        let size = |v: &str| v.parse::<f32>().ok().filter(|x| x.is_finite() && *x > 0.0);
        match k {
            "level" => self.level = v.parse().ok().filter(|l| (1..=10).contains(l)),
            "computer" => self.computer = Computer::ALL.into_iter().find(|c| computer_key(*c) == v),
            "pieces" => self.set = PieceSet::from_key(v),
            "theme" => self.theme = Theme::from_key(v),
            "flip" => self.flipped = v.parse().ok(),
            "analysis" => self.show_analysis = v.parse().ok(),
            "analysis-mode" => self.analysis_mode = v.parse().ok(),
            "analysis-lines" => {
                self.analysis_lines = v.parse().ok().filter(|n| (1..=5).contains(n))
            }
            "window" => {
                self.window = v
                    .split_once('x')
                    .and_then(|(w, h)| Some([size(w)?, size(h)?]))
            }
            "side-panel" => self.side_width = size(v),
            _ => return false,
        }
        match k {
            "level" => self.level.is_some(),
            "computer" => self.computer.is_some(),
            "pieces" => self.set.is_some(),
            "theme" => self.theme.is_some(),
            "flip" => self.flipped.is_some(),
            "analysis" => self.show_analysis.is_some(),
            "analysis-mode" => self.analysis_mode.is_some(),
            "analysis-lines" => self.analysis_lines.is_some(),
            "window" => self.window.is_some(),
            _ => self.side_width.is_some(),
        }
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        let mut out = String::from("# Myriad's preferences, written by the app\n");
        let mut line = |k: &str, v: Option<String>| {
            if let Some(v) = v {
                out.push_str(&format!("{k}={v}\n"));
            }
        };
        line("level", self.level.map(|l| l.to_string()));
        line("computer", self.computer.map(|c| computer_key(c).into()));
        line("pieces", self.set.map(|s| s.key().into()));
        line("theme", self.theme.map(|t| t.key().into()));
        line("flip", self.flipped.map(|f| f.to_string()));
        line("analysis", self.show_analysis.map(|a| a.to_string()));
        line("analysis-mode", self.analysis_mode.map(|a| a.to_string()));
        line("analysis-lines", self.analysis_lines.map(|n| n.to_string()));
        line(
            "window",
            self.window
                .map(|[w, h]| format!("{}x{}", w.round(), h.round())),
        );
        line("side-panel", self.side_width.map(|w| w.round().to_string()));
        out
    }

    /// Writes the preferences into `dir` (errors are ignored: preferences are a convenience).
    pub fn save(&self, dir: &Path) {
        let _ = std::fs::create_dir_all(dir);
        // Written whole to a side file and renamed, so a crash never leaves half a file.
        let tmp = dir.join(format!("{FILE}.tmp"));
        if std::fs::write(&tmp, self.to_text()).is_ok() {
            let _ = std::fs::rename(&tmp, dir.join(FILE));
        }
    }
}

/// The preferences last written and the one the app is on now, to write on change.
#[derive(Debug, Default)]
pub struct Remembered {
    /// What is on disk (as far as this run knows).
    pub saved: Prefs,
    /// A note on the file read at start, shown once.
    pub note: Option<String>,
    /// When the sizes were last written (they change every frame while the window is resized).
    pub sizes_at: f64,
}

impl MyriadApp {
    /// The preferences as the app stands now.
    pub fn prefs(&self) -> Prefs {
        Prefs {
            level: Some(self.level),
            computer: Some(self.computer),
            set: Some(self.style.set),
            theme: Some(self.style.theme),
            flipped: Some(self.flipped),
            show_analysis: Some(self.show_analysis),
            analysis_mode: Some(self.analysis_mode()),
            analysis_lines: Some(self.analyser.wanted),
            window: self.window_size.get(),
            side_width: self.side_width.get(),
        }
    }

    /// The style (piece set and board theme) in use.
    pub fn style(&self) -> Style {
        self.style
    }

    /// Writes the preferences when they changed since they were last written (window and
    /// panel sizes change continuously while dragged: they are written once the drag ends).
    pub(super) fn remember_prefs(&mut self, ctx: &egui::Context) {
        if let Some(note) = self.remembered.note.take() {
            eprintln!("myriad: {note}");
            self.say(note);
        }
        let Some(dir) = self.opts.config_dir.clone() else {
            return;
        };
        let now = self.prefs();
        let saved = &self.remembered.saved;
        if now == *saved {
            return;
        }
        let sizes_only = Prefs {
            window: saved.window,
            side_width: saved.side_width,
            ..now.clone()
        } == *saved;
        let t = self.now();
        let dragging = ctx.input(|i| i.pointer.any_down());
        if sizes_only && (dragging || t - self.remembered.sizes_at < 1.0) {
            // written once the drag ends, at most once a second
            ctx.request_repaint_after(std::time::Duration::from_secs(1));
            return;
        }
        now.save(&dir);
        self.remembered.saved = now;
        self.remembered.sizes_at = t;
    }

    /// Writes the preferences if they changed (the app is closing).
    pub(super) fn remember_prefs_now(&mut self) {
        let now = self.prefs();
        if let Some(dir) = &self.opts.config_dir {
            if now != self.remembered.saved {
                now.save(dir);
                self.remembered.saved = now;
            }
        }
    }
}
