//! The setup phase on an array: legal setup moves, look-ahead, reachable and start arrays.
//!
//! Everything here reads only the board, the array and the setup phase, never a position, so
//! the rules checker can ask whether a phase can end before any `Variant` exists; the game
//! module plays these moves on its positions (`crate::game::setup`). The public functions take
//! anything that holds a [`VariantSpec`]: the spec itself or a compiled `Variant`.

use std::collections::HashSet;

use super::{ConstraintWhen, SetupPhase, StepAction};
use crate::types::rng::Rng;
use crate::types::{Color, Geometry, Move, MoveKind, Piece, Role, Square};
use crate::variant::VariantSpec;

/// A whole board: one entry per square, rank 1 first (the form of [`VariantSpec::array`]).
pub type Array = Vec<Option<Piece>>;

/// The legal moves of setup step `step` on `array` (the game's array as it stands), given the
/// setup moves played so far (one per step, in order).
///
/// A move is legal when it follows the step's declaration (the relocating roles, the roles
/// they may swap with, whether the step may be declined, or the one forced mirror move), the
/// array after it satisfies every "after each swap" constraint, and the rest of the setup phase
/// can still end with every "at the end" constraint satisfied. Nothing here knows which piece
/// is a king: "the king cannot be a relocatee" follows from the queen step's `with` list.
pub fn legal_setup_moves(
    spec: &impl AsRef<VariantSpec>,
    mut array: Array,
    step: usize,
    played: &[Move],
) -> Vec<Move> {
    let spec = spec.as_ref();
    let Some(setup) = &spec.setup else {
        return Vec::new();
    };
    if step >= setup.steps.len() {
        return Vec::new();
    }
    let w = Walker::new(spec, setup);
    let mut line: Vec<Move> = played.iter().copied().take(step).collect();
    let candidates = w.candidates(&mut array, step, &line);
    candidates
        .into_iter()
        .filter(|&m| {
            apply(&mut array, m);
            line.push(m);
            let ok = w.completion_exists(&mut array, step + 1, &mut line);
            line.pop();
            apply(&mut array, m);
            ok
        })
        .collect()
}

/// Plays a setup move on an array (a pass changes nothing).
pub(super) fn apply(array: &mut [Option<Piece>], m: Move) {
    if m.kind == MoveKind::Swap {
        array.swap(m.from.index(), m.to.index());
    }
}

/// The swaps `side` may play instead of a move at the FEN's move `move_number` (see
/// [`super::PlaySwap`]): each declared swap whose result meets every requirement of the block
/// (those checked after each swap and at the end alike, since the array is final when it is
/// made), as [`Move::exchange`]s. Whether the mover's king is left attacked is for the position
/// to check.
pub fn play_swaps(
    spec: &impl AsRef<VariantSpec>,
    array: &mut Array,
    side: Color,
    move_number: u32,
) -> Vec<Move> {
    let spec = spec.as_ref();
    let Some(setup) = &spec.setup else {
        return Vec::new();
    };
    let w = Walker::new(spec, setup);
    let mut out = Vec::new();
    for ps in setup
        .in_play
        .iter()
        .filter(|p| p.move_number == move_number)
    {
        for m in w.raw_options(array, side, &ps.action) {
            if m.kind != MoveKind::Swap {
                continue;
            }
            apply(array, m);
            let ok = w.all_hold(array, side, ConstraintWhen::EachSwap)
                && w.all_hold(array, side, ConstraintWhen::Final);
            apply(array, m);
            let x = Move::exchange(m.from, m.to);
            if ok && !out.contains(&x) {
                out.push(x);
            }
        }
    }
    out
}

/// The walks over a setup phase on a board.
#[derive(Clone, Copy)]
pub(super) struct Walker<'a> {
    g: Geometry,
    setup: &'a SetupPhase,
    /// The variant's own array (what `unless unchanged` compares with).
    start: &'a [Option<Piece>],
}

impl<'a> Walker<'a> {
    pub(super) fn new(spec: &'a VariantSpec, setup: &'a SetupPhase) -> Walker<'a> {
        Walker {
            g: spec.geometry,
            setup,
            start: &spec.array,
        }
    }

    /// Do the requirements that compare the sides hold on the final `array`?
    fn cross_hold(&self, array: &[Option<Piece>]) -> bool {
        self.setup
            .constraints
            .iter()
            .all(|c| c.holds_across(self.g, self.start, array))
    }

    /// Do all constraints checked `when` hold for `side` on `array`?
    fn all_hold(&self, array: &[Option<Piece>], side: Color, when: ConstraintWhen) -> bool {
        self.setup
            .constraints
            .iter()
            .filter(|c| c.when == when)
            .all(|c| c.holds(self.g, array, side))
    }

    /// The squares of a side's ranks on which a step acts (its back rank unless it says
    /// otherwise).
    fn step_squares(&self, side: Color, ranks: &[u8]) -> Vec<Square> {
        let g = self.g;
        let rel: Vec<u8> = if ranks.is_empty() {
            vec![0]
        } else {
            ranks.to_vec()
        };
        let mut out = Vec::new();
        for r in rel {
            if r >= g.ranks {
                continue;
            }
            let abs = if side.is_white() { r } else { g.ranks - 1 - r };
            for f in 0..g.files {
                out.push(g.square(f, abs));
            }
        }
        out
    }

    /// The swap and pass options of a swap step for `side` on `array`, before constraints.
    fn raw_options(&self, array: &[Option<Piece>], side: Color, action: &StepAction) -> Vec<Move> {
        if let StepAction::SwapSquares { pairs, optional } = action {
            return self.square_options(array, side, pairs, *optional);
        }
        let StepAction::Swap {
            relocate,
            with,
            ranks,
            optional,
        } = action
        else {
            return Vec::new();
        };
        let squares = self.step_squares(side, ranks);
        let mut out = Vec::new();
        if *optional {
            out.push(Move::PASS);
        }
        for &a in &squares {
            let Some(pa) = array[a.index()] else { continue };
            if pa.color != side || !relocate.contains(&pa.role) {
                continue;
            }
            for &b in &squares {
                let Some(pb) = array[b.index()] else { continue };
                if a == b || pb.color != side || !with.contains(&pb.role) || pb.role == pa.role {
                    continue;
                }
                // The same exchange may be declarable both ways (king with queen, queen with
                // king): offer it once, with the first-declared relocating role moving.
                if relocate.contains(&pb.role) && with.contains(&pa.role) {
                    let ia = relocate.iter().position(|&r| r == pa.role);
                    let ib = relocate.iter().position(|&r| r == pb.role);
                    if ib < ia {
                        continue;
                    }
                }
                out.push(Move::swap(a, b));
            }
        }
        out
    }

    /// The options of a step on named squares: each pair (reflected for Black) whose squares
    /// hold two of the side's pieces of different kinds, and `pass` if optional.
    fn square_options(
        &self,
        array: &[Option<Piece>],
        side: Color,
        pairs: &[(Square, Square)],
        optional: bool,
    ) -> Vec<Move> {
        let g = self.g;
        let own = |s: Square| if side.is_white() { s } else { g.flip_rank(s) };
        let mut out = Vec::new();
        if optional {
            out.push(Move::PASS);
        }
        for &(a, b) in pairs {
            let (a, b) = (own(a), own(b));
            let (Some(pa), Some(pb)) = (array[a.index()], array[b.index()]) else {
                continue;
            };
            if pa.color != side || pb.color != side || pa.role == pb.role {
                continue;
            }
            let m = Move::swap(a, b);
            if !out.contains(&m) {
                out.push(m);
            }
        }
        out
    }

    /// The candidate moves of step `step` on `array` before any look-ahead: a mirror step's
    /// one forced move, or a swap step's declared swaps (and `pass` if optional) whose
    /// resulting array satisfies every "after each swap" constraint.
    pub(super) fn candidates(&self, array: &mut Array, step: usize, played: &[Move]) -> Vec<Move> {
        let s = &self.setup.steps[step];
        let raw = match &s.action {
            StepAction::Mirror => vec![self.mirror_move(step, played)],
            action => self.raw_options(array, s.side, action),
        };
        raw.into_iter()
            .filter(|&m| {
                if m.kind != MoveKind::Swap {
                    return true;
                }
                apply(array, m);
                let ok = self.all_hold(array, s.side, ConstraintWhen::EachSwap);
                apply(array, m);
                ok
            })
            .collect()
    }

    /// Can the setup phase still be completed from `array` at step `step` (the steps before
    /// it played as `played`) so that every "at the end" constraint holds for both sides?
    ///
    /// This is what makes a step legal: a move is offered only if the game can still reach a
    /// legal final array after it, so the phase never gets stuck. Regroupment: after the king
    /// swaps with the f-bishop, passing the queen step would leave both bishops on dark
    /// squares, so only the queen's swaps with a bishop remain.
    pub(super) fn completion_exists(
        &self,
        array: &mut Array,
        step: usize,
        played: &mut Vec<Move>,
    ) -> bool {
        let steps = &self.setup.steps;
        if step >= steps.len() {
            return Color::ALL
                .iter()
                .all(|&c| self.all_hold(array, c, ConstraintWhen::Final))
                && self.cross_hold(array);
        }
        // Without mirror steps ahead or a requirement comparing the sides, the sides no
        // longer interact: each side's own steps decide its own array, so check them
        // separately (a sum instead of a product of the two trees).
        let cross = self
            .setup
            .constraints
            .iter()
            .any(|c| c.kind.is_cross_side());
        if !cross && !steps[step..].iter().any(|s| s.action == StepAction::Mirror) {
            return Color::ALL
                .iter()
                .all(|&c| self.side_can_finish(array, c, step, &mut HashSet::new()));
        }
        for m in self.candidates(array, step, played) {
            apply(array, m);
            played.push(m);
            let ok = self.completion_exists(array, step + 1, played);
            played.pop();
            apply(array, m);
            if ok {
                return true;
            }
        }
        false
    }

    /// Can `side`, from `array`, play its steps from `from` on (none of them a mirror step)
    /// and end with every "at the end" constraint satisfied?
    ///
    /// `dead` remembers the (step, array) states already found to lead nowhere: different
    /// swap orders often reach the same array, and without it a hopeless branch is searched
    /// once per order (the work is then bounded by the distinct arrays, not the lines).
    fn side_can_finish(
        &self,
        array: &mut Array,
        side: Color,
        from: usize,
        dead: &mut HashSet<(usize, Array)>,
    ) -> bool {
        let steps = &self.setup.steps;
        let Some(i) = (from..steps.len()).find(|&i| steps[i].side == side) else {
            return self.all_hold(array, side, ConstraintWhen::Final);
        };
        if dead.contains(&(i, array.clone())) {
            return false;
        }
        for m in self.candidates(array, i, &[]) {
            apply(array, m);
            let ok = self.side_can_finish(array, side, i + 1, dead);
            apply(array, m);
            if ok {
                return true;
            }
        }
        dead.insert((i, array.clone()));
        false
    }

    /// The move a mirror step must make: the opponent's corresponding swap, reflected to this
    /// side's ranks (a pass mirrors a pass). The n-th mirror step of a side copies the n-th own
    /// (non-mirror) step of the opponent before it, so "Black swaps K, White mirrors, White
    /// swaps Q, Black mirrors" (Placement Chess) pairs each mirror with the step just before.
    fn mirror_move(&self, step: usize, played: &[Move]) -> Move {
        let steps = &self.setup.steps;
        let side = steps[step].side;
        let mirrors_before = steps[..step]
            .iter()
            .filter(|s| s.side == side && s.action == StepAction::Mirror)
            .count();
        let source = steps[..step]
            .iter()
            .enumerate()
            .filter(|(_, s)| s.side != side && s.action != StepAction::Mirror)
            .nth(mirrors_before)
            .map(|(i, _)| i);
        let g = self.g;
        match source.and_then(|i| played.get(i)) {
            Some(m) if m.kind == MoveKind::Swap => {
                Move::swap(g.flip_rank(m.from), g.flip_rank(m.to))
            }
            _ => Move::PASS,
        }
    }

    /// Every distinct final array the setup phase can produce from `start` (both sides, the
    /// real turn order, mirrors included), in the order a depth-first walk meets them, passes
    /// first. Shuffle phases are not walked: see [`StartArrays`].
    fn final_arrays(&self, start: &[Option<Piece>]) -> Vec<Array> {
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        let mut array = start.to_vec();
        self.walk_all(&mut array, 0, &mut Vec::new(), &mut out, &mut seen);
        out
    }

    fn walk_all(
        &self,
        array: &mut Array,
        step: usize,
        played: &mut Vec<Move>,
        out: &mut Vec<Array>,
        seen: &mut HashSet<Array>,
    ) {
        if step == self.setup.steps.len() {
            if seen.insert(array.clone()) {
                out.push(array.clone());
            }
            return;
        }
        for m in self.candidates(array, step, played) {
            apply(array, m);
            played.push(m);
            if self.completion_exists(array, step + 1, played) {
                self.walk_all(array, step + 1, played, out, seen);
            }
            played.pop();
            apply(array, m);
        }
    }

    /// Every array `side` can reach by its own steps from `from` on (no mirror steps), with
    /// every "at the end" constraint met, each once.
    ///
    /// `visited` holds the (step, array) states already walked: everything below such a state
    /// has been found the first time, so the walk visits each distinct state once (the arrays
    /// come out in the same order as a walk of every line would give them).
    fn walk_side(
        &self,
        side: Color,
        from: usize,
        array: &mut Array,
        out: &mut Vec<Array>,
        visited: &mut HashSet<(usize, Array)>,
    ) {
        let steps = &self.setup.steps;
        let Some(i) = (from..steps.len()).find(|&i| steps[i].side == side) else {
            if self.all_hold(array, side, ConstraintWhen::Final)
                && visited.insert((steps.len(), array.clone()))
            {
                out.push(array.clone());
            }
            return;
        };
        if !visited.insert((i, array.clone())) {
            return;
        }
        for m in self.candidates(array, i, &[]) {
            apply(array, m);
            self.walk_side(side, i + 1, array, out, visited);
            apply(array, m);
        }
    }

    /// Every arrangement of `side`'s back-rank pieces in `start` that meets every constraint,
    /// in lexicographic order of the pieces.
    fn shuffled_arrays(&self, start: &[Option<Piece>], side: Color) -> Vec<Array> {
        let g = self.g;
        let back = if side.is_white() { 0 } else { g.ranks - 1 };
        let squares: Vec<Square> = (0..g.files).map(|f| g.square(f, back)).collect();
        let key = |p: &Option<Piece>| p.map(|p| p.pack()).unwrap_or(0);
        let mut pieces: Vec<Option<Piece>> = squares.iter().map(|s| start[s.index()]).collect();
        pieces.sort_by_key(key);
        let mut out = Vec::new();
        // every distinct permutation, in lexicographic order
        loop {
            let mut a = start.to_vec();
            for (i, s) in squares.iter().enumerate() {
                a[s.index()] = pieces[i];
            }
            if self.all_hold(&a, side, ConstraintWhen::Final)
                && self.all_hold(&a, side, ConstraintWhen::EachSwap)
            {
                out.push(a);
            }
            // next permutation
            let n = pieces.len();
            let Some(i) = (0..n.saturating_sub(1))
                .rev()
                .find(|&i| key(&pieces[i]) < key(&pieces[i + 1]))
            else {
                break;
            };
            let Some(j) = (i + 1..n)
                .rev()
                .find(|&j| key(&pieces[j]) > key(&pieces[i]))
            else {
                unreachable!("pieces[i + 1] is greater than pieces[i]")
            };
            pieces.swap(i, j);
            pieces[i + 1..].reverse();
        }
        out
    }
}

/// Every array `side` can reach through the setup phase, deduplicated, in a fixed order. Only
/// that side's pieces are meaningful; the other side's stand as in the variant's array (or as
/// the reachable final arrays left them, when mirror steps tie the sides together).
pub fn reachable_arrays(spec: &impl AsRef<VariantSpec>, side: Color) -> Vec<Array> {
    let spec = spec.as_ref();
    let start = spec.array.clone();
    let Some(setup) = &spec.setup else {
        return vec![start];
    };
    let w = Walker::new(spec, setup);
    if setup.shuffle.is_some() {
        return w.shuffled_arrays(&start, side);
    }
    let mut out: Vec<Array> = Vec::new();
    let mut seen = HashSet::new();
    if setup.sides_interact() {
        for a in w.final_arrays(&start) {
            let own: Array = a
                .iter()
                .zip(&start)
                .map(|(&p, &s)| match (p, s) {
                    (Some(p), _) if p.color == side => Some(p),
                    (_, Some(s)) if s.color != side => Some(s),
                    _ => None,
                })
                .collect();
            if seen.insert(own.clone()) {
                out.push(own);
            }
        }
        return out;
    }
    let mut a = start;
    w.walk_side(side, 0, &mut a, &mut out, &mut HashSet::new());
    out
}

/// The start arrays of a game, computed once: what a random start draws from, and what
/// exploring a shuffle phase counts.
#[derive(Clone, Debug)]
pub enum StartArrays {
    /// Each side's array is drawn on its own among the arrays it can reach (Chess64,
    /// Chess484, an independent shuffle): every pair is a start position.
    Independent {
        /// White's reachable arrays (only White's pieces taken from each).
        white: Vec<Array>,
        /// Black's reachable arrays (only Black's pieces taken from each).
        black: Vec<Array>,
    },
    /// Black's array mirrors White's (Chess960).
    Mirrored {
        /// White's arrays; Black's back ranks are their reflection.
        white: Vec<Array>,
    },
    /// Mirror steps tie the sides together: the whole final arrays, each one start position.
    Whole(Vec<Array>),
}

impl StartArrays {
    /// Computes the start arrays of a game (its own array when it has no setup phase).
    pub fn new(spec: &impl AsRef<VariantSpec>) -> StartArrays {
        let spec = spec.as_ref();
        let Some(setup) = &spec.setup else {
            return StartArrays::Whole(vec![spec.array.clone()]);
        };
        let w = Walker::new(spec, setup);
        if let Some(sh) = &setup.shuffle {
            if sh.mirrored {
                return StartArrays::Mirrored {
                    white: w.shuffled_arrays(&spec.array, Color::White),
                };
            }
        } else if setup.sides_interact() {
            return StartArrays::Whole(w.final_arrays(&spec.array));
        }
        StartArrays::Independent {
            white: reachable_arrays(spec, Color::White),
            black: reachable_arrays(spec, Color::Black),
        }
    }

    /// How many distinct start positions these arrays make.
    pub fn len(&self) -> usize {
        match self {
            StartArrays::Independent { white, black } => white.len().saturating_mul(black.len()),
            StartArrays::Mirrored { white } => white.len(),
            StartArrays::Whole(all) => all.len(),
        }
    }

    /// Are there none (a setup phase whose constraints can never be met)?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th start array (`i < len()`), in a fixed order.
    pub fn get(&self, spec: &impl AsRef<VariantSpec>, i: usize) -> Array {
        match self {
            StartArrays::Independent { white, black } => {
                combine(&white[i / black.len()], &black[i % black.len()])
            }
            StartArrays::Mirrored { white } => {
                let spec = spec.as_ref();
                let g = spec.geometry;
                let wa = &white[i];
                let mut a = spec.array.clone();
                for s in g.squares() {
                    if let Some(p) = wa[s.index()].filter(|p| p.color == Color::White) {
                        a[s.index()] = Some(p);
                        a[g.flip_rank(s).index()] = Some(Piece {
                            color: Color::Black,
                            role: p.role,
                        });
                    }
                }
                a
            }
            StartArrays::Whole(all) => all[i].clone(),
        }
    }

    /// Draws one array uniformly: each side's independently for [`StartArrays::Independent`]
    /// ("the initial position of each side is independently randomized"), which is the same
    /// as uniformly among all pairs.
    pub fn sample(&self, spec: &impl AsRef<VariantSpec>, rng: &mut Rng) -> Array {
        match self {
            StartArrays::Independent { white, black } => {
                let w = rng.below(white.len());
                let b = rng.below(black.len());
                combine(&white[w], &black[b])
            }
            _ => self.get(spec, rng.below(self.len())),
        }
    }
}

/// White's pieces from `white`, Black's from `black`.
fn combine(white: &[Option<Piece>], black: &[Option<Piece>]) -> Array {
    white
        .iter()
        .zip(black)
        .map(|(&w, &b)| match (w, b) {
            (Some(p), _) if p.color == Color::White => Some(p),
            (_, Some(p)) if p.color == Color::Black => Some(p),
            _ => None,
        })
        .collect()
}

/// The start arrays of a game: see [`StartArrays`].
pub fn start_arrays(spec: &impl AsRef<VariantSpec>) -> StartArrays {
    StartArrays::new(spec)
}

/// A sentence for a setup step: "Black: relocate the king (swap with a queen, bishop or
/// knight), or keep it". Empty for a step the game does not have.
pub fn describe_step(spec: &impl AsRef<VariantSpec>, step: usize) -> String {
    let spec = spec.as_ref();
    let Some(s) = spec.setup.as_ref().and_then(|p| p.steps.get(step)) else {
        return String::new();
    };
    let names = |roles: &[Role]| -> String {
        let n: Vec<String> = roles
            .iter()
            .map(|r| spec.roles[r.index()].name.to_lowercase())
            .collect();
        match n.len() {
            0 => String::new(),
            1 => n[0].clone(),
            _ => format!("{} or {}", n[..n.len() - 1].join(", "), n[n.len() - 1]),
        }
    };
    match &s.action {
        StepAction::Mirror => format!("{}: mirror {}'s swap", s.side, !s.side),
        StepAction::SwapSquares { pairs, optional } => {
            let g = spec.geometry;
            let own = |q| if s.side.is_white() { q } else { g.flip_rank(q) };
            let each: Vec<String> = pairs
                .iter()
                .map(|&(a, b)| format!("{} with {}", g.name(own(a)), g.name(own(b))))
                .collect();
            let mut t = format!("{}: swap {}", s.side, each.join(", or "));
            if *optional {
                t += ", or keep the array";
            }
            t
        }
        StepAction::Swap {
            relocate,
            with,
            optional,
            ..
        } => {
            let mut t = format!(
                "{}: relocate the {} (swap with a {})",
                s.side,
                names(relocate),
                names(with)
            );
            if *optional {
                t += ", or keep it";
            }
            t
        }
    }
}
