//! `hand "..."` and `place ...` in `setup { ... }`: pieces in hand and where the sides place
//! them (Pre-Chess).

use super::{report_twice, role_of, side_ranks};
use crate::rules::ast::{RequireKind, SetupBlock, Side, Spanned};
use crate::rules::keywords::Kw;
use crate::rules::load::Draft;
use crate::rules::session::Session;
use crate::types::Piece;
use crate::types::{Color, Geometry};
use crate::variant::setup::{completion_work, shortfall, MAX_PLACEMENT_WORK};
use crate::variant::{Placement, SetupPhase};

/// The letters of the last `hand` line of the draft's setup block (for the array and castling
/// checks, which run before the setup block is checked: a king or rook in hand is not missing).
pub(super) fn hand_letters(d: &Draft) -> Vec<char> {
    let Some((_, Some(b))) = &d.setup else {
        return vec![];
    };
    b.hand
        .first()
        .map(|(_, h)| h.value.chars().filter(|c| !c.is_whitespace()).collect())
        .unwrap_or_default()
}

/// Checks the `hand` and `place` entries; the placement if both are there and sound.
pub(super) fn check(
    s: &mut Session,
    b: &SetupBlock,
    geometry: Option<Geometry>,
    letters: &[char],
) -> Option<Placement> {
    let twice = [
        (Kw::Hand, b.hand.iter().map(|h| h.0).collect()),
        (Kw::Place, b.place.iter().map(|p| p.span).collect()),
    ];
    report_twice(s, &twice, &format!("in `{}`", Kw::Setup.word()));
    match (b.hand.first(), b.place.first()) {
        (None, None) => return None,
        (Some((k, _)), None) => {
            s.error(
                *k,
                "pieces in hand need a `place` line",
                Some("add e.g. `place white first ranks 1`".into()),
            );
            return None;
        }
        (None, Some(p)) => {
            s.error(
                p.span,
                "`place` needs pieces in hand",
                Some("add e.g. `hand \"KQRRBBNN\"`".into()),
            );
            return None;
        }
        _ => {}
    }
    if let Some(st) = b.steps.first() {
        s.error(
            st.span,
            "`step` lines cannot follow a placement yet",
            Some("a setup phase either places pieces from the hand or swaps them".into()),
        );
    }
    for rq in &b.requires {
        if matches!(rq.kind, RequireKind::NotMirroring(..)) {
            s.error(
                rq.span,
                "a requirement comparing the two sides cannot be checked during a placement yet",
                Some("remove this requirement: each side places its pieces on its own".into()),
            );
        }
    }
    let random = b.randomize.iter().chain(b.shuffle.iter().map(|x| &x.span));
    if let Some(sp) = random.into_iter().next() {
        s.error(
            *sp,
            "a placement cannot be drawn at random yet",
            Some("remove `randomize` or `shuffle`: the players place their pieces".into()),
        );
    }
    let (_, text) = &b.hand[0];
    let p = &b.place[0];
    let mut hand = vec![];
    for (i, c) in text.value.chars().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        let l = Spanned {
            value: c,
            span: text.sub_span(i, i + 1),
        };
        hand.extend(role_of(s, &l, letters, "hand"));
    }
    if text.value.trim().is_empty() {
        s.error(
            text.span,
            "the hand is empty",
            Some("list the pieces each side starts with, e.g. `hand \"KQRRBBNN\"`".into()),
        );
    }
    let ranks = side_ranks(s, &p.ranks, geometry);
    let mut by_role = vec![];
    for (ls, rk) in &p.by_kind {
        let rk = side_ranks(s, rk, geometry);
        for l in ls {
            if let Some(r) = role_of(s, l, letters, "place") {
                by_role.push((r, rk.clone()));
            }
        }
    }
    Some(Placement {
        hand,
        first: match p.first {
            Side::White => Color::White,
            Side::Black => Color::Black,
        },
        ranks,
        by_role,
    })
}

/// Once the array is known: every side must be able to place its whole hand (enough free
/// squares on the ranks of each kind), and the search that keeps the `require` lines
/// satisfiable during the placement must stay small.
pub(super) fn check_fit(
    s: &mut Session,
    b: &SetupBlock,
    array: &[Option<Piece>],
    g: Geometry,
    sp: &SetupPhase,
    letters: &[char],
) {
    let (Some(pl), Some((_, text)), Some(place)) = (&sp.placement, b.hand.first(), b.place.first())
    else {
        return;
    };
    let hand = pl.hand_counts();
    for side in Color::ALL {
        let Some(short) = shortfall(g, pl, side, array, &hand) else {
            continue;
        };
        let what = if short.roles.len() == hand.len() {
            format!("the hand holds {} pieces", short.pieces)
        } else {
            let letters: Vec<String> = short
                .roles
                .iter()
                .map(|r| format!("`{}`", letters.get(r.index()).copied().unwrap_or('?')))
                .collect();
            format!(
                "the hand holds {} pieces of kinds {}",
                short.pieces,
                letters.join(" ")
            )
        };
        s.error(
            text.span,
            format!(
                "{what}, but {side} has only {} empty squares to place them on",
                short.squares
            ),
            Some("remove pieces from the hand, or name more `ranks` after `place`: every piece in hand must be placed before move 1".into()),
        );
        return;
    }
    // the bishops' colours alone are judged by Fairy-Stockfish's rule, with no search
    if sp
        .constraints
        .iter()
        .all(|c| matches!(c.kind, crate::variant::ConstraintKind::OppositeColors(_)))
    {
        return;
    }
    let work = Color::ALL
        .iter()
        .map(|&c| completion_work(g, pl, &sp.constraints, c, array, &hand))
        .max()
        .unwrap_or(0);
    if work > MAX_PLACEMENT_WORK {
        s.error(
            place.span,
            format!("this placement is too large to keep the `require` lines satisfiable: up to {} partial arrays to examine (Myriad examines at most {})", super::setup::big(work), super::setup::big(MAX_PLACEMENT_WORK)),
            Some("put fewer of the pieces that the `require` lines name in the hand, or name fewer `ranks`".into()),
        );
    }
}
