//! The game in progress, kept on disk so that nothing is lost: after every change it is
//! written (atomically) to `autosave.pgn` in the settings directory; a clean exit removes the
//! file; after a crash or a kill the next start finds it and offers the game back.
//!
//! Each window keeps its own file: a window claims the first free slot (`autosave.pgn`, then
//! `autosave.2.pgn`, ...) by locking its lock file (`.autosave.lock`, `.autosave.2.lock`) for
//! as long as it runs. A second window therefore never offers back, nor overwrites, the game
//! of a window that is still open; once a window dies the system drops its lock, and the next
//! start that claims that slot finds the game it left.
//!
//! The file is PGN with one escape line (`%`, which PGN readers skip) naming the rules:
//!
//! ```text
//! % myriad-autosave rules regroupment
//! [Event "Myriad game"]
//! ...
//! ```

use std::path::{Path, PathBuf};

use crate::game::Game;

/// The autosave file's name in the settings directory.
pub const FILE: &str = "autosave.pgn";

/// The first line's start; the rules spec (bundled name or path) follows it.
const MARK: &str = "% myriad-autosave rules ";

/// The autosave file's text: the rules spec, then the game's PGN.
pub fn encode(spec: &str, pgn: &str) -> String {
    format!("{MARK}{}\n{pgn}", spec.replace(['\n', '\r'], " "))
}

/// The rules spec and the PGN of an autosave text, if it is one.
pub fn decode(text: &str) -> Option<(&str, &str)> {
    let (first, rest) = text.split_once('\n')?;
    let spec = first.strip_prefix(MARK)?.trim();
    (!spec.is_empty()).then_some((spec, rest))
}

/// What a leftover autosave holds, read at start.
#[derive(Debug)]
pub enum Offer {
    /// A game that can be restored; it carries the rules it is played under
    /// (`game.variant()`).
    Game {
        /// The rules spec the game was played under.
        spec: String,
        /// The game, replayed.
        game: Box<Game>,
    },
    /// A leftover that can no longer be replayed (its rules file is gone or changed): it was
    /// moved aside to `kept`, and `why` says what failed.
    Unreadable {
        /// Where the file now is.
        kept: PathBuf,
        /// Why it cannot be restored.
        why: String,
    },
}

/// The most windows that keep an autosave each at once; a further one keeps none.
const SLOTS: u32 = 64;

/// The autosave file and the lock file of slot `n` (from 1) in `dir`.
fn slot_files(dir: &Path, n: u32) -> (PathBuf, PathBuf) {
    if n == 1 {
        (dir.join(FILE), dir.join(".autosave.lock"))
    } else {
        (
            dir.join(format!("autosave.{n}.pgn")),
            dir.join(format!(".autosave.{n}.lock")),
        )
    }
}

/// Claims the first slot no running window holds: its autosave path and the locked lock file
/// (held until the app ends).
fn claim_slot(dir: &Path) -> Option<(PathBuf, std::fs::File)> {
    std::fs::create_dir_all(dir).ok()?;
    (1..=SLOTS).find_map(|n| {
        let (path, lock) = slot_files(dir, n);
        let f = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(lock)
            .ok()?;
        f.try_lock().ok()?;
        Some((path, f))
    })
}

/// The autosave of one running app.
#[derive(Debug, Default)]
pub struct Autosave {
    /// The file; `None` keeps nothing on disk.
    path: Option<PathBuf>,
    /// The locked lock file of this window's slot.
    claim: Option<std::fs::File>,
    /// What was last written (see [`MyriadApp::autosave_key`](super::MyriadApp)).
    written: Option<(u64, u64, usize)>,
}

impl Autosave {
    /// The autosave of a window in `dir` (the first slot no running window holds), with what
    /// a previous run left in that slot (a run that did not exit cleanly). Nothing is written
    /// until [`Autosave::write`] is called.
    pub fn open(dir: Option<&Path>) -> (Autosave, Option<Offer>) {
        let Some((path, claim)) = dir.and_then(claim_slot) else {
            return (Autosave::default(), None);
        };
        let offer = std::fs::read_to_string(&path)
            .ok()
            .map(|text| read_offer(&path, &text));
        (
            Autosave {
                path: Some(path),
                claim: Some(claim),
                written: None,
            },
            offer,
        )
    }

    /// Lets go of this window's slot without removing its file, as a killed process does (the
    /// system drops its locks): for tests that simulate a crash inside one process.
    pub fn release_claim(&mut self) {
        self.claim = None;
    }

    /// The file, if there is one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Writes the game unless `key` says it is what was last written. A game with no moves
    /// has nothing to lose: the file is removed instead.
    pub fn write(&mut self, key: (u64, u64, usize), spec: &str, game: &Game) {
        let Some(path) = &self.path else { return };
        if self.written == Some(key) {
            return;
        }
        self.written = Some(key);
        if game.history().is_empty() {
            let _ = std::fs::remove_file(path);
            return;
        }
        if let Some(d) = path.parent() {
            let _ = std::fs::create_dir_all(d);
        }
        let text = encode(spec, &super::pgn::export(game));
        // not flushed to the disk: this guards against the process dying, at every move
        let _ = crate::game::save::write_atomic(path, text.as_bytes(), false);
    }

    /// Removes the file: the user closed Myriad, or declined to restore the game.
    pub fn remove(&mut self) {
        if let Some(p) = &self.path {
            let _ = std::fs::remove_file(p);
        }
        self.written = None;
    }
}

fn read_offer(path: &Path, text: &str) -> Offer {
    let replay = || -> Result<(String, Box<Game>), String> {
        let (spec, pgn) = decode(text).ok_or("it is not a Myriad autosave")?;
        let variant = crate::rules::load(spec).map_err(|d| {
            let first = d.0.first().map(|d| d.message.clone()).unwrap_or_default();
            format!("its rules `{spec}` no longer load: {first}")
        })?;
        let game = super::pgn::import(&variant, pgn)
            .map_err(|e| format!("its moves no longer replay under `{spec}`: {e}"))?;
        Ok((spec.to_string(), Box::new(game)))
    };
    match replay() {
        Ok((spec, game)) => Offer::Game { spec, game },
        Err(why) => {
            // Keep it, under a name no later run overwrites.
            let secs = time::OffsetDateTime::now_utc().unix_timestamp();
            let kept = path.with_file_name(format!("autosave-{secs}.pgn"));
            let kept = match std::fs::rename(path, &kept) {
                Ok(()) => kept,
                Err(_) => path.to_path_buf(),
            };
            Offer::Unreadable { kept, why }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_and_decode() {
        let t = encode("rules/my game.rules", "[Event \"x\"]\n\n*\n");
        assert!(t.starts_with("% myriad-autosave rules rules/my game.rules\n["));
        assert_eq!(
            decode(&t),
            Some(("rules/my game.rules", "[Event \"x\"]\n\n*\n"))
        );
        assert_eq!(decode("[Event \"x\"]\n*"), None);
        assert_eq!(decode("% myriad-autosave rules \n*"), None);
    }
}
