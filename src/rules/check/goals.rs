//! The goal entries of `end { ... }`: `region` (King of the Hill, Racing Kings), `checks`
//! (Three-check) and `checking illegal` (Racing Kings).

use super::role_of;
use crate::rules::ast::{EndBlock, RegionDecl, Side};
use crate::rules::session::Session;
use crate::types::{ByColor, Color, Geometry};
use crate::variant::{Goals, Region};

/// The most checks a game may count: Fairy-Stockfish writes each side's remaining checks as
/// one digit in its FEN (`3+3`).
const MAX_CHECKS: i64 = 9;

/// Checks the goal entries of an end block.
pub(super) fn check(
    s: &mut Session,
    e: &EndBlock,
    geometry: Option<Geometry>,
    letters: &[char],
) -> Goals {
    let mut goals = Goals::default();
    let mut seen = ByColor::<bool>::default();
    for r in &e.region {
        let colors: &[Color] = match r.side.as_ref().map(|s| s.value) {
            None => &Color::ALL,
            Some(Side::White) => &[Color::White],
            Some(Side::Black) => &[Color::Black],
        };
        if colors.iter().any(|&c| seen[c]) {
            s.error(
                r.span,
                "a region is given twice for the same side",
                Some("give one `region` for both sides, or one `region white` and one `region black`".into()),
            );
            continue;
        }
        for &c in colors {
            seen[c] = true;
        }
        goals.answer |= r.answer;
        if let Some(region) = region(s, r, geometry, letters) {
            for &c in colors {
                goals.region[c] = Some(region.clone());
            }
        }
    }
    for n in e.checks.iter().skip(1) {
        s.error(
            n.span,
            "`checks` is given twice in `end`",
            Some("keep one".into()),
        );
    }
    if let Some(n) = e.checks.first() {
        if (1..=MAX_CHECKS).contains(&n.value) {
            goals.checks = Some(n.value as u8);
        } else {
            let msg = format!("check count `{}` is out of range", s.text(n.span));
            s.error(
                n.span,
                msg,
                Some(format!(
                    "the side that gives check 1 to {MAX_CHECKS} times wins (3 in Three-check)"
                )),
            );
        }
    }
    for sp in e.checking_illegal.iter().skip(1) {
        s.error(
            *sp,
            "`checking` is given twice in `end`",
            Some("keep one".into()),
        );
    }
    goals.checking_illegal = !e.checking_illegal.is_empty();
    goals
}

/// The squares of one `region` entry; `None` if a letter, square or rank is wrong.
/// A rank number as written (from 1, White's back rank), 0-based; reports one off the board.
/// Shared by goal regions (`region ... rank 8`) and named regions (`region home ranks 1 2`).
pub(super) fn board_rank(
    s: &mut Session,
    g: Geometry,
    rank: &crate::rules::ast::Spanned<i64>,
) -> Option<u8> {
    if rank.value < 1 || rank.value > g.ranks as i64 {
        let msg = format!("rank `{}` is off the board", s.text(rank.span));
        s.error(
            rank.span,
            msg,
            Some(format!(
                "ranks count from 1 (White's back rank) to {}",
                g.ranks
            )),
        );
        return None;
    }
    Some((rank.value - 1) as u8)
}

fn region(
    s: &mut Session,
    r: &RegionDecl,
    geometry: Option<Geometry>,
    letters: &[char],
) -> Option<Region> {
    let role = role_of(s, &r.letter, letters, "`region`");
    let g = geometry?;
    let mut squares = vec![];
    let mut ok = true;
    for sq in &r.squares {
        match g.parse_square(&sq.value) {
            Some(x) if !squares.contains(&x) => squares.push(x),
            Some(_) => {}
            None => {
                ok = false;
                s.error(
                    sq.span,
                    format!("square `{}` is off the board", sq.value),
                    Some(format!(
                        "squares run from `a1` to `{}` on this board",
                        g.name(g.square(g.files - 1, g.ranks - 1))
                    )),
                );
            }
        }
    }
    for rank in &r.ranks {
        let Some(rank) = board_rank(s, g, rank) else {
            ok = false;
            continue;
        };
        for f in 0..g.files {
            let x = g.square(f, rank);
            if !squares.contains(&x) {
                squares.push(x);
            }
        }
    }
    squares.sort();
    (ok && role.is_some()).then(|| Region {
        role: role.expect("checked"),
        squares,
    })
}
