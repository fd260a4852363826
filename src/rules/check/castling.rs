//! `castling { ... }`: the rook, where king and rook land, curtailed files, safety.

use super::{report_twice, role_of};
use crate::rules::ast::{CastlingBlock, Span, Spanned, Str};
use crate::rules::keywords::{Block, Kw};
use crate::rules::session::Session;
use crate::types::{Color, Geometry, Piece, Role};
use crate::variant::{board_text, CastlingRules, RoleDef};

/// What the castling pass reads from the passes before it.
pub(super) struct Context<'a> {
    /// The board, if `board` was sound.
    pub geometry: Option<Geometry>,
    /// The declared piece letters.
    pub letters: &'a [char],
    /// The declared pieces.
    pub roles: &'a [RoleDef],
    /// The array, if it was sound.
    pub array: Option<&'a [Option<Piece>]>,
    /// The array as written, to point at a rank.
    pub array_text: Option<&'a Str>,
    /// The letters of the pieces each side starts with in hand (`setup { hand "..." }`).
    pub in_hand: &'a [char],
    /// May the game do without a royal piece (an extinction rule ends it)?
    pub royal_optional: bool,
}

/// Checks a castling block (`keyword` is the span of `castling`).
pub(super) fn check(
    s: &mut Session,
    keyword: Span,
    c: &CastlingBlock,
    cx: Context,
) -> Option<CastlingRules> {
    for u in &c.unknown {
        let (message, help) = Block::Castling.unknown(&u.value);
        s.error(u.span, message, Some(help));
    }
    let twice = [
        (Kw::Rook, c.rook.iter().map(|s| s.span).collect()),
        (Kw::KingSide, c.king_side.iter().map(|s| s.0).collect()),
        (Kw::Only, c.only.iter().map(|o| o.span).collect()),
        (Kw::QueenSide, c.queen_side.iter().map(|s| s.0).collect()),
        (
            Kw::Curtailed,
            c.curtailed
                .iter()
                .filter_map(|s| s.first().map(|f| f.span))
                .collect(),
        ),
        (Kw::Safety, c.strict.iter().map(|s| s.span).collect()),
        (Kw::King, c.king.iter().map(|s| s.span).collect()),
    ];
    report_twice(s, &twice, &format!("in `{}`", Kw::Castling.word()));
    let (rook, mut ok) = match c.rook.first() {
        None => {
            s.error(
                keyword,
                "`castling` does not say which piece is the rook",
                Some("add `rook R` inside `castling { ... }`, or write `castling none`".into()),
            );
            (None, false)
        }
        Some(l) => check_rook(s, l, &cx),
    };
    let king = castling_king(s, keyword, c, &cx);
    let g = cx.geometry?;
    let king_side = landing(s, g, &c.king_side, (g.files - 2, g.files - 3));
    let queen_side = landing(s, g, &c.queen_side, (2, 3));
    let mut curtailed = vec![];
    for f in c.curtailed.iter().flatten() {
        match file_of(s, g, f) {
            Some(n) if !curtailed.contains(&n) => curtailed.push(n),
            Some(_) => {}
            None => ok = false,
        }
    }
    let strict = c.strict.first().is_some_and(|s| s.value);
    let (mut only_king, mut only_rook) = (vec![], vec![]);
    for o in &c.only {
        for (files, out) in [(&o.king, &mut only_king), (&o.rook, &mut only_rook)] {
            for f in files {
                match file_of(s, g, f) {
                    Some(n) if !out.contains(&n) => out.push(n),
                    Some(_) => {}
                    None => ok = false,
                }
            }
        }
    }
    if !ok {
        return None;
    }
    Some(CastlingRules {
        curtailed_files: curtailed,
        strict_safety: strict,
        only_king_files: only_king,
        only_rook_files: only_rook,
        king: king?,
        ..CastlingRules::new(rook?, king_side?, queen_side?)
    })
}

/// `king K`: the piece that castles, named only in a game without a royal piece (there it is
/// required). `Some(None)`: the royal piece castles; `None`: a problem was reported.
fn castling_king(
    s: &mut Session,
    keyword: Span,
    c: &CastlingBlock,
    cx: &Context,
) -> Option<Option<Role>> {
    let has_royal = cx.roles.iter().any(|r| r.royal);
    match c.king.first() {
        // (a game that needs a royal piece and has none was told so by the pieces' pass)
        None if has_royal || !cx.royal_optional => Some(None),
        None => {
            s.error(
                keyword,
                "`castling` in a game without a royal piece does not say which piece castles",
                Some("add `king K` inside `castling { ... }`, or write `castling none`".into()),
            );
            None
        }
        Some(l) if has_royal => {
            s.error(
                l.span,
                format!("`king {}` in a game with a royal piece", l.value),
                Some("the royal piece castles; drop the `king` entry".into()),
            );
            None
        }
        Some(l) => role_of(s, l, cx.letters, "castling").map(Some),
    }
}

/// `rook R`: a declared piece, not the royal one, on each side's back rank in the array.
/// Returns the role and whether all is well.
fn check_rook(s: &mut Session, l: &Spanned<char>, cx: &Context) -> (Option<Role>, bool) {
    let Some(r) = role_of(s, l, cx.letters, "castling") else {
        return (None, false);
    };
    let mut ok = true;
    if cx.roles[r.index()].royal {
        s.error(
            l.span,
            format!("the royal piece `{}` cannot be the castling rook", l.value),
            Some("name the piece the king castles with, e.g. `rook R`".into()),
        );
        ok = false;
    }
    // A rook that starts in hand is placed later (Pre-Chess): the array need not hold it.
    let placed_later = cx.in_hand.contains(&l.value);
    if let (Some(g), Some(arr), false) = (cx.geometry, cx.array, placed_later) {
        for color in Color::ALL {
            let back = if color.is_white() { 0 } else { g.ranks - 1 };
            let there = (0..g.files)
                .any(|f| arr[g.square(f, back).index()] == Some(Piece { color, role: r }));
            // a side without a royal piece (Horde's White) does not castle
            let royal = cx.roles.iter().position(|d| d.royal).map(|i| Role(i as u8));
            let kingless = royal.is_some_and(|k| !arr.contains(&Some(Piece { color, role: k })));
            if !there && !kingless {
                // Point at the back rank in the array: that is what to fix.
                let span = cx
                    .array_text
                    .and_then(|a| rank_span(a, g, back))
                    .unwrap_or(l.span);
                s.error(
                    span,
                    format!(
                        "castling rook `{}` is not on {}'s back rank in the array",
                        l.value,
                        color.name()
                    ),
                    Some("put the rooks on the back rank, or write `castling none`".into()),
                );
                ok = false;
            }
        }
    }
    (Some(r), ok)
}

/// A file letter on the board, from 0 (`a`).
fn file_of(s: &mut Session, g: Geometry, f: &Spanned<char>) -> Option<u8> {
    let n = (f.value as u32).wrapping_sub('a' as u32);
    if f.value.is_ascii_lowercase() && n < g.files as u32 {
        Some(n as u8)
    } else {
        s.error(
            f.span,
            format!("file `{}` is not on the board", f.value),
            Some(format!(
                "files run from `a` to `{}`",
                Geometry::file_char(g.files - 1)
            )),
        );
        None
    }
}

/// `king-side king g rook f`: the landing files (king, rook), or `default` if not given.
fn landing(
    s: &mut Session,
    g: Geometry,
    v: &[(Span, Spanned<char>, Spanned<char>)],
    default: (u8, u8),
) -> Option<(u8, u8)> {
    let Some((span, k, r)) = v.first() else {
        return Some(default);
    };
    let kf = file_of(s, g, k);
    let rf = file_of(s, g, r);
    let (kf, rf) = (kf?, rf?);
    if kf == rf {
        s.error(*span, "king and rook cannot land on the same file", None);
        return None;
    }
    Some((kf, rf))
}

/// The span of rank `rank` (from 0 = rank 1) inside an array string, if the array has one
/// segment per rank.
fn rank_span(a: &Str, g: Geometry, rank: u8) -> Option<Span> {
    let ranks = board_text::rank_ranges(&a.value);
    if ranks.len() != g.ranks as usize {
        return None;
    }
    let r = ranks[(g.ranks - 1 - rank) as usize];
    Some(a.sub_span(r.start, r.end.max(r.start + 1)))
}
