//! The `.rules` language: pest grammar -> AST with spans -> checked [`crate::variant::VariantSpec`].
//!
//! ```text
//! extends "chess"
//! name "Regroupment Chess"
//! setup {
//!   step black swap K with Q B N optional
//!   step black swap Q with B N optional
//!   step white swap K with Q B N optional
//!   step white swap Q with B N optional
//!   require opposite-colours B at end
//! }
//! ```
//!
//! The stages: `parser` turns the text into a typed AST that keeps spans ([`ast`]); `load`
//! reads the file and the files it `extends` and merges their items into a draft; `check`
//! judges the draft, one pass per block, collecting every problem, and fills in a
//! [`VariantSpec`](crate::variant::VariantSpec); [`Variant::new`] builds the tables. Problems come back as [`Diagnostics`],
//! rendered like rustc's. The keywords of the language are declared in one table
//! (`keywords`). The language is described in `docs/rules-language.md`.

pub mod ast;
mod check;
mod diagnostic;
mod keywords;
mod load;
mod parser;
mod session;
mod summary;
mod syntax;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use diagnostic::{Diagnostic, Diagnostics, Severity};
pub use summary::summary;

pub use crate::variant::Origin;
use crate::variant::Variant;
use load::{read_limited, Loader};
use session::Session;

/// The largest rules file accepted, in bytes (1 MiB).
pub const MAX_FILE_SIZE: usize = load::MAX_FILE_SIZE;

macro_rules! bundle {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../rules/", $name, ".rules")))),*]
    };
}

static BUNDLED: &[(&str, &str)] = bundle!(
    "chess",
    "capablanca",
    "relocation",
    "relocation-curtailed",
    "chess64",
    "regroupment",
    "regroupment-bwbw",
    "regroupment-no-knight",
    "regroupment-curtailed",
    "chess484",
    "placement",
    "fischer-placement",
    "chess960",
    "chess57",
    "pawn-exchange",
    "double-fischer-random",
    "transcendental",
    "pre-chess",
    "choose960",
    "nocastle",
    "almost",
    "amazon",
    "gardner",
    "losalamos",
    "gothic",
    "embassy",
    "janus",
    "modern",
    "chancellor",
    "knightmate",
    "hoppelpoppel",
    "chigorin",
    "makruk",
    "grand",
    "kingofthehill",
    "3check",
    "5check",
    "racingkings",
    "regroupment-koth",
    "shatranj",
    "courier",
    "extinction",
    "antichess",
    "giveaway",
    "horde",
    "kinglet",
    "codrus",
    "losers",
    "newzealand",
    "ai-wok",
    "centaur",
    "breakthrough",
    "clobber",
    "threekings",
    "suicide",
    "jesonmor",
    "crazyhouse",
    "loop",
    "chessgi",
    "pocketknight",
    "xiangqi",
    "minixiangqi",
    "minishogi",
    "shogi",
    "euroshogi",
);

/// Every bundled rules file: (name, source text), e.g. `("chess", "name \"Chess\" ...")`.
pub fn bundled() -> &'static [(&'static str, &'static str)] {
    BUNDLED
}

/// Loads a game: `file` is a path to a `.rules` file or the name of a bundled one (`chess`,
/// `regroupment`, ...; the `.rules` suffix is optional). A path that exists wins. Warnings
/// are dropped: see [`load_with_warnings`].
pub fn load(file: &str) -> Result<Arc<Variant>, Diagnostics> {
    load_with_warnings(file).map(|(v, _)| v)
}

/// Loads a game like [`load`], and returns its warnings too: things that compile but are
/// probably not what the author meant (a `require` that can never fail). Each is a
/// [`Diagnostic`] of severity [`Severity::Warning`], printed like an error (`warning: ...`,
/// file:line:column, the line, a help) and meant to be shown to whoever wrote the file:
/// `myriad check` prints them and still succeeds; a GUI shows them beside the game it loaded.
pub fn load_with_warnings(file: &str) -> Result<(Arc<Variant>, Diagnostics), Diagnostics> {
    let path = Path::new(file);
    if path.is_file() {
        return match read_limited(path) {
            Ok(text) => compile_source_with_warnings(&text, file),
            Err(e) => Err(Diagnostics(vec![Diagnostic::whole_file(
                file,
                format!("cannot read `{file}`: {e}"),
                None,
            )])),
        };
    }
    let name = Origin::bundled_name(file);
    if let Some((n, text)) = BUNDLED.iter().find(|(n, _)| *n == name) {
        let origin = Origin::Bundled(n.to_string());
        return compile_with(text, &origin.display(), origin);
    }
    let names: Vec<&str> = BUNDLED.iter().map(|(n, _)| *n).collect();
    let help = match diagnostic::did_you_mean(name, &names) {
        Some(n) => format!("did you mean `{n}`?"),
        None => format!("bundled games are {}", names.join(", ")),
    };
    Err(Diagnostics(vec![Diagnostic::whole_file(
        file,
        format!("no rules file or bundled game named `{file}`"),
        Some(help),
    )]))
}

/// Compiles rules text. `origin` is the path shown in messages; `extends` resolves relative to
/// its directory, then among the bundled files. Warnings are dropped: see
/// [`compile_source_with_warnings`].
pub fn compile_source(source: &str, origin: &str) -> Result<Arc<Variant>, Diagnostics> {
    compile_source_with_warnings(source, origin).map(|(v, _)| v)
}

/// Compiles rules text like [`compile_source`], and returns its warnings too (see
/// [`load_with_warnings`]).
pub fn compile_source_with_warnings(
    source: &str,
    origin: &str,
) -> Result<(Arc<Variant>, Diagnostics), Diagnostics> {
    compile_with(source, origin, Origin::File(PathBuf::from(origin)))
}

/// Loads, checks and compiles `source`, shown in messages as `display`; returns the variant
/// and the warnings, or the errors.
fn compile_with(
    source: &str,
    display: &str,
    origin: Origin,
) -> Result<(Arc<Variant>, Diagnostics), Diagnostics> {
    let mut session = Session::default();
    let spec = Loader::new(&mut session)
        .load_top(source, display, &origin)
        .and_then(|draft| check::check(&mut session, &draft, origin));
    let Some(spec) = spec.filter(|_| !session.has_problems()) else {
        return Err(session.diagnostics());
    };
    let warnings = session.warnings();
    Variant::new(spec)
        .map(|v| (Arc::new(v), warnings))
        .map_err(|e| {
            Diagnostics(vec![Diagnostic::whole_file(
                display,
                e.to_string(),
                Some("this is a bug in Myriad's rules checker; please report it".into()),
            )])
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_file_compiles_without_warnings() {
        for (name, _) in bundled() {
            match load_with_warnings(name) {
                Err(d) => panic!("{name}:\n{d}"),
                Ok((_, w)) => assert!(w.is_empty(), "{name}:\n{w}"),
            }
        }
    }
}
