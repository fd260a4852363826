//! The placement part of a setup phase (Pre-Chess; Fairy-Stockfish's `placement`): while
//! pieces are in hand, the side to act drops one of them on an empty square of its placement
//! ranks. The drops are ordinary moves of the position (they flip the turn and count on the
//! clocks as Fairy-Stockfish counts them); the game stays in its setup phase until both hands
//! are empty.

use crate::position::AnyPosition;
use crate::types::{Color, Move, Piece, Role, Square};
use crate::variant::setup::{placement_region, Completion};
use crate::variant::{ConstraintKind, Variant};
use count::SidePlacement;

mod count;

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
    let dark = |s: Square| !g.is_light(s);
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

/// Arrays a side may have for [`placement_arrays`] to list them in memory; larger
/// placements are counted by [`placement_count`] alone.
pub const MAX_LISTED_ARRAYS: u128 = 500_000;

/// Why a placement's arrays cannot be listed or counted side by side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlacementError {
    /// The game has no placement phase.
    NoPlacement,
    /// The sides' placement squares overlap: the sides are not independent.
    Overlap,
    /// A side has more arrays than [`MAX_LISTED_ARRAYS`].
    TooMany {
        /// The side.
        side: Color,
        /// Its number of arrays, or a bound on it when requirements other than the bishops'
        /// colours remove some.
        arrays: u128,
    },
}

impl std::fmt::Display for PlacementError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlacementError::NoPlacement => write!(f, "the game has no placement phase"),
            PlacementError::Overlap => write!(
                f,
                "the sides' placement squares overlap: their arrays cannot be counted side by side"
            ),
            PlacementError::TooMany { side, arrays } => write!(
                f,
                "{side} can end its placement in up to {} arrays, more than the {} a side \
                 that can be listed",
                thousands(*arrays),
                thousands(MAX_LISTED_ARRAYS)
            ),
        }
    }
}

impl std::error::Error for PlacementError {}

/// `1234567` as `1,234,567`.
fn thousands(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// How many arrays each side can end a placement phase with, and the start positions they
/// make (every White array with every Black one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacementCount {
    /// Each side's number of distinct final arrays.
    pub arrays: crate::types::ByColor<u128>,
    /// How many of White's arrays have their mirror image among Black's.
    pub mirrored: u128,
}

impl PlacementCount {
    /// Start positions: every White array with every Black array (saturating).
    pub fn positions(&self) -> u128 {
        self.arrays[Color::White].saturating_mul(self.arrays[Color::Black])
    }
}

/// Counts a placement phase's arrays side by side. With no requirement but the bishops'
/// colours the count needs no list (`count.rs`: Pre-Chess on two ranks, tens of millions of
/// arrays a side, is counted at once); with others the arrays are listed by
/// [`placement_arrays`], within its bound.
pub fn placement_count(v: &Variant) -> Result<PlacementCount, PlacementError> {
    let sides = independent_sides(v)?;
    let colours_only = v.setup().is_none_or(|s| {
        s.constraints
            .iter()
            .all(|c| matches!(c.kind, ConstraintKind::OppositeColors(_)))
    });
    if let (true, [w, b]) = (colours_only, &sides) {
        return Ok(PlacementCount {
            arrays: crate::types::ByColor::new(w.arrays(v), b.arrays(v)),
            mirrored: w.mirrored(b, v),
        });
    }
    let pa = placement_arrays(v)?;
    Ok(PlacementCount {
        arrays: crate::types::ByColor::new_with(|c| pa.arrays[c].len() as u128),
        mirrored: pa.mirrored as u128,
    })
}

/// Checks that the game has a placement whose sides place on squares of their own, and
/// describes each side's placement.
fn independent_sides(v: &Variant) -> Result<[SidePlacement; 2], PlacementError> {
    if v.placement().is_none() {
        return Err(PlacementError::NoPlacement);
    }
    let squares = |c: Color| -> Vec<Square> { v.roles().flat_map(|r| region(v, c, r)).collect() };
    let white = squares(Color::White);
    if squares(Color::Black).iter().any(|s| white.contains(s)) {
        return Err(PlacementError::Overlap);
    }
    Ok([
        SidePlacement::new(v, Color::White),
        SidePlacement::new(v, Color::Black),
    ])
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

/// Lists a placement phase's arrays without walking its game tree: each side's placements
/// depend only on its own pieces and its own placement squares, so each side's final arrays
/// are found on their own (every way to fill its squares that meets the requirements,
/// `count.rs`), and the start positions are every pairing of a White and a Black array. Refused when the game
/// has no placement, when the sides' placement squares overlap (then the sides are not
/// independent), and when a side may have more than [`MAX_LISTED_ARRAYS`] arrays.
pub fn placement_arrays(v: &Variant) -> Result<PlacementArrays, PlacementError> {
    let sides = independent_sides(v)?;
    for (side, s) in Color::ALL.into_iter().zip(&sides) {
        let arrays = s.arrays(v);
        if arrays > MAX_LISTED_ARRAYS {
            return Err(PlacementError::TooMany { side, arrays });
        }
    }
    let [w, b] = sides;
    let arrays = crate::types::ByColor::new(w.list(v), b.list(v));
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
    Ok(PlacementArrays { arrays, mirrored })
}

/// A start position drawn by placing at random: each side drops a piece chosen at random
/// among its legal drops until both hands are empty (not uniform over the arrays, but every
/// array can come). `choose(n)` picks one of `n`.
pub fn random_placement(v: &Variant, mut choose: impl FnMut(usize) -> usize) -> AnyPosition {
    let mut pos = AnyPosition::start(v);
    while placing(v, &pos) {
        let drops = legal_drops(v, &pos);
        if drops.is_empty() {
            break; // the checker refuses placements with dead ends; never met
        }
        pos.play(v, drops[choose(drops.len())]);
        if next_turn(&mut pos) {
            break;
        }
    }
    AnyPosition::from_array(v, &pos.array(v))
}
