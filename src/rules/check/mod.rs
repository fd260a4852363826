//! The checker: judges a merged [`Draft`] and builds a [`VariantSpec`].
//!
//! One pass per block, in the manner of pest's meta-grammar validator (whose `validate_ast`
//! runs independent passes and collects what each finds): the top-level items (name, board)
//! here, then [`pieces`], [`array`], [`castling`], [`end`] and [`setup`]. Each pass records its
//! problems in the [`Session`] and returns what it built; a later pass takes what it needs from
//! an earlier one (the array needs the pieces' letters), so a problem in one block does not
//! hide the problems of the others. Nothing stops at the first problem.

mod array;
mod castling;
mod counting;
mod drop_limits;
mod drops;
mod end;
mod goals;
mod image;
mod notation;
mod pieces;
mod place;
mod regions;
mod setup;
mod setup_advice;

use super::ast::{Span, Spanned, Str};
use super::keywords::Kw;
use super::load::Draft;
use super::session::Session;
use crate::types::{Geometry, Role};
use crate::variant::{EndRules, Origin, VariantSpec};

/// Checks a draft; returns the spec if no problem was found (in this pass or before).
pub(crate) fn check(s: &mut Session, d: &Draft, origin: Origin) -> Option<VariantSpec> {
    let name = check_name(s, d);
    let description = join(&d.description);
    let source = join(&d.source);
    let pgn_variant = check_pgn_variant(s, d);
    let notation = notation::check_notation(s, d);
    let geometry = check_board(s, d);
    // An extinction rule lets a game do without a royal piece (Antichess) or a side without
    // one (Horde's White).
    let royal_optional = d
        .end
        .as_ref()
        .is_some_and(|(_, e)| !e.extinction.is_empty());
    let mut roles = pieces::check(s, &d.pieces, geometry, royal_optional);
    notation::check_san_letters(s, &d.pieces, &mut roles);
    let letters: Vec<char> = roles.iter().map(|r| r.letter).collect();
    let in_hand = place::hand_letters(d);
    let array = match (&d.array, geometry) {
        (Some(a), Some(g)) => {
            let board = d.board.as_ref().map(|b| b.span);
            array::check(s, a, g, board, &roles, &in_hand, royal_optional)
        }
        (None, _) => {
            s.file_error(TOP, "this file has no `array`", Some("add the starting position, e.g. `array \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\"`".into()));
            None
        }
        _ => None,
    };
    let castling = match &d.castling {
        Some((k, Some(c))) => castling::check(
            s,
            *k,
            c,
            castling::Context {
                geometry,
                letters: &letters,
                roles: &roles,
                array: array.as_deref(),
                array_text: d.array.as_ref(),
                in_hand: &in_hand,
                royal_optional,
            },
        ),
        _ => None,
    };
    let mut end = match &d.end {
        Some((_, e)) => EndRules {
            goals: goals::check(s, e, geometry, &letters),
            ..end::check(s, e, &letters)
        },
        None => EndRules::default(),
    };
    if let Some((_, e)) = &d.end {
        end.counting = counting::check(s, e, &letters);
    }
    let regions = regions::check(s, d, geometry);
    let setup = match &d.setup {
        Some((k, Some(b))) => setup::check(s, *k, b, geometry, &letters),
        _ => None,
    };
    let drops = d.drops.as_ref().and_then(|(k, b)| {
        let placement = setup.as_ref().is_some_and(|p| p.placement.is_some());
        drops::check(s, *k, b, geometry, &roles, placement)
    });
    let geometry = geometry?;
    let array = array?;
    if let (Some((k, _)), Some(sp)) = (&d.setup, &setup) {
        setup::check_size(s, *k, &array, geometry, sp);
    }
    if let (Some((_, Some(b))), Some(sp), false) = (&d.setup, &setup, s.has_problems()) {
        place::check_fit(s, b, &array, geometry, sp, &letters);
    }
    if s.has_problems() {
        return None;
    }
    let spec = VariantSpec {
        name,
        description,
        source,
        pgn_variant,
        notation,
        origin,
        geometry,
        roles,
        array,
        castling,
        end,
        setup,
        drops,
        regions,
    };
    if let Some((k, Some(b))) = &d.setup {
        setup_advice::check_can_finish(s, *k, &b.requires, &spec);
        if !s.has_problems() {
            setup_advice::warn_toothless(s, &b.requires, &spec);
        }
    }
    (!s.has_problems()).then_some(spec)
}

/// Problems with no line of their own are reported against the file being compiled.
const TOP: usize = 0;

fn check_name(s: &mut Session, d: &Draft) -> String {
    match &d.name {
        Some(n) if n.value.trim().is_empty() => {
            s.error(
                n.span,
                "the name is empty",
                Some("write the game's name, e.g. `name \"Relocation Chess\"`".into()),
            );
            String::new()
        }
        Some(n) => n.value.trim().to_string(),
        None => {
            s.file_error(
                TOP,
                "this file has no `name`",
                Some("add a line such as `name \"My Chess\"`".into()),
            );
            String::new()
        }
    }
}

/// `pgn-variant "..."`: a name other programs read, so one line of printable text that a PGN
/// tag can hold as written.
fn check_pgn_variant(s: &mut Session, d: &Draft) -> Option<String> {
    let n = d.pgn_variant.as_ref()?;
    let value = n.value.trim();
    let help = Some(
        "write the name lichess and python-chess give the game, e.g. `pgn-variant \"King of the Hill\"`"
            .into(),
    );
    if value.is_empty() {
        s.error(n.span, "the PGN variant name is empty", help);
        return None;
    }
    if value
        .chars()
        .any(|c| c.is_control() || c == '"' || c == '\\')
    {
        s.error(
            n.span,
            format!("the PGN variant name `{value}` holds a quote, backslash or control character"),
            help,
        );
        return None;
    }
    Some(value.to_string())
}

/// `description` and `source` texts, their lines joined.
fn join(t: &Option<Vec<Str>>) -> String {
    t.as_ref()
        .map(|v| {
            v.iter()
                .map(|s| s.value.trim())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default()
}

fn check_board(s: &mut Session, d: &Draft) -> Option<Geometry> {
    let Some(b) = &d.board else {
        s.file_error(
            TOP,
            "this file has no `board`",
            Some("add a line such as `board 8x8`".into()),
        );
        return None;
    };
    let (f, r) = b.value;
    let g = u8::try_from(f)
        .ok()
        .zip(u8::try_from(r).ok())
        .and_then(|(f, r)| Geometry::new(f, r));
    if g.is_none() {
        let msg = format!("board `{}` is outside the allowed range", s.text(b.span));
        s.error(
            b.span,
            msg,
            Some("boards have 4 to 12 files and 4 to 12 ranks, e.g. `board 8x8`".into()),
        );
    }
    g
}

/// The declared letters, for help lines: `K Q R B N P`.
fn letter_list(letters: &[char]) -> String {
    letters
        .iter()
        .map(|&c| crate::types::letter_text(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Resolves a piece letter written in `context`, reporting an unknown one.
fn role_of(s: &mut Session, l: &Spanned<char>, letters: &[char], context: &str) -> Option<Role> {
    if let Some(i) = letters.iter().position(|&c| c == l.value) {
        return Some(Role(i as u8));
    }
    let up = crate::types::letter_upper(l.value);
    let shown = crate::types::letter_text(l.value);
    let help = if letters.contains(&up) {
        format!(
            "piece letters are upper case here: write `{}`",
            crate::types::letter_text(up)
        )
    } else {
        format!(
            "declared pieces are {}; add a `piece` line to define `{shown}`",
            letter_list(letters),
        )
    };
    s.error(
        l.span,
        format!("unknown piece letter `{shown}` in {context}"),
        Some(help),
    );
    None
}

/// Reports every keyword written more than once (at its second occurrence): "`moves` is given
/// twice for `Knight`", "`rook` is given twice in `castling`".
fn report_twice(s: &mut Session, entries: &[(Kw, Vec<Span>)], place: &str) {
    for (kw, spans) in entries {
        if spans.len() > 1 {
            s.error(
                spans[1],
                format!("`{}` is given twice {place}", kw.word()),
                Some("keep one".into()),
            );
        }
    }
}

/// Ranks counted from the side's own back rank (1), as 0-based offsets.
pub(super) fn side_ranks(
    s: &mut Session,
    rs: &[Spanned<i64>],
    geometry: Option<Geometry>,
) -> Vec<u8> {
    let max = geometry.map_or(12, |g| g.ranks as i64);
    let mut out: Vec<u8> = vec![];
    for r in rs {
        if r.value < 1 || r.value > max {
            let msg = format!("rank `{}` is off the board", s.text(r.span));
            s.error(
                r.span,
                msg,
                Some(format!(
                    "ranks count from 1 (the side's own back rank) to {max}"
                )),
            );
        } else if !out.contains(&((r.value - 1) as u8)) {
            out.push((r.value - 1) as u8);
        }
    }
    out
}
