//! The placement part of a setup phase (Pre-Chess; Fairy-Stockfish's `placement`): while
//! pieces are in hand, the side to act drops one of them on an empty square of its placement
//! ranks. The drops are ordinary moves of the position (they flip the turn and count on the
//! clocks as Fairy-Stockfish counts them); the game stays in its setup phase until both hands
//! are empty.

use crate::position::AnyPosition;
use crate::types::{Color, Move, Piece, Role, Square};
use crate::variant::setup::{placement_region, Completion};
use crate::variant::{ConstraintKind, Variant};

/// Is the game placing pieces from the hands (rather than playing or swapping)?
pub fn placing(v: &Variant, pos: &AnyPosition) -> bool {
    v.placement().is_some() && Color::ALL.iter().any(|&c| pos.has_hand(c))
}

/// The squares where side `c` may place a piece of `role` (empty or not).
fn region(v: &Variant, c: Color, role: Role) -> Vec<Square> {
    match v.placement() {
        Some(pl) => placement_region(v.geometry(), pl, c, role),
        None => vec![],
    }
}

/// The pieces side `c` holds, kind by kind.
fn hand_of(v: &Variant, pos: &AnyPosition, c: Color) -> Vec<(Role, usize)> {
    v.roles()
        .map(|r| (r, pos.hand_count(c, r) as usize))
        .filter(|(_, n)| *n > 0)
        .collect()
}

/// The legal drops of the side to act: every kind it holds, on every empty square of the
/// kind's ranks, that keeps each `require` satisfiable.
pub fn legal_drops(v: &Variant, pos: &AnyPosition) -> Vec<Move> {
    let us = pos.turn();
    let mut out = vec![];
    let mut completion = completion(v, us);
    let hand = hand_of(v, pos, us);
    let array = if completion.is_some() {
        pos.array(v)
    } else {
        vec![]
    };
    for &(role, _) in &hand {
        for sq in region(v, us, role) {
            if pos.piece_at(sq).is_none()
                && opposite_colours_ok(v, pos, us, role, sq)
                && completion
                    .as_mut()
                    .is_none_or(|c| completion_ok(c, &array, &hand, role, sq))
            {
                out.push(Move::drop(role, sq));
            }
        }
    }
    out
}

/// The search behind [`completion_ok`], if the setup has requirements other than the bishops'
/// colours (those alone are judged by Fairy-Stockfish's rule, which this does not replace:
/// Pre-Chess's perft is its).
fn completion(v: &Variant, us: Color) -> Option<Completion<'_>> {
    let setup = v.setup()?;
    let pl = v.placement()?;
    let all_colours = setup
        .constraints
        .iter()
        .all(|c| matches!(c.kind, ConstraintKind::OppositeColors(_)));
    (!all_colours).then(|| Completion::new(v.geometry(), pl, &setup.constraints, us))
}

/// The other requirements (`K between R`, `K not on b g`) during a placement: a drop is legal
/// only if the side can still place the rest of its hand so that every requirement holds at
/// the end (no dead ends; Choose-your-Chess960). A hand too large to judge (one set up by a
/// FEN: the rules checker refuses a declared one) keeps every drop.
fn completion_ok(
    c: &mut Completion,
    array: &[Option<Piece>],
    hand: &[(Role, usize)],
    role: Role,
    to: Square,
) -> bool {
    let mut array = array.to_vec();
    array[to.index()] = Some(Piece {
        color: c.side(),
        role,
    });
    let rest: Vec<(Role, usize)> = hand
        .iter()
        .map(|&(r, n)| (r, if r == role { n - 1 } else { n }))
        .collect();
    c.can_finish(&mut array, &rest).unwrap_or(true)
}

/// `require opposite-colours B` during a placement, exactly as Fairy-Stockfish's
/// `dropOppositeColoredBishop`: a bishop may not be placed where more than half (rounded up)
/// of the side's bishops would share a colour; any other piece may not take a square that
/// leaves too few free squares (or placed bishops) of either colour for the bishops.
fn opposite_colours_ok(v: &Variant, pos: &AnyPosition, us: Color, role: Role, to: Square) -> bool {
    let g = v.geometry();
    let dark = |s: Square| (g.file(s) + g.rank(s)).is_multiple_of(2);
    let Some(setup) = v.setup() else {
        return true;
    };
    for c in &setup.constraints {
        let ConstraintKind::OppositeColors(b) = c.kind else {
            continue;
        };
        let mine = Piece { color: us, role: b };
        let placed: Vec<Square> = g
            .squares()
            .filter(|&s| pos.piece_at(s) == Some(mine))
            .collect();
        let total = placed.len() + pos.hand_count(us, b) as usize;
        if role == b {
            let same = placed.iter().filter(|&&s| dark(s) == dark(to)).count();
            if same + 1 > total.div_ceil(2) {
                return false;
            }
        } else {
            let free: Vec<Square> = region(v, us, b)
                .into_iter()
                .filter(|&s| s != to && pos.piece_at(s).is_none())
                .chain(placed.iter().copied())
                .collect();
            let on_dark = free.iter().filter(|&&s| dark(s)).count();
            if on_dark < total / 2 || free.len() - on_dark < total / 2 {
                return false;
            }
        }
    }
    true
}

/// After a drop: the other side places next unless its hand is empty ("a side must place
/// while it holds pieces"). Returns whether the placement is over.
pub fn next_turn(pos: &mut AnyPosition) -> bool {
    let to_act = pos.turn();
    if pos.has_hand(to_act) {
        return false;
    }
    if pos.has_hand(!to_act) {
        pos.set_turn(!to_act);
        return false;
    }
    true
}

/// Parses a drop as typed (`N@b1`, either case) against the legal drops.
pub fn parse_drop(v: &Variant, legal: &[Move], text: &str) -> Option<Move> {
    let (l, sq) = text.split_once('@')?;
    let mut cs = l.chars();
    let (Some(c), None) = (cs.next(), cs.next()) else {
        return None;
    };
    let role = v.piece_from_char(c.to_ascii_uppercase())?.role;
    let to = v.geometry().parse_square(&sq.to_ascii_lowercase())?;
    legal.iter().copied().find(|&m| m == Move::drop(role, to))
}

/// "White: place a piece from the hand (K Q R B N)".
pub fn describe(v: &Variant, pos: &AnyPosition) -> String {
    let us = pos.turn();
    let kinds: Vec<String> = v
        .roles()
        .flat_map(|r| std::iter::repeat_n(r, pos.hand_count(us, r) as usize))
        .map(|r| v.role(r).letter.to_string())
        .collect();
    format!(
        "{us}: place a piece from the hand ({}), e.g. `{}@{}`",
        kinds.join(" "),
        kinds.first().map_or("N", |s| s.as_str()),
        v.geometry()
            .name(region(v, us, Role(0)).first().copied().unwrap_or(Square(0)))
    )
}

/// The arrays a placement phase leads to, counted side by side.
#[derive(Clone, Debug)]
pub struct PlacementArrays {
    /// Each side's distinct final arrays (whole-board arrays holding that side's placed
    /// pieces only).
    pub arrays: crate::types::ByColor<Vec<Vec<Option<Piece>>>>,
    /// How many of White's arrays have their mirror image among Black's.
    pub mirrored: usize,
}

impl PlacementArrays {
    /// Start positions: every White array with every Black array (the sides are independent).
    pub fn positions(&self) -> u64 {
        self.arrays[Color::White].len() as u64 * self.arrays[Color::Black].len() as u64
    }

    /// The start position made of White's array `w` and Black's array `b` (castling rights as
    /// the placements give them).
    pub fn position(&self, v: &Variant, w: usize, b: usize) -> AnyPosition {
        let mut array = v.array().to_vec();
        for side in [&self.arrays[Color::White][w], &self.arrays[Color::Black][b]] {
            for (i, p) in side.iter().enumerate() {
                if p.is_some() {
                    array[i] = *p;
                }
            }
        }
        AnyPosition::from_array(v, &array)
    }
}

/// Counts a placement phase without walking its game tree: each side's placements depend only
/// on its own pieces and its own placement squares, so each side's final arrays are found on
/// their own (a walk over that side's partial arrays, each visited once), and the start
/// positions are every pairing of a White and a Black array. `None` if the game has no
/// placement, or if the sides' placement squares overlap (then the sides are not independent).
pub fn placement_arrays(v: &Variant) -> Option<PlacementArrays> {
    v.placement()?;
    let squares = |c: Color| -> Vec<Square> { v.roles().flat_map(|r| region(v, c, r)).collect() };
    let white = squares(Color::White);
    if squares(Color::Black).iter().any(|s| white.contains(s)) {
        return None;
    }
    let arrays = crate::types::ByColor::new_with(|c| side_arrays(v, c));
    let g = v.geometry();
    let black: std::collections::HashSet<&Vec<Option<Piece>>> =
        arrays[Color::Black].iter().collect();
    let mirrored = arrays[Color::White]
        .iter()
        .filter(|w| {
            let m: Vec<Option<Piece>> = g
                .squares()
                .map(|s| {
                    w[g.flip_rank(s).index()].map(|p| Piece {
                        color: !p.color,
                        role: p.role,
                    })
                })
                .collect();
            black.contains(&m)
        })
        .count();
    Some(PlacementArrays { arrays, mirrored })
}

/// The distinct arrays side `c` can end its placement with, in the order first met.
fn side_arrays(v: &Variant, c: Color) -> Vec<Vec<Option<Piece>>> {
    let mut start = AnyPosition::start(v);
    start.set_turn(c);
    let base = v.array();
    let mut seen = std::collections::HashSet::new();
    let mut found = std::collections::HashSet::new();
    let mut out = vec![];
    let mut stack = vec![start];
    while let Some(pos) = stack.pop() {
        if !pos.has_hand(c) {
            let a: Vec<Option<Piece>> = v
                .geometry()
                .squares()
                .map(|s| pos.piece_at(s).filter(|_| base[s.index()].is_none()))
                .collect();
            if found.insert(a.clone()) {
                out.push(a);
            }
            continue;
        }
        for m in legal_drops(v, &pos) {
            let mut next = pos;
            next.play(v, m);
            next.set_turn(c);
            if seen.insert(next.hash()) {
                stack.push(next);
            }
        }
    }
    out
}
