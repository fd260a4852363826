//! The setup phase in a game: its legal moves on a position, random starts, and the whole
//! setup game tree explored through the game itself.
//!
//! The array-level logic (which swaps a step allows, mirrors, constraints, the look-ahead
//! that keeps the phase from getting stuck, reachable and start arrays) needs no position and
//! lives in [`crate::variant::setup`], where the rules checker uses it too; it is re-exported
//! here.
//!
//! A setup move is legal when it follows the step's declaration, satisfies every constraint
//! checked "after each swap", and still leaves the side a way to satisfy the constraints checked
//! "at the end" with its remaining steps (Regroupment: a king that swapped with the f-bishop
//! obliges the queen to swap with a bishop, so passing is then not offered).

use std::sync::Arc;

use super::Game;
use crate::position::AnyPosition;
pub use crate::types::rng::{entropy_seed, Rng};
use crate::types::Move;
use crate::variant::setup::{
    describe_requirement, legal_setup_moves, refusing_requirements, sample_independent_shuffle,
};
pub use crate::variant::setup::{
    describe_step, reachable_arrays, start_arrays, Array, Census, StartArrays,
};
use crate::variant::StepAction;
use crate::variant::Variant;

/// The legal moves of setup step `step` in `pos`, given the setup moves played so far (one per
/// step, in order): see [`legal_setup_moves`], here on the position's array.
pub fn legal_moves(v: &Variant, pos: &AnyPosition, step: usize, played: &[Move]) -> Vec<Move> {
    legal_setup_moves(v, pos.array(v), step, played)
}

/// Why declining setup step `step` (Keep, `pass`) is not offered in `pos` although the step
/// may be declined: "the setup phase must end with the bishops on squares of both colours,
/// and keeping would make that impossible". `None` when passing is legal, or the step cannot
/// be declined anyway.
pub fn pass_refused(
    v: &Variant,
    pos: &AnyPosition,
    step: usize,
    played: &[Move],
) -> Option<String> {
    let optional = match v.setup_step(step).map(|s| &s.action) {
        Some(StepAction::Swap { optional, .. })
        | Some(StepAction::SwapSquares { optional, .. }) => *optional,
        _ => false,
    };
    if !optional || legal_moves(v, pos, step, played).contains(&Move::PASS) {
        return None;
    }
    let refused = refusing_requirements(v, pos.array(v), step, played, Move::PASS);
    if refused.is_empty() {
        return Some(
            "keeping would leave the setup phase unable to end with every requirement met".into(),
        );
    }
    let words: Vec<String> = refused
        .iter()
        .map(|&i| describe_requirement(v, i))
        .collect();
    Some(format!(
        "the setup phase must end with {}, and keeping would make that impossible",
        words.join(" and ")
    ))
}

/// A random start: each side's array drawn uniformly among the arrays it can reach
/// (independently; mirrored for a mirrored shuffle; uniformly among whole arrays when mirror
/// steps tie the sides), White to move, castling rights derived from the array.
///
/// Drawing whole arrays, not random choices step by step, is what makes it uniform: in
/// Regroupment the king's six options lead to 4, 4, 4, 2, 4 and 4 arrays.
pub fn random_start(v: &Variant, seed: u64) -> AnyPosition {
    let mut rng = Rng(seed);
    // Independent shuffles are drawn side by side without listing the arrangements (a few
    // microseconds instead of a millisecond for Double Fischer Random Chess).
    if let Some(a) = sample_independent_shuffle(v, &mut rng.clone()) {
        return AnyPosition::from_array(v, &a);
    }
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
/// This is the slow, obvious reference: it walks every line and keeps every FEN. Counting and
/// listing use [`census`] and [`for_each_start`], which find each side's arrays once and are
/// tested against it.
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
    let shuffle = v.is_shuffle();
    if shuffle {
        let arrays = StartArrays::new(v);
        for i in 0..arrays.len() {
            ex.lines += 1;
            let pos = AnyPosition::from_array(v, &arrays.get(v, i));
            record(&mut ex, &pos);
            if ex.lines.is_multiple_of(4096) {
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
            if ex.lines.is_multiple_of(4096) {
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

/// Counts the start positions of `v` without listing them: each side's arrays when the sides
/// choose independently (their product is the count), else the whole arrays. This is what
/// `myriad positions` prints; [`explore`], which plays every line through the game, is the
/// slow reference it is tested against.
pub fn census(v: &Variant) -> Census {
    StartArrays::new(v).census(v)
}

/// Calls `f` with every distinct start position of `v` and its number (from 0), in the order
/// of [`StartArrays::get`] (the unchanged array first when passing is allowed), without
/// collecting them: `myriad positions --list` prints each as it comes. Stops early when `f`
/// returns `false`. `arrays` are `v`'s start arrays (see [`StartArrays::new`]).
pub fn for_each_start(
    v: &Variant,
    arrays: &StartArrays,
    mut f: impl FnMut(usize, &AnyPosition) -> bool,
) {
    for i in 0..arrays.len() {
        let pos = AnyPosition::from_array(v, &arrays.get(v, i));
        if !f(i, &pos) {
            return;
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
