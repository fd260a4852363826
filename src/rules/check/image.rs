//! `image` on a `piece` line: figures of the piece set (`image bishop+knight`) or SVG files
//! next to the rules file (`image "archer.svg"`), read here so that a missing file is reported
//! with its line and column like any other mistake, and the GUI never touches the disk for it.

use std::path::Path;

use crate::rules::ast::{ImageDecl, ImageWhat, Span, Str};
use crate::rules::diagnostic::did_you_mean;
use crate::rules::load::read_limited;
use crate::rules::session::Session;
use crate::variant::look::{Figure, PieceImage, SvgFile, Token, TokenShape};

/// The most figures one piece may combine (a queen, a knight and a king is already crowded).
const MAX_FIGURES: usize = 3;

/// Checks one `image` clause; `None` if it is faulty (the problems are recorded).
pub(super) fn check(s: &mut Session, d: &ImageDecl) -> Option<PieceImage> {
    match &d.what {
        ImageWhat::Figures(w) => {
            let names: Vec<&str> = Figure::ALL.iter().map(|f| f.name()).collect();
            let mut figures = Vec::new();
            let mut ok = true;
            let mut at = w.span.start;
            for part in w.value.split('+') {
                let span = Span {
                    file: w.span.file,
                    start: at,
                    end: at + part.len(),
                };
                at += part.len() + 1;
                match Figure::from_name(part) {
                    Some(f) if figures.contains(&f) => {
                        ok = false;
                        s.error(
                            span,
                            format!("figure `{part}` is named twice"),
                            Some("name each figure once".into()),
                        );
                    }
                    Some(f) => figures.push(f),
                    None => {
                        ok = false;
                        let list = names.join("`, `");
                        let help = match did_you_mean(part, &names) {
                            _ if part == "disc" || part == "pentagon" => format!(
                                "a token needs the text it shows, in quotes: `image {part} \"車\"`"
                            ),
                            Some(n) => format!("did you mean `{n}`? the figures are `{list}`"),
                            None => format!(
                                "the figures are `{list}`, joined with `+`; or name an SVG file in quotes"
                            ),
                        };
                        s.error(span, format!("unknown figure `{part}`"), Some(help));
                    }
                }
            }
            if figures.len() > MAX_FIGURES {
                ok = false;
                s.error(
                    w.span,
                    format!("at most {MAX_FIGURES} figures can be combined"),
                    Some("name the piece's main parts, e.g. `image queen+knight`".into()),
                );
            }
            ok.then_some(PieceImage::Figures(figures))
        }
        ImageWhat::Token(shape, white, black) => {
            let shape = match shape.value.as_str() {
                "disc" => TokenShape::Disc,
                _ => TokenShape::Pentagon,
            };
            let ok = token_text(s, white) & black.as_ref().is_none_or(|b| token_text(s, b));
            ok.then(|| {
                PieceImage::Token(Token {
                    shape,
                    white: white.value.clone(),
                    black: black.as_ref().map(|b| b.value.clone()),
                })
            })
        }
        ImageWhat::Files(white, black) => {
            let w = read_svg(s, white);
            let b = black.as_ref().map(|b| read_svg(s, b));
            match (w, b) {
                (Some(w), None) => Some(PieceImage::Files(w, None)),
                (Some(w), Some(Some(b))) => Some(PieceImage::Files(w, Some(b))),
                _ => None,
            }
        }
    }
}

/// The most characters a token's text may have: a kanji or two, or a short abbreviation.
const MAX_TOKEN_CHARS: usize = 3;

/// Checks the text on a token: one to three characters, no spaces at the ends.
fn token_text(s: &mut Session, t: &Str) -> bool {
    let n = t.value.chars().count();
    if t.value.trim().is_empty() {
        s.error(
            t.span,
            "a token's text is empty",
            Some("write the character on the piece, e.g. `image disc \"車\"`".into()),
        );
        return false;
    }
    if n > MAX_TOKEN_CHARS || t.value.trim() != t.value {
        s.error(
            t.span,
            format!(
                "a token's text has at most {MAX_TOKEN_CHARS} characters and no spaces around it"
            ),
            Some("write one or two characters, e.g. `image pentagon \"歩\"` or `\"+P\"`".into()),
        );
        return false;
    }
    true
}

/// Reads an SVG file named relative to the rules file that names it.
fn read_svg(s: &mut Session, f: &Str) -> Option<SvgFile> {
    let Some(dir) = s
        .path(f.span.file)
        .map(|p| p.parent().unwrap_or(Path::new("")).to_owned())
    else {
        s.error(
            f.span,
            "a bundled rules file cannot name an image file",
            Some("name figures of the piece set, e.g. `image bishop+knight`".into()),
        );
        return None;
    };
    let name = f.value.trim();
    if name.is_empty() {
        s.error(
            f.span,
            "the image file name is empty",
            Some("write the SVG file's path relative to this rules file".into()),
        );
        return None;
    }
    let path = dir.join(name);
    let shown = path.display().to_string();
    // Only a regular file: a device such as /dev/zero would never end.
    let result = match std::fs::metadata(&path) {
        Ok(m) if !m.is_file() => Err("it is not a regular file".to_string()),
        Ok(_) => read_limited(&path).map_err(|e| e.to_string()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err("no such file".to_string()),
        Err(e) => Err(e.to_string()),
    };
    match result {
        Err(e) => {
            s.error(
                f.span,
                format!("cannot read image file `{shown}`: {e}"),
                Some("give the SVG file's path relative to this rules file (at most 1 MiB)".into()),
            );
            None
        }
        Ok(text) if !text.contains("<svg") => {
            s.error(
                f.span,
                format!("image file `{shown}` is not an SVG image"),
                Some("an image file is an SVG drawing (`<svg ...>`)".into()),
            );
            None
        }
        Ok(text) => Some(SvgFile {
            path: shown,
            data: text.into_bytes().into(),
        }),
    }
}
