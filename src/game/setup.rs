//! The setup phase: which swaps a step allows, mirrors, constraints and random arrays.
//!
//! A setup move is legal when it follows the step's declaration, satisfies every constraint
//! checked "after each swap", and still leaves the side a way to satisfy the constraints checked
//! "at the end" with its remaining steps (Regroupment: a king that swapped with the f-bishop
//! obliges the queen to swap with a bishop, so passing is then not offered).

use std::sync::Arc;

use super::Game;
use crate::position::AnyPosition;
pub use crate::types::rng::{entropy_seed, Rng};
use crate::types::{Color, Move, MoveKind, Piece, Square};
use crate::variant::{Constraint, ConstraintKind, ConstraintWhen, SetupPhase, StepAction, Variant};

/// The squares of a side's ranks on which a step acts (its back rank unless it says otherwise).
fn step_squares(v: &Variant, side: Color, ranks: &[u8]) -> Vec<Square> {
    let g = v.geometry();
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

/// Does `array` satisfy the constraint for `side`?
pub fn satisfies(v: &Variant, array: &[Option<Piece>], side: Color, c: &Constraint) -> bool {
    let g = v.geometry();
    match &c.kind {
        ConstraintKind::OppositeColors(role) => {
            let squares: Vec<Square> = g
                .squares()
                .filter(|s| {
                    array[s.index()]
                        == Some(Piece {
                            color: side,
                            role: *role,
                        })
                })
                .collect();
            let light = squares.iter().filter(|&&s| g.is_light(s)).count();
            squares.len() < 2 || (light > 0 && light < squares.len())
        }
        ConstraintKind::Between { inner, outer } => {
            let back = if side.is_white() { 0 } else { g.ranks - 1 };
            let files = |role| -> Vec<u8> {
                (0..g.files)
                    .filter(|&f| {
                        array[g.square(f, back).index()] == Some(Piece { color: side, role })
                    })
                    .collect()
            };
            let outers = files(*outer);
            files(*inner)
                .iter()
                .all(|&k| outers.iter().any(|&r| r < k) && outers.iter().any(|&r| r > k))
        }
    }
}

fn all_hold(
    v: &Variant,
    array: &[Option<Piece>],
    side: Color,
    when: ConstraintWhen,
    setup: &SetupPhase,
) -> bool {
    setup
        .constraints
        .iter()
        .filter(|c| c.when == when)
        .all(|c| satisfies(v, array, side, c))
}

/// The swap and pass options of a swap step for `side` on `array`, before constraints.
fn raw_options(
    v: &Variant,
    array: &[Option<Piece>],
    side: Color,
    action: &StepAction,
) -> Vec<Move> {
    let StepAction::Swap {
        relocate,
        with,
        ranks,
        optional,
    } = action
    else {
        return Vec::new();
    };
    let squares = step_squares(v, side, ranks);
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

fn apply(array: &mut [Option<Piece>], m: Move) {
    if m.kind == MoveKind::Swap {
        array.swap(m.from.index(), m.to.index());
    }
}

/// A whole board: one entry per square, rank 1 first (the form of [`VariantSpec::array`]).
///
/// [`VariantSpec::array`]: crate::variant::VariantSpec::array
pub type Array = Vec<Option<Piece>>;

/// The candidate moves of step `step` on `array` before any look-ahead: a mirror step's one
/// forced move, or a swap step's declared swaps (and `pass` if optional) whose resulting array
/// satisfies every "after each swap" constraint.
fn step_candidates(
    v: &Variant,
    setup: &SetupPhase,
    array: &mut Array,
    step: usize,
    played: &[Move],
) -> Vec<Move> {
    let s = &setup.steps[step];
    let raw = match &s.action {
        StepAction::Mirror => vec![mirror_move(v, setup, step, played)],
        action => raw_options(v, array, s.side, action),
    };
    raw.into_iter()
        .filter(|&m| {
            if m.kind != MoveKind::Swap {
                return true;
            }
            apply(array, m);
            let ok = all_hold(v, array, s.side, ConstraintWhen::EachSwap, setup);
            apply(array, m);
            ok
        })
        .collect()
}

/// Can the setup phase still be completed from `array` at step `step` (the steps before it
/// played as `played`) so that every "at the end" constraint holds for both sides?
///
/// This is what makes a step legal: a move is offered only if the game can still reach a legal
/// final array after it, so the phase never gets stuck. Regroupment: after the king swaps with
/// the f-bishop, passing the queen step would leave both bishops on dark squares, so only the
/// queen's swaps with a bishop remain.
fn completion_exists(
    v: &Variant,
    setup: &SetupPhase,
    array: &mut Array,
    step: usize,
    played: &mut Vec<Move>,
) -> bool {
    if step >= setup.steps.len() {
        return Color::ALL
            .iter()
            .all(|&c| all_hold(v, array, c, ConstraintWhen::Final, setup));
    }
    // Without mirror steps ahead, the sides no longer interact: each side's own steps decide
    // its own array, so check them separately (a sum instead of a product of the two trees).
    if !setup.steps[step..]
        .iter()
        .any(|s| s.action == StepAction::Mirror)
    {
        return Color::ALL
            .iter()
            .all(|&c| side_can_finish(v, setup, array, c, step));
    }
    for m in step_candidates(v, setup, array, step, played) {
        apply(array, m);
        played.push(m);
        let ok = completion_exists(v, setup, array, step + 1, played);
        played.pop();
        apply(array, m);
        if ok {
            return true;
        }
    }
    false
}

/// Can `side`, from `array`, play its steps from `from` on (none of them a mirror step) and
/// end with every "at the end" constraint satisfied?
fn side_can_finish(
    v: &Variant,
    setup: &SetupPhase,
    array: &mut Array,
    side: Color,
    from: usize,
) -> bool {
    let next = (from..setup.steps.len()).find(|&i| setup.steps[i].side == side);
    let Some(i) = next else {
        return all_hold(v, array, side, ConstraintWhen::Final, setup);
    };
    for m in step_candidates(v, setup, array, i, &[]) {
        apply(array, m);
        let ok = side_can_finish(v, setup, array, side, i + 1);
        apply(array, m);
        if ok {
            return true;
        }
    }
    false
}

/// The move a mirror step must make: the opponent's corresponding swap, reflected to this
/// side's ranks (a pass mirrors a pass). The n-th mirror step of a side copies the n-th own
/// (non-mirror) step of the opponent before it, so "Black swaps K, White mirrors, White swaps
/// Q, Black mirrors" (Placement Chess) pairs each mirror with the step just before it.
fn mirror_move(v: &Variant, setup: &SetupPhase, step: usize, played: &[Move]) -> Move {
    let side = setup.steps[step].side;
    let mirrors_before = setup.steps[..step]
        .iter()
        .filter(|s| s.side == side && s.action == StepAction::Mirror)
        .count();
    let source = setup.steps[..step]
        .iter()
        .enumerate()
        .filter(|(_, s)| s.side != side && s.action != StepAction::Mirror)
        .nth(mirrors_before)
        .map(|(i, _)| i);
    let g = v.geometry();
    match source.and_then(|i| played.get(i)) {
        Some(m) if m.kind == MoveKind::Swap => Move::swap(g.flip_rank(m.from), g.flip_rank(m.to)),
        _ => Move::PASS,
    }
}

/// The legal moves of setup step `step` in `pos`, given the setup moves played so far (one per
/// step, in order).
///
/// A move is legal when it follows the step's declaration (the relocating roles, the roles
/// they may swap with, whether the step may be declined, or the one forced mirror move), the
/// array after it satisfies every "after each swap" constraint, and the rest of the setup phase
/// can still end with every "at the end" constraint satisfied. Nothing here knows which piece
/// is a king: "the king cannot be a relocatee" follows from the queen step's `with` list.
pub fn legal_moves(v: &Variant, pos: &AnyPosition, step: usize, played: &[Move]) -> Vec<Move> {
    let Some(setup) = &v.spec.setup else {
        return Vec::new();
    };
    if step >= setup.steps.len() {
        return Vec::new();
    }
    let mut array = pos.array(v);
    let mut line: Vec<Move> = played.iter().copied().take(step).collect();
    let candidates = step_candidates(v, setup, &mut array, step, &line);
    candidates
        .into_iter()
        .filter(|&m| {
            apply(&mut array, m);
            line.push(m);
            let ok = completion_exists(v, setup, &mut array, step + 1, &mut line);
            line.pop();
            apply(&mut array, m);
            ok
        })
        .collect()
}

/// Every distinct final array the setup phase can produce (both sides, the real turn order,
/// mirrors included), in the order a depth-first walk meets them, passes first. Shuffle phases
/// and games without a setup phase are not walked: see [`start_arrays`].
fn walk_final_arrays(v: &Variant, setup: &SetupPhase) -> Vec<Array> {
    fn walk(
        v: &Variant,
        setup: &SetupPhase,
        array: &mut Array,
        step: usize,
        played: &mut Vec<Move>,
        out: &mut Vec<Array>,
        seen: &mut std::collections::HashSet<Array>,
    ) {
        if step == setup.steps.len() {
            if seen.insert(array.clone()) {
                out.push(array.clone());
            }
            return;
        }
        for m in step_candidates(v, setup, array, step, played) {
            apply(array, m);
            played.push(m);
            if completion_exists(v, setup, array, step + 1, played) {
                walk(v, setup, array, step + 1, played, out, seen);
            }
            played.pop();
            apply(array, m);
        }
    }
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut array = v.spec.array.clone();
    walk(
        v,
        setup,
        &mut array,
        0,
        &mut Vec::new(),
        &mut out,
        &mut seen,
    );
    out
}

/// Every array `side` can reach through the setup phase, deduplicated, in a fixed order. Only
/// that side's pieces are meaningful; the other side's stand as in the variant's array (or as
/// the reachable final arrays left them, when mirror steps tie the sides together).
pub fn reachable_arrays(v: &Variant, side: Color) -> Vec<Array> {
    let start = v.spec.array.clone();
    let Some(setup) = &v.spec.setup else {
        return vec![start];
    };
    if setup.shuffle.is_some() {
        return shuffled_arrays(v, side, setup);
    }
    let mirrors = setup.steps.iter().any(|s| s.action == StepAction::Mirror);
    let mut out: Vec<Array> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    if mirrors {
        for a in walk_final_arrays(v, setup) {
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
    fn walk(
        v: &Variant,
        setup: &SetupPhase,
        side: Color,
        from: usize,
        array: &mut Array,
        out: &mut Vec<Array>,
        seen: &mut std::collections::HashSet<Array>,
    ) {
        let next = (from..setup.steps.len()).find(|&i| setup.steps[i].side == side);
        let Some(i) = next else {
            if all_hold(v, array, side, ConstraintWhen::Final, setup) && seen.insert(array.clone())
            {
                out.push(array.clone());
            }
            return;
        };
        for m in step_candidates(v, setup, array, i, &[]) {
            apply(array, m);
            walk(v, setup, side, i + 1, array, out, seen);
            apply(array, m);
        }
    }
    let mut a = start;
    walk(v, setup, side, 0, &mut a, &mut out, &mut seen);
    out
}

/// The start arrays of a game, computed once: what [`random_start`] draws from and what
/// [`explore`] counts for shuffle phases.
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
    /// Computes the start arrays of `v` (the variant's own array when it has no setup phase).
    pub fn new(v: &Variant) -> StartArrays {
        let Some(setup) = &v.spec.setup else {
            return StartArrays::Whole(vec![v.spec.array.clone()]);
        };
        if let Some(sh) = &setup.shuffle {
            if sh.mirrored {
                return StartArrays::Mirrored {
                    white: shuffled_arrays(v, Color::White, setup),
                };
            }
        } else if setup.steps.iter().any(|s| s.action == StepAction::Mirror) {
            return StartArrays::Whole(walk_final_arrays(v, setup));
        }
        StartArrays::Independent {
            white: reachable_arrays(v, Color::White),
            black: reachable_arrays(v, Color::Black),
        }
    }

    /// How many distinct start positions these arrays make.
    pub fn len(&self) -> usize {
        match self {
            StartArrays::Independent { white, black } => white.len() * black.len(),
            StartArrays::Mirrored { white } => white.len(),
            StartArrays::Whole(all) => all.len(),
        }
    }

    /// Are there none (a setup phase whose constraints can never be met)?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th start array (`i < len()`), in a fixed order.
    pub fn get(&self, v: &Variant, i: usize) -> Array {
        match self {
            StartArrays::Independent { white, black } => {
                combine(&white[i / black.len()], &black[i % black.len()])
            }
            StartArrays::Mirrored { white } => {
                let g = v.geometry();
                let wa = &white[i];
                let mut a = v.spec.array.clone();
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
    pub fn sample(&self, v: &Variant, rng: &mut Rng) -> Array {
        match self {
            StartArrays::Independent { white, black } => {
                let w = rng.below(white.len());
                let b = rng.below(black.len());
                combine(&white[w], &black[b])
            }
            _ => self.get(v, rng.below(self.len())),
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

/// The start arrays of `v`: see [`StartArrays`].
pub fn start_arrays(v: &Variant) -> StartArrays {
    StartArrays::new(v)
}

/// A random start: each side's array drawn uniformly among the arrays it can reach
/// (independently; mirrored for a mirrored shuffle; uniformly among whole arrays when mirror
/// steps tie the sides), White to move, castling rights derived from the array.
///
/// Drawing whole arrays, not random choices step by step, is what makes it uniform: in
/// Regroupment the king's six options lead to 4, 4, 4, 2, 4 and 4 arrays.
pub fn random_start(v: &Variant, seed: u64) -> AnyPosition {
    let mut rng = Rng(seed);
    let arrays = StartArrays::new(v);
    if arrays.is_empty() {
        return AnyPosition::start(v);
    }
    AnyPosition::from_array(v, &arrays.sample(v, &mut rng))
}

/// Is the position's array symmetric: Black's pieces White's reflected top to bottom?
pub fn is_mirrored(v: &Variant, pos: &AnyPosition) -> bool {
    let g = v.geometry();
    g.squares().all(|s| {
        let a = pos.piece_at(s);
        let b = pos.piece_at(g.flip_rank(s));
        match (a, b) {
            (None, None) => true,
            (Some(a), Some(b)) => a.role == b.role && a.color != b.color,
            _ => false,
        }
    })
}

/// What [`explore`] found.
#[derive(Clone, Debug, Default)]
pub struct Exploration {
    /// Every distinct start position (as the game stands after the last setup step, White to
    /// move), by its Shredder FEN, in the order the walk met them (the unchanged array first).
    pub fens: Vec<String>,
    /// How many of them are mirrored (see [`is_mirrored`]).
    pub mirrored: usize,
    /// How many complete setup lines (leaves of the setup game tree) were walked.
    pub lines: u64,
}

impl Exploration {
    /// Number of distinct start positions.
    pub fn len(&self) -> usize {
        self.fens.len()
    }

    /// Did the setup phase lead nowhere?
    pub fn is_empty(&self) -> bool {
        self.fens.is_empty()
    }
}

/// Explores the setup phase of `v` through the game itself: from a new game every legal setup
/// move is played in turn ([`Game::legal_moves`], [`Game::play`], [`Game::undo`]: both sides,
/// mirror steps and the real turn order), and each position reached when the game proper
/// begins is recorded once, by FEN. A randomized phase is explored as if its steps were played
/// by hand; a shuffle phase (Chess960) has no steps, so its arrays are enumerated.
///
/// `progress` is called now and then with the number of setup lines walked so far.
///
/// [`Game::legal_moves`]: super::Game::legal_moves
/// [`Game::play`]: super::Game::play
/// [`Game::undo`]: super::Game::undo
pub fn explore(v: &Arc<Variant>, mut progress: impl FnMut(u64)) -> Exploration {
    let mut ex = Exploration::default();
    let mut seen = std::collections::HashSet::new();
    let mut record = |ex: &mut Exploration, pos: &AnyPosition| {
        let fen = pos.fen_shredder(v);
        if seen.insert(fen.clone()) {
            if is_mirrored(v, pos) {
                ex.mirrored += 1;
            }
            ex.fens.push(fen);
        }
    };
    let shuffle = v.spec.setup.as_ref().is_some_and(|s| s.shuffle.is_some());
    if shuffle {
        let arrays = StartArrays::new(v);
        for i in 0..arrays.len() {
            ex.lines += 1;
            let pos = AnyPosition::from_array(v, &arrays.get(v, i));
            record(&mut ex, &pos);
            if ex.lines % 4096 == 0 {
                progress(ex.lines);
            }
        }
        return ex;
    }
    fn walk(
        game: &mut Game,
        ex: &mut Exploration,
        record: &mut dyn FnMut(&mut Exploration, &AnyPosition),
        progress: &mut dyn FnMut(u64),
    ) {
        if !game.in_setup() {
            ex.lines += 1;
            if ex.lines % 4096 == 0 {
                progress(ex.lines);
            }
            let pos = *game.position();
            record(ex, &pos);
            return;
        }
        for m in game.legal_moves() {
            game.play_unchecked(m);
            walk(game, ex, record, progress);
            game.undo();
        }
    }
    let mut game = Game::new_with_setup(v.clone());
    walk(&mut game, &mut ex, &mut record, &mut progress);
    ex
}

fn shuffled_arrays(v: &Variant, side: Color, setup: &SetupPhase) -> Vec<Vec<Option<Piece>>> {
    let g = v.geometry();
    let back = if side.is_white() { 0 } else { g.ranks - 1 };
    let squares: Vec<Square> = (0..g.files).map(|f| g.square(f, back)).collect();
    let mut pieces: Vec<Option<Piece>> = squares.iter().map(|s| v.spec.array[s.index()]).collect();
    pieces.sort_by_key(|p| p.map(|p| p.pack()).unwrap_or(0));
    let mut out = Vec::new();
    // every distinct permutation, in lexicographic order
    loop {
        let mut a = v.spec.array.clone();
        for (i, s) in squares.iter().enumerate() {
            a[s.index()] = pieces[i];
        }
        if all_hold(v, &a, side, ConstraintWhen::Final, setup)
            && all_hold(v, &a, side, ConstraintWhen::EachSwap, setup)
        {
            out.push(a);
        }
        // next permutation
        let key = |p: &Option<Piece>| p.map(|p| p.pack()).unwrap_or(0);
        let n = pieces.len();
        let Some(i) = (0..n.saturating_sub(1))
            .rev()
            .find(|&i| key(&pieces[i]) < key(&pieces[i + 1]))
        else {
            break;
        };
        let j = (i + 1..n)
            .rev()
            .find(|&j| key(&pieces[j]) > key(&pieces[i]))
            .unwrap();
        pieces.swap(i, j);
        pieces[i + 1..].reverse();
    }
    out
}

/// A sentence for the current step: "Black: relocate the king (swap it with the queen, a
/// bishop or a knight), or keep it".
pub fn describe_step(v: &Variant, step: usize) -> String {
    let Some(setup) = &v.spec.setup else {
        return String::new();
    };
    let Some(s) = setup.steps.get(step) else {
        return String::new();
    };
    let names = |roles: &[crate::types::Role]| -> String {
        let n: Vec<String> = roles
            .iter()
            .map(|r| v.role(*r).name.to_lowercase())
            .collect();
        match n.len() {
            0 => String::new(),
            1 => n[0].clone(),
            _ => format!("{} or {}", n[..n.len() - 1].join(", "), n[n.len() - 1]),
        }
    };
    match &s.action {
        StepAction::Mirror => format!("{}: mirror {}'s swap", s.side, !s.side),
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

/// Short form of [`describe_step`] for a phase.
pub fn describe_step_short(v: &Variant, phase: super::Phase) -> String {
    match phase {
        super::Phase::Setup { step } => describe_step(v, step),
        super::Phase::Play => "the game proper has begun".into(),
    }
}
