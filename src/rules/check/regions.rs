//! The `region` items, the pieces' `confined to` and `also ... in` clauses, `board ...
//! points`, and the `facing illegal` end rule (Xiangqi).

use crate::rules::ast::{EndBlock, PieceDecl, PieceRegion, RegionItem, Span, Spanned};
use crate::rules::diagnostic::did_you_mean;
use crate::rules::load::Draft;
use crate::rules::session::Session;
use crate::types::{ByColor, Geometry, Square};
use crate::variant::{betza, NamedRegion, RegionMoves, Regions};

/// Checks the regions and what refers to them (the pieces' clauses, `facing illegal`).
pub(super) fn check(s: &mut Session, d: &Draft, geometry: Option<Geometry>) -> Regions {
    let mut rg = Regions {
        points: d.points.is_some(),
        ..Regions::default()
    };
    for item in &d.regions {
        if let Some(r) = region(s, item, geometry) {
            rg.regions.push(r);
        }
    }
    let names: Vec<&str> = d.regions.iter().map(|r| r.name.value.as_str()).collect();
    for p in &d.pieces {
        let (confined, moves) = piece(s, p, &names);
        rg.confined.push(confined);
        rg.moves.push(moves);
    }
    if let Some((_, e)) = &d.end {
        rg.facing_illegal = once(s, &e.facing, "facing");
        not_royal_free(s, d, e, &rg);
        if rg.facing_illegal && !d.pieces.iter().any(|p| !p.royal.is_empty()) {
            s.error(
                e.facing[0],
                "`facing illegal` needs a royal piece",
                Some("mark the king with `royal`; `facing illegal` keeps the two royal pieces from facing each other".into()),
            );
        }
    }
    rg
}

/// Hoppers and regions are generated with the royal piece's safety tested move by move; the
/// generator of games without a royal piece or with obligatory captures does not know them yet,
/// so the combination is refused rather than played wrongly.
fn not_royal_free(s: &mut Session, d: &Draft, e: &EndBlock, rg: &Regions) {
    let hopper = d.pieces.iter().find(|p| {
        p.moves
            .first()
            .and_then(|m| betza::parse(&m.value).ok())
            .is_some_and(|a| a.iter().any(|a| a.hop))
    });
    let what = if rg.rules_moves() {
        "regions and `facing illegal`"
    } else if hopper.is_some() {
        "hoppers (`p`)"
    } else {
        return;
    };
    let span = match (e.extinction.first(), e.captures.first()) {
        (Some(x), _) => x.span,
        (None, Some(c)) => *c,
        (None, None) => return,
    };
    s.error(
        span,
        format!("{what} cannot be combined with extinction rules or obligatory captures yet"),
        Some("Myriad generates hoppers and regions only for games with a royal piece; remove this rule or those pieces".into()),
    );
}

/// An entry that may be given once: reports the repeats; is it given?
fn once(s: &mut Session, spans: &[Span], word: &str) -> bool {
    for sp in spans.iter().skip(1) {
        s.error(
            *sp,
            format!("`{word}` is given twice in `end`"),
            Some("keep one".into()),
        );
    }
    !spans.is_empty()
}

/// The region a piece clause names; reports an unknown name.
fn region_index(s: &mut Session, name: &Spanned<String>, names: &[&str]) -> Option<usize> {
    if let Some(i) = names.iter().position(|&n| n == name.value) {
        return Some(i);
    }
    let help = match did_you_mean(&name.value, names) {
        Some(n) => format!("did you mean `{n}`?"),
        None if names.is_empty() => {
            "declare it first, e.g. `region palace d1-f3` (squares as White sees them)".into()
        }
        None => format!("declared regions are {}", names.join(", ")),
    };
    s.error(
        name.span,
        format!("unknown region `{}`", name.value),
        Some(help),
    );
    None
}

/// One piece's region clauses: the region it is confined to, its moves in regions.
fn piece(s: &mut Session, p: &PieceDecl, names: &[&str]) -> (Option<usize>, Vec<RegionMoves>) {
    let mut confined = None;
    let mut seen_confined = false;
    let mut moves = vec![];
    for c in &p.regions {
        match c {
            PieceRegion::Confined(span, name) => {
                if seen_confined {
                    s.error(
                        *span,
                        format!("`confined` is given twice for `{}`", p.name.value),
                        Some("keep one".into()),
                    );
                    continue;
                }
                seen_confined = true;
                confined = region_index(s, name, names);
            }
            PieceRegion::Also(_, text, name) => {
                let region = region_index(s, name, names);
                let atoms = match betza::parse(&text.value) {
                    Ok(a) => a,
                    Err(e) => {
                        let span = text.sub_span(e.offset, e.offset + e.len.max(1));
                        s.error(span, e.message, e.help);
                        continue;
                    }
                };
                if atoms.iter().any(|a| a.is_rider() || a.hop) {
                    s.error(
                        text.span,
                        format!(
                            "the moves in a region must be leaps: `{}` rides",
                            text.value
                        ),
                        Some(
                            "write steps or leaps such as `sW`; rides go in the piece's `moves`"
                                .into(),
                        ),
                    );
                    continue;
                }
                if let Some(region) = region {
                    moves.push(RegionMoves {
                        region,
                        betza: text.value.clone(),
                        atoms,
                    });
                }
            }
        }
    }
    (confined, moves)
}

/// One `region` item: its squares for White and, mirrored top to bottom, for Black.
fn region(s: &mut Session, r: &RegionItem, geometry: Option<Geometry>) -> Option<NamedRegion> {
    let g = geometry?;
    let mut white: Vec<Square> = vec![];
    let mut ok = true;
    let last = g.name(g.square(g.files - 1, g.ranks - 1));
    for sq in &r.squares {
        let corners: Vec<Option<Square>> = sq.value.split('-').map(|x| g.parse_square(x)).collect();
        let (Some(a), Some(b)) = (corners[0], *corners.last().expect("split gives one")) else {
            ok = false;
            s.error(
                sq.span,
                format!("square `{}` is off the board", sq.value),
                Some(format!("squares run from `a1` to `{last}` on this board")),
            );
            continue;
        };
        let (f0, f1) = (g.file(a).min(g.file(b)), g.file(a).max(g.file(b)));
        let (r0, r1) = (g.rank(a).min(g.rank(b)), g.rank(a).max(g.rank(b)));
        for f in f0..=f1 {
            for rk in r0..=r1 {
                white.push(g.square(f, rk));
            }
        }
    }
    for rank in &r.ranks {
        let Some(rank) = super::goals::board_rank(s, g, rank) else {
            ok = false;
            continue;
        };
        white.extend((0..g.files).map(|f| g.square(f, rank)));
    }
    white.sort();
    white.dedup();
    let mut black: Vec<Square> = white
        .iter()
        .map(|&x| g.square(g.file(x), g.ranks - 1 - g.rank(x)))
        .collect();
    black.sort();
    ok.then(|| NamedRegion {
        name: r.name.value.clone(),
        squares: ByColor::new(white, black),
        drawn: r.drawn,
    })
}
