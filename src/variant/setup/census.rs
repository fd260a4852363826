//! How big a setup phase is: a bound on the work of counting its outcomes, computed from the
//! declaration alone (the rules checker refuses a phase above [`MAX_SETUP_WORK`] before any
//! walk), and the counts themselves, taken from the start arrays without listing positions.
//!
//! The bound counts *distinct* arrays, not lines of play. A swap only exchanges two pieces of
//! one side, so the squares a side's movable pieces occupy never change and its arrays are at
//! most the arrangements of those pieces over those squares (`n! / (c1! c2! ...)`): 5,040 for
//! the eight back-rank pieces of chess, however many steps shuffle them. When no `mirror`
//! step ties the sides together, each side's arrays are found on their own (the walks skip an
//! array met before at the same step) and the positions are their product: Double Fischer
//! Random Chess is 960 arrays a side examined among 5,040 arrangements, not 921,600 positions.

use std::collections::HashSet;

use super::{Array, SetupPhase, StartArrays, StepAction};
use crate::types::{ByColor, Color, Geometry, Piece, Role, Square};
use crate::variant::VariantSpec;

/// The most arrays the rules checker lets counting a setup phase examine (a bound computed by
/// [`setup_size`]), or lines of play when `mirror` steps tie the sides together. Measured:
/// about 0.2 microseconds an option examined by the step walks, 0.5 an arrangement of a
/// shuffle (which keeps each accepted array: some 200 bytes), 0.7 a line of a linked phase;
/// so a phase at the limit counts in a few seconds, well inside the ten promised.
pub const MAX_SETUP_WORK: u64 = 3_000_000;

/// How the two sides' arrays relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// No setup phase.
    Fixed,
    /// Each side reaches its arrays on its own: the positions are every pair.
    Independent,
    /// Black's array is White's reflected (a mirrored shuffle).
    Mirrored,
    /// `mirror` steps tie the sides together: the whole lines of play are walked.
    Linked,
}

/// A bound on the size of a setup phase, from its declaration alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetupSize {
    /// How the sides relate.
    pub shape: Shape,
    /// At most this many arrays for each side (saturating).
    pub arrays: ByColor<u64>,
    /// For [`Shape::Linked`]: at most this many lines of play (saturating); else 0.
    pub lines: u64,
    /// At most this many arrays are examined to count the outcomes (saturating).
    pub work: u64,
}

/// Bounds the work of counting the outcomes of `spec`'s setup phase, without walking it.
pub fn setup_size(spec: &VariantSpec) -> SetupSize {
    setup_size_of(spec.geometry, &spec.array, spec.setup.as_ref())
}

/// [`setup_size`] from the parts of a spec (the rules checker bounds a phase before the spec
/// is complete).
pub fn setup_size_of(
    g: Geometry,
    array: &[Option<Piece>],
    setup: Option<&SetupPhase>,
) -> SetupSize {
    let Some(setup) = setup else {
        return SetupSize {
            shape: Shape::Fixed,
            arrays: ByColor::new(1, 1),
            lines: 0,
            work: 0,
        };
    };
    if let Some(sh) = &setup.shuffle {
        let arrays = ByColor::new_with(|c| {
            let back = back_rank(g, c);
            arrangements(back.iter().map(|s| array[s.index()]))
        });
        let (shape, work) = if sh.mirrored {
            (Shape::Mirrored, *arrays.get(Color::White))
        } else {
            let w = *arrays.get(Color::White);
            (
                Shape::Independent,
                w.saturating_add(*arrays.get(Color::Black)),
            )
        };
        return SetupSize {
            shape,
            arrays,
            lines: 0,
            work,
        };
    }
    let options: Vec<u64> = setup
        .steps
        .iter()
        .map(|st| match &st.action {
            StepAction::Mirror => 1,
            action => step_options(g, array, setup, st.side, action),
        })
        .collect();
    let orbit = ByColor::new_with(|c| {
        let (_, pieces) = movable_of(g, array, setup, c);
        arrangements(pieces.into_iter().map(Some))
    });
    // `mirror` steps or a requirement comparing the sides: the sides are walked together
    if setup.sides_interact() {
        let lines = options.iter().fold(1u64, |a, &o| a.saturating_mul(o));
        return SetupSize {
            shape: Shape::Linked,
            arrays: ByColor::new_with(|c| lines.min(*orbit.get(c))),
            lines,
            work: lines,
        };
    }
    // Each side on its own: at each of its steps, the distinct arrays it may stand on (at
    // most the lines so far, at most its arrangements) times the options of the step.
    let mut arrays = ByColor::new(1u64, 1u64);
    let mut work = 0u64;
    for (st, &o) in setup.steps.iter().zip(&options) {
        let before = *arrays.get(st.side);
        work = work.saturating_add(before.saturating_mul(o));
        *arrays.get_mut(st.side) = before.saturating_mul(o).min(*orbit.get(st.side));
    }
    SetupSize {
        shape: Shape::Independent,
        arrays,
        lines: 0,
        work,
    }
}

/// The squares of `side`'s back rank, file a first.
fn back_rank(g: Geometry, side: Color) -> Vec<Square> {
    let rank = if side.is_white() { 0 } else { g.ranks - 1 };
    (0..g.files).map(|f| g.square(f, rank)).collect()
}

/// The squares a step of `side` acts on: its ranks (the back rank unless it says otherwise).
fn step_squares(g: Geometry, side: Color, action: &StepAction) -> Vec<Square> {
    let StepAction::Swap { ranks, .. } = action else {
        return Vec::new();
    };
    let rel: &[u8] = if ranks.is_empty() { &[0] } else { ranks };
    let mut out = Vec::new();
    for &r in rel.iter().filter(|&&r| r < g.ranks) {
        let abs = if side.is_white() { r } else { g.ranks - 1 - r };
        out.extend((0..g.files).map(|f| g.square(f, abs)));
    }
    out
}

/// The pieces of `side` that its steps can move, and the squares they stand on in the
/// variant's array: those on a square some step of the side acts on, of a kind some step of
/// the side names (before or after `with`). Swaps only exchange these pieces among these
/// squares. For a shuffle: the whole back rank, empty squares included.
pub fn movable(spec: &VariantSpec, side: Color) -> (Vec<Square>, Vec<Piece>) {
    match &spec.setup {
        Some(setup) => movable_of(spec.geometry, &spec.array, setup, side),
        None => (Vec::new(), Vec::new()),
    }
}

fn movable_of(
    g: Geometry,
    array: &[Option<Piece>],
    setup: &SetupPhase,
    side: Color,
) -> (Vec<Square>, Vec<Piece>) {
    if setup.shuffle.is_some() {
        let squares = back_rank(g, side);
        let pieces = squares.iter().filter_map(|s| array[s.index()]).collect();
        return (squares, pieces);
    }
    let mut squares: Vec<Square> = Vec::new();
    let mut roles: Vec<Role> = Vec::new();
    for st in setup.steps.iter().filter(|s| s.side == side) {
        match &st.action {
            StepAction::Swap { relocate, with, .. } => {
                roles.extend(relocate.iter().chain(with));
                for s in step_squares(g, side, &st.action) {
                    if !squares.contains(&s) {
                        squares.push(s);
                    }
                }
            }
            // named squares (White's; Black's reflected): whatever stands there may move
            StepAction::SwapSquares { pairs, .. } => {
                for &(a, b) in pairs {
                    for s in [a, b] {
                        let s = if side.is_white() { s } else { g.flip_rank(s) };
                        if !squares.contains(&s) {
                            squares.push(s);
                        }
                        if let Some(p) = array[s.index()] {
                            roles.push(p.role);
                        }
                    }
                }
            }
            StepAction::Mirror => {}
        }
    }
    squares
        .retain(|s| array[s.index()].is_some_and(|p| p.color == side && roles.contains(&p.role)));
    squares.sort();
    let pieces = squares.iter().filter_map(|s| array[s.index()]).collect();
    (squares, pieces)
}

/// At most how many options a swap step offers: the unordered pairs of the side's movable
/// pieces of different kinds that the step lets swap (either one relocating), plus a pass.
fn step_options(
    g: Geometry,
    array: &[Option<Piece>],
    setup: &SetupPhase,
    side: Color,
    action: &StepAction,
) -> u64 {
    if let StepAction::SwapSquares { pairs, optional } = action {
        return pairs.len() as u64 + *optional as u64;
    }
    let StepAction::Swap {
        relocate,
        with,
        optional,
        ..
    } = action
    else {
        return 1;
    };
    let (_, pieces) = movable_of(g, array, setup, side);
    let mut kinds: Vec<(Role, u64)> = Vec::new();
    for p in pieces {
        match kinds.iter_mut().find(|(r, _)| *r == p.role) {
            Some((_, n)) => *n += 1,
            None => kinds.push((p.role, 1)),
        }
    }
    let mut pairs = 0u64;
    for (i, &(a, na)) in kinds.iter().enumerate() {
        for &(b, nb) in &kinds[i + 1..] {
            let either = (relocate.contains(&a) && with.contains(&b))
                || (relocate.contains(&b) && with.contains(&a));
            if either {
                pairs = pairs.saturating_add(na.saturating_mul(nb));
            }
        }
    }
    pairs.saturating_add(u64::from(*optional)).max(1)
}

/// The distinct arrangements of some square contents: n! / prod(c!) over the kinds (empty
/// squares a kind of their own), as a product of binomials, saturating.
fn arrangements(contents: impl Iterator<Item = Option<Piece>>) -> u64 {
    let mut kinds: Vec<(Option<Piece>, u64)> = Vec::new();
    for c in contents {
        match kinds.iter_mut().find(|(k, _)| *k == c) {
            Some((_, n)) => *n += 1,
            None => kinds.push((c, 1)),
        }
    }
    let mut n = 0u64;
    let mut perms: u128 = 1;
    for &(_, c) in &kinds {
        for i in 1..=c {
            n += 1;
            perms = perms.saturating_mul(n as u128) / i as u128;
        }
    }
    u64::try_from(perms).unwrap_or(u64::MAX)
}

/// How many distinct arrangements the contents of `squares` in `array` have (saturating).
pub fn arrangement_count(array: &[Option<Piece>], squares: &[Square]) -> u64 {
    arrangements(squares.iter().map(|s| array[s.index()]))
}

/// Calls `f` with every distinct arrangement of the contents of `squares` in `start` (the
/// other squares as in `start`), in lexicographic order, until `f` returns `false`. Returns
/// whether it went through them all.
pub fn for_each_arrangement(
    start: &[Option<Piece>],
    squares: &[Square],
    mut f: impl FnMut(&Array) -> bool,
) -> bool {
    let key = |p: &Option<Piece>| p.map(|p| p.pack()).unwrap_or(0);
    let mut contents: Vec<Option<Piece>> = squares.iter().map(|s| start[s.index()]).collect();
    contents.sort_by_key(key);
    let mut a = start.to_vec();
    loop {
        for (s, &c) in squares.iter().zip(&contents) {
            a[s.index()] = c;
        }
        if !f(&a) {
            return false;
        }
        let n = contents.len();
        let Some(i) = (0..n.saturating_sub(1))
            .rev()
            .find(|&i| key(&contents[i]) < key(&contents[i + 1]))
        else {
            return true;
        };
        let Some(j) = (i + 1..n)
            .rev()
            .find(|&j| key(&contents[j]) > key(&contents[i]))
        else {
            return true;
        };
        contents.swap(i, j);
        contents[i + 1..].reverse();
    }
}

/// Draws the start array of an independent shuffle (Double Fischer Random Chess) uniformly
/// without listing the arrangements: each side's back rank is shuffled (Fisher-Yates over its
/// contents, which makes every distinct arrangement equally likely, each being the same number
/// of orderings of the contents) until it meets every constraint. `None` for any other setup,
/// or when a side's arrangements are so rarely accepted that enumerating them is better (the
/// caller then draws from [`StartArrays`], which is uniform too).
pub fn sample_independent_shuffle(
    spec: &impl AsRef<VariantSpec>,
    rng: &mut crate::types::rng::Rng,
) -> Option<Array> {
    let spec = spec.as_ref();
    let setup = spec.setup.as_ref()?;
    if setup.shuffle.as_ref()?.mirrored {
        return None;
    }
    let g = spec.geometry;
    let mut a = spec.array.clone();
    for side in Color::ALL {
        let squares = back_rank(g, side);
        let mut contents: Vec<Option<Piece>> = squares.iter().map(|s| a[s.index()]).collect();
        let mut accepted = false;
        for _ in 0..10_000 {
            for i in (1..contents.len()).rev() {
                contents.swap(i, rng.below(i + 1));
            }
            for (s, &c) in squares.iter().zip(&contents) {
                a[s.index()] = c;
            }
            if setup.constraints.iter().all(|c| c.holds(g, &a, side)) {
                accepted = true;
                break;
            }
        }
        if !accepted {
            return None;
        }
    }
    Some(a)
}

/// Is the array symmetric: Black's pieces White's reflected top to bottom?
pub fn is_mirrored_array(g: Geometry, a: &[Option<Piece>]) -> bool {
    g.squares()
        .all(|s| match (a[s.index()], a[g.flip_rank(s).index()]) {
            (None, None) => true,
            (Some(x), Some(y)) => x.role == y.role && x.color != y.color,
            _ => false,
        })
}

/// The start positions of a setup phase, counted without listing them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Census {
    /// Distinct start positions.
    pub positions: u64,
    /// How many of them are mirrored (Black's array White's reflected).
    pub mirrored: u64,
    /// When the sides choose independently: the arrays each side can reach (the positions
    /// are their product).
    pub per_side: Option<ByColor<u64>>,
}

impl StartArrays {
    /// Counts the start positions and the mirrored ones. Independent sides are not paired up:
    /// a pair is mirrored exactly when Black's pieces are White's reflected, so the mirrored
    /// positions are White's arrays whose reflection Black can reach.
    pub fn census(&self, spec: &impl AsRef<VariantSpec>) -> Census {
        let spec = spec.as_ref();
        let g = spec.geometry;
        match self {
            StartArrays::Independent { white, black } => {
                // A side's pieces as (square, role), White's reflected onto Black's half.
                let own = |a: &Array, side: Color, flip: bool| -> Vec<(Square, Role)> {
                    let mut v: Vec<(Square, Role)> = g
                        .squares()
                        .filter_map(|s| {
                            let p = a[s.index()].filter(|p| p.color == side)?;
                            Some((if flip { g.flip_rank(s) } else { s }, p.role))
                        })
                        .collect();
                    v.sort();
                    v
                };
                let blacks: HashSet<Vec<(Square, Role)>> =
                    black.iter().map(|b| own(b, Color::Black, false)).collect();
                let mirrored = white
                    .iter()
                    .filter(|w| blacks.contains(&own(w, Color::White, true)))
                    .count();
                Census {
                    positions: (white.len() as u64).saturating_mul(black.len() as u64),
                    mirrored: mirrored as u64,
                    per_side: Some(ByColor::new(white.len() as u64, black.len() as u64)),
                }
            }
            _ => {
                let n = self.len();
                let mirrored = (0..n)
                    .filter(|&i| is_mirrored_array(g, &self.get(spec, i)))
                    .count();
                Census {
                    positions: n as u64,
                    mirrored: mirrored as u64,
                    per_side: None,
                }
            }
        }
    }
}
