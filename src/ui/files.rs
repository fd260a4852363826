//! Files: recently opened rules files, watching the open file for changes, and the native
//! file dialog (rfd) run off the UI thread with a fallback to the in-app picker.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::time::{Duration, Instant, SystemTime};

/// How many recent files are remembered.
const RECENT_MAX: usize = 10;

/// The directory where Myriad keeps its small settings files: `$MYRIAD_CONFIG_DIR`, else
/// `$XDG_CONFIG_HOME/myriad`, else `~/.config/myriad`.
pub fn default_config_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("MYRIAD_CONFIG_DIR") {
        return Some(PathBuf::from(d));
    }
    // The platform's own place: $XDG_CONFIG_HOME/myriad or ~/.config/myriad on Linux, the
    // Application Support and AppData folders on macOS and Windows.
    directories::ProjectDirs::from("", "", "myriad").map(|d| d.config_dir().to_path_buf())
}

/// Recently opened rules files, newest first, kept in `recent.txt` (one path a line).
#[derive(Debug, Default)]
pub struct Recent {
    file: Option<PathBuf>,
    paths: Vec<PathBuf>,
}

impl Recent {
    /// Reads the list from `dir` (no persistence when `dir` is `None`).
    pub fn load(dir: Option<&Path>) -> Recent {
        let file = dir.map(|d| d.join("recent.txt"));
        let paths = file
            .as_ref()
            .and_then(|f| std::fs::read_to_string(f).ok())
            .map(|t| {
                t.lines()
                    .filter(|l| !l.trim().is_empty())
                    .map(PathBuf::from)
                    .take(RECENT_MAX)
                    .collect()
            })
            .unwrap_or_default();
        Recent { file, paths }
    }

    /// The remembered paths, newest first.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// Moves `path` to the front and saves the list.
    pub fn add(&mut self, path: &Path) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.paths.retain(|p| *p != path);
        self.paths.insert(0, path);
        self.paths.truncate(RECENT_MAX);
        self.save();
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.paths.clear();
        self.save();
    }

    fn save(&self) {
        let Some(f) = &self.file else { return };
        if let Some(d) = f.parent() {
            let _ = std::fs::create_dir_all(d);
        }
        let text: String = self
            .paths
            .iter()
            .map(|p| format!("{}\n", p.display()))
            .collect();
        let _ = std::fs::write(f, text);
    }
}

/// The modification time of a file, if it can be read.
pub fn mtime(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// What a file dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Open a `.rules` file.
    OpenRules,
    /// Load a game from PGN.
    OpenPgn,
    /// Save the game as PGN.
    SavePgn,
}

impl Purpose {
    /// The file extension the dialog filters on.
    pub fn extension(self) -> &'static str {
        match self {
            Purpose::OpenRules => "rules",
            Purpose::OpenPgn | Purpose::SavePgn => "pgn",
        }
    }

    /// Window title.
    pub fn title(self) -> &'static str {
        match self {
            Purpose::OpenRules => "Open rules file",
            Purpose::OpenPgn => "Load game (PGN)",
            Purpose::SavePgn => "Save game (PGN)",
        }
    }
}

/// A native dialog running in its own thread.
pub struct NativeDialog {
    /// What it is for.
    pub purpose: Purpose,
    rx: Receiver<Option<PathBuf>>,
    started: Instant,
}

/// What became of a native dialog.
pub enum DialogOutcome {
    /// Still open.
    Pending,
    /// The user chose a file.
    Chosen(PathBuf),
    /// The user cancelled.
    Cancelled,
    /// No dialog could be shown (no portal, no zenity): use the in-app picker.
    Unavailable,
}

/// Could a native dialog work here at all? Without a session bus there is no portal, and
/// rfd's other fallback is the `zenity` program.
pub fn native_dialog_possible() -> bool {
    if std::env::var_os("MYRIAD_NO_NATIVE_DIALOG").is_some() {
        return false;
    }
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some();
    let zenity = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join("zenity").is_file()))
        .unwrap_or(false);
    bus || zenity
}

impl NativeDialog {
    /// Opens the native dialog in a background thread; `wake` repaints the UI when it closes.
    pub fn spawn(
        purpose: Purpose,
        start_dir: Option<PathBuf>,
        wake: impl Fn() + Send + 'static,
    ) -> NativeDialog {
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut d = rfd::FileDialog::new().set_title(purpose.title());
            d = match purpose {
                Purpose::OpenRules => d.add_filter("Rules files", &["rules"]),
                _ => d.add_filter("PGN games", &["pgn"]),
            };
            d = d.add_filter("All files", &["*"]);
            if let Some(dir) = start_dir {
                d = d.set_directory(dir);
            }
            let r = match purpose {
                Purpose::SavePgn => d.set_file_name("game.pgn").save_file(),
                _ => d.pick_file(),
            };
            let _ = tx.send(r);
            wake();
        });
        NativeDialog {
            purpose,
            rx,
            started: Instant::now(),
        }
    }

    /// Checks whether the dialog has closed.
    pub fn poll(&self) -> DialogOutcome {
        match self.rx.try_recv() {
            Ok(Some(p)) => DialogOutcome::Chosen(p),
            // Nobody cancels a dialog within a quarter second: it never appeared.
            Ok(None) if self.started.elapsed() < Duration::from_millis(250) => {
                DialogOutcome::Unavailable
            }
            Ok(None) => DialogOutcome::Cancelled,
            Err(TryRecvError::Empty) => DialogOutcome::Pending,
            Err(TryRecvError::Disconnected) => DialogOutcome::Unavailable,
        }
    }
}
