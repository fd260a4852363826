//! Where a game's rules came from: the one type for it, used by the rules front end (to
//! resolve `extends` and name files in messages), the game (PGN tags, UCI names) and the GUI.

use std::path::{Path, PathBuf};

/// Where rules came from: a bundled file or a file on disk.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A bundled rules file, by name (`regroupment`, without `.rules`).
    Bundled(String),
    /// A file on disk (or text given with a display path).
    File(PathBuf),
}

impl Origin {
    /// How a user names rules (`regroupment`, `rules/regroupment.rules`, `my.rules`) read as an
    /// origin: a path that exists is a file; anything else names a bundled game, with the
    /// `rules/` prefix and the `.rules` suffix optional. The one place names are normalised.
    pub fn from_spec(spec: &str) -> Origin {
        let p = Path::new(spec);
        if p.is_file() {
            Origin::File(std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf()))
        } else {
            Origin::Bundled(Self::bundled_name(spec).to_string())
        }
    }

    /// A bundled game's name from how a user may write it: `rules/chess.rules` -> `chess`.
    pub fn bundled_name(spec: &str) -> &str {
        let n = spec.strip_suffix(".rules").unwrap_or(spec);
        n.strip_prefix("rules/").unwrap_or(n)
    }

    /// How the origin is named to the loader ([`crate::rules::load`]).
    pub fn spec(&self) -> String {
        match self {
            Origin::Bundled(n) => n.clone(),
            Origin::File(p) => p.display().to_string(),
        }
    }

    /// The path shown in messages: `rules/NAME.rules` for a bundled file.
    pub fn display(&self) -> String {
        match self {
            Origin::Bundled(n) => format!("rules/{n}.rules"),
            Origin::File(p) => p.display().to_string(),
        }
    }

    /// A short name for titles: `regroupment.rules`, `my-variant.rules`.
    pub fn short(&self) -> String {
        match self {
            Origin::Bundled(n) => format!("{n}.rules"),
            Origin::File(p) => p
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| p.display().to_string()),
        }
    }

    /// The file's stem, as a game's short name (UCI_Variant, PGN): `regroupment`, `my-variant`.
    pub fn stem(&self) -> String {
        match self {
            Origin::Bundled(n) => n.clone(),
            Origin::File(p) => p
                .file_stem()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| p.display().to_string()),
        }
    }

    /// What identifies the file for cycle detection in `extends` (`bundled:NAME` or the
    /// canonical path).
    pub fn identity(&self) -> String {
        match self {
            Origin::Bundled(n) => format!("bundled:{n}"),
            Origin::File(p) => std::fs::canonicalize(p)
                .unwrap_or_else(|_| p.clone())
                .display()
                .to_string(),
        }
    }
}
