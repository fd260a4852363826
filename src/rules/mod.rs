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
//! The stages: `parser` turns the text into a typed AST that keeps spans ([`ast`]); the
//! checker (`check`) resolves `extends`, merges parent and child, checks everything (collecting
//! every problem) and fills in a [`VariantSpec`]; [`Variant::new`] builds the tables. Problems
//! come back as [`Diagnostics`], rendered like rustc's. The language is described in
//! `docs/rules-language.md`.

pub mod ast;
mod check;
mod diagnostic;
mod parser;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use diagnostic::{Diagnostic, Diagnostics};

pub use crate::variant::Origin;
use crate::variant::{ConstraintKind, ConstraintWhen, StepAction, Variant, VariantSpec};
use check::{read_limited, Compiler};

/// The largest rules file accepted, in bytes (1 MiB).
pub const MAX_FILE_SIZE: usize = check::MAX_FILE_SIZE;

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
);

/// Every bundled rules file: (name, source text), e.g. `("chess", "name \"Chess\" ...")`.
pub fn bundled() -> &'static [(&'static str, &'static str)] {
    BUNDLED
}

/// Loads a game: `file` is a path to a `.rules` file or the name of a bundled one (`chess`,
/// `regroupment`, ...; the `.rules` suffix is optional). A path that exists wins.
pub fn load(file: &str) -> Result<Arc<Variant>, Diagnostics> {
    let path = Path::new(file);
    if path.is_file() {
        return match read_limited(path) {
            Ok(text) => compile_source(&text, file),
            Err(e) => Err(Diagnostics(vec![Diagnostic::whole_file(
                file,
                format!("cannot read `{file}`: {e}"),
                None,
            )])),
        };
    }
    let name = file.strip_suffix(".rules").unwrap_or(file);
    let name = name.strip_prefix("rules/").unwrap_or(name);
    if let Some((n, text)) = BUNDLED.iter().find(|(n, _)| *n == name) {
        return compile_with(
            text,
            &format!("rules/{n}.rules"),
            Origin::Bundled(n.to_string()),
        );
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
/// its directory, then among the bundled files.
pub fn compile_source(source: &str, origin: &str) -> Result<Arc<Variant>, Diagnostics> {
    compile_with(source, origin, Origin::File(PathBuf::from(origin)))
}

fn compile_with(source: &str, display: &str, origin: Origin) -> Result<Arc<Variant>, Diagnostics> {
    let mut c = Compiler::new(BUNDLED);
    let Some(spec) = c.compile(source, display, origin) else {
        return Err(c.diagnostics());
    };
    let v = Variant::new(spec).map(Arc::new).map_err(|e| {
        Diagnostics(vec![Diagnostic::whole_file(
            display,
            e.0,
            Some("this is a bug in Myriad's rules checker; please report it".into()),
        )])
    })?;
    // A setup phase that can never end with every `require` met would leave the game stuck
    // before move 1. (The checker has bounded the setup tree, so this look-ahead is quick.)
    if let Some(s) = &v.spec.setup {
        let stuck = if s.shuffle.is_some() {
            crate::game::setup::start_arrays(&v).is_empty()
        } else {
            !s.steps.is_empty()
                && crate::game::Game::new_with_setup(v.clone())
                    .legal_moves()
                    .is_empty()
        };
        if stuck {
            let message = "the setup phase can never end with every `require` met";
            let help = Some("check the `require` lines against the array and the steps: no sequence of setup moves satisfies them".to_string());
            // point at this file's `setup` keyword, if the setup block is in this file
            let mut offset = 0;
            let mut at = None;
            for l in source.split_inclusive('\n') {
                let t = l.trim_start();
                if t.starts_with("setup") {
                    at = Some(offset + l.len() - t.len());
                    break;
                }
                offset += l.len();
            }
            let d = match at {
                Some(o) => Diagnostic::at(display, source, o, o + 5, message, help),
                None => Diagnostic::whole_file(display, message, help),
            };
            return Err(Diagnostics(vec![d]));
        }
    }
    Ok(v)
}

/// A short multi-line summary of a game, for `myriad check`.
pub fn summary(v: &Variant) -> String {
    let s: &VariantSpec = &v.spec;
    let letter = |r: crate::types::Role| s.roles.get(r.index()).map_or('?', |d| d.letter);
    let letters = |rs: &[crate::types::Role]| {
        rs.iter()
            .map(|&r| letter(r).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let file = |f: u8| crate::types::Geometry::file_char(f);
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", s.name, s.origin);
    if !s.source.is_empty() {
        let _ = writeln!(out, "  source: {}", s.source);
    }
    let _ = writeln!(out, "  board: {}x{}", s.geometry.files, s.geometry.ranks);
    let _ = writeln!(out, "  pieces:");
    for r in &s.roles {
        let mut extra = String::new();
        if let Some(val) = r.value {
            let _ = write!(extra, " value {val}");
        }
        if r.royal {
            extra.push_str(" royal");
        }
        if r.pawn {
            extra.push_str(" pawn");
        }
        if let Some(p) = &r.promotion {
            let zone = if p.zone == 1 {
                "the last rank".to_string()
            } else {
                format!("the last {} ranks", p.zone)
            };
            let _ = write!(extra, ", promotes on {zone} to {}", letters(&p.choices));
        }
        let _ = writeln!(out, "    {} {} \"{}\"{extra}", r.letter, r.name, r.betza);
    }
    match &s.castling {
        None => {
            let _ = writeln!(out, "  castling: none");
        }
        Some(c) => {
            let _ = write!(
                out,
                "  castling: rook {}; king-side king {} rook {}; queen-side king {} rook {}",
                letter(c.rook),
                file(c.king_side().0),
                file(c.king_side().1),
                file(c.queen_side().0),
                file(c.queen_side().1)
            );
            if !c.curtailed_files.is_empty() {
                let fs: Vec<String> = c
                    .curtailed_files
                    .iter()
                    .map(|&f| file(f).to_string())
                    .collect();
                let _ = write!(out, "; curtailed {}", fs.join(" "));
            }
            if c.strict_safety {
                let _ = write!(out, "; strict safety");
            }
            out.push('\n');
        }
    }
    if let Some(p) = &s.setup {
        let _ = writeln!(
            out,
            "  setup:{}",
            if p.randomized { " (randomized)" } else { "" }
        );
        if let Some(sh) = &p.shuffle {
            let _ = writeln!(
                out,
                "    shuffle the back rank{}",
                if sh.mirrored {
                    ", Black mirrors White"
                } else {
                    ", each side on its own"
                }
            );
        }
        for (i, st) in p.steps.iter().enumerate() {
            let side = st.side.name();
            match &st.action {
                StepAction::Swap {
                    relocate,
                    with,
                    optional,
                    ranks,
                } => {
                    let _ = write!(
                        out,
                        "    {}. {side} swaps {} with {}",
                        i + 1,
                        letters(relocate),
                        letters(with)
                    );
                    if !ranks.is_empty() {
                        let rs: Vec<String> = ranks.iter().map(|r| (r + 1).to_string()).collect();
                        let _ = write!(out, " on ranks {}", rs.join(" "));
                    }
                    if *optional {
                        out.push_str(" (optional)");
                    }
                    out.push('\n');
                }
                StepAction::Mirror => {
                    let _ = writeln!(out, "    {}. {side} mirrors", i + 1);
                }
            }
        }
        for c in &p.constraints {
            let when = match c.when {
                ConstraintWhen::EachSwap => "after each swap",
                ConstraintWhen::Final => "at end",
            };
            let what = match &c.kind {
                ConstraintKind::OppositeColors(r) => format!("{} on opposite colours", letter(*r)),
                ConstraintKind::Between { inner, outer } => {
                    format!("{} between {}", letter(*inner), letter(*outer))
                }
            };
            let _ = writeln!(out, "    require {what} {when}");
        }
    }
    let e = &s.end;
    let mut ends = vec![format!(
        "stalemate {}",
        if e.stalemate_draw { "draws" } else { "loses" }
    )];
    if let Some(n) = e.repetition {
        ends.push(format!("{n}-fold repetition draws"));
    }
    if let Some(n) = e.move_rule {
        ends.push(format!("{n}-move rule"));
    }
    if e.insufficient_material {
        ends.push("insufficient material draws".into());
    }
    let _ = write!(out, "  end: {}", ends.join(", "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_file_compiles() {
        for (name, _) in bundled() {
            if let Err(d) = load(name) {
                panic!("{name}:\n{d}");
            }
        }
    }
}
