//! The pre-game setup phase, as data.
//!
//! A setup phase is a sequence of steps. In each step one side either *swaps* one of its pieces
//! of a given kind (the relocating piece) with one of its pieces of other given kinds (the
//! relocatee), or *mirrors* the opponent's previous swap. Constraints on the resulting array
//! (such as "bishops on opposite colours") say when they are checked.
//!
//! The `walk` module walks the phase on an array: the legal setup moves, whether the phase can
//! still end with every constraint met, the arrays each side can reach, the start arrays of a
//! random start. The `census` module bounds the size of a phase from its declaration and
//! counts its start positions. The game module plays these moves on its positions; nothing
//! here knows chess.

mod census;
mod constraint;
mod fit;
mod refusal;
mod walk;

pub use census::{
    arrangement_count, for_each_arrangement, is_mirrored_array, movable,
    sample_independent_shuffle, setup_size, setup_size_of, Census, SetupSize, Shape,
    MAX_SETUP_WORK,
};
pub use fit::{
    completion_work, placement_region, shortfall, Completion, Shortfall, MAX_PLACEMENT_WORK,
};
pub use refusal::{describe_requirement, refusing_requirements};
pub use walk::{
    describe_step, legal_setup_moves, play_swaps, reachable_arrays, start_arrays, Array,
    StartArrays,
};

use crate::types::{Color, Role, Square};

/// What a step lets its side do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepAction {
    /// Swap a piece of one of the `relocate` roles with a piece of one of the `with` roles.
    Swap {
        /// Roles that may relocate (e.g. the king; or king and queen in Relocation Chess).
        relocate: Vec<Role>,
        /// Roles a relocating piece may swap with (the relocatees). The king cannot be a
        /// relocatee of the queen simply because it is not listed here.
        with: Vec<Role>,
        /// Only pieces on these ranks take part (from the side's own back rank, 0-based);
        /// empty means the back rank only.
        ranks: Vec<u8>,
        /// May the side decline (`pass`)?
        optional: bool,
    },
    /// Repeat the opponent's previous step, reflected to this side's own rank (a pass mirrors a
    /// pass). Placement Chess: "The white player then mirrors black's swap."
    Mirror,
    /// Swap the pieces on one of these pairs of squares (Pawn Exchange: "c1 with f2, or f1
    /// with c2"). The squares are White's; Black's are their reflection (c8 with f7).
    SwapSquares {
        /// The pairs, from White's side of the board.
        pairs: Vec<(Square, Square)>,
        /// May the side decline (`pass`)?
        optional: bool,
    },
}

/// One step of the setup phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupStep {
    /// The side that acts.
    pub side: Color,
    /// What it may do.
    pub action: StepAction,
}

/// What a constraint requires of an array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConstraintKind {
    /// The pieces of this role of each side stand on squares of both colours (bishops).
    OppositeColors(Role),
    /// The `king` role stands between the two pieces of the `rook` role on its back rank
    /// (Fischer Placement: "provided the king stays between the rooks").
    Between {
        /// The piece that must stand between.
        inner: Role,
        /// The pieces it must stand between.
        outer: Role,
    },
    /// No piece of this role of the side stands on these files (0-based): "the king does not
    /// end on the b- or g-file".
    NotOnFiles {
        /// The pieces concerned.
        role: Role,
        /// The files they must avoid.
        files: Vec<u8>,
    },
    /// The whole array must not be symmetric (Black's pieces White's reflected top to bottom),
    /// unless it is the variant's own array: Chess57, "White may not end with the mirror image
    /// of Black's array unless both are the orthodox array". It compares the two sides, so it
    /// ties their choices together and is checked on the final array only.
    NotMirroring {
        /// The side the rule restricts, as written (`white not mirroring black`).
        side: Color,
        /// `unless unchanged`: the unchanged array is allowed although symmetric.
        unless_unchanged: bool,
    },
}

impl ConstraintKind {
    /// Does the constraint compare the two sides (so neither side's array can be judged on
    /// its own)?
    pub fn is_cross_side(&self) -> bool {
        matches!(self, ConstraintKind::NotMirroring { .. })
    }
}

/// When a constraint is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstraintWhen {
    /// After every swap (Placement Chess: 20 positions).
    EachSwap,
    /// Only on the side's final array (Regroupment Chess: 484 positions, which lets the king
    /// swap with the f-bishop if the queen then swaps with a bishop).
    Final,
}

/// A constraint on the array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    /// What must hold.
    pub kind: ConstraintKind,
    /// When it is checked.
    pub when: ConstraintWhen,
}

/// A swap offered in the game proper, instead of a move, at a given move of each side
/// (Transcendental Chess: `at move 1 swap K Q R B N with K Q R B N`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaySwap {
    /// The move number (the FEN's fullmove number) at which each side may swap.
    pub move_number: u32,
    /// What it may swap (a `Swap` or `SwapSquares` action; declining is making a move).
    pub action: StepAction,
}

/// The setup phase of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupPhase {
    /// The steps, in order. After the last step White makes move 1 (or the side `first` names).
    pub steps: Vec<SetupStep>,
    /// Constraints on the arrays.
    pub constraints: Vec<Constraint>,
    /// Randomized form (Chess64, Chess484): each side's array is drawn uniformly among the
    /// arrays that side can reach, instead of the steps being played.
    pub randomized: bool,
    /// Pieces in hand placed one at a time before the steps (Pre-Chess), if any.
    pub placement: Option<Placement>,
    /// Instead of steps: every arrangement of each side's back-rank pieces that satisfies the
    /// constraints (Fischer Random Chess). Always drawn at random.
    pub shuffle: Option<Shuffle>,
    /// Swaps offered during the game proper, instead of a move (checked against every
    /// requirement of the block at once, and the mover's king must not be left attacked).
    pub in_play: Vec<PlaySwap>,
}

impl SetupPhase {
    /// Do the two sides' choices depend on each other: a `mirror` step, or a requirement that
    /// compares the sides? Then the arrays a side can reach cannot be counted side by side.
    pub fn sides_interact(&self) -> bool {
        self.steps.iter().any(|s| s.action == StepAction::Mirror)
            || self.constraints.iter().any(|c| c.kind.is_cross_side())
    }
}

/// Every distinct arrangement of the back-rank pieces (Chess960 when constrained to bishops on
/// opposite colours and the king between the rooks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shuffle {
    /// Black's arrangement mirrors White's (960 positions) instead of being drawn on its own.
    pub mirrored: bool,
}

/// Pieces in hand placed on empty squares, one per turn, the sides taking turns until both
/// hands are empty (Pre-Chess; Fairy-Stockfish's `placement`). A side must place while it
/// holds pieces. The "after each swap" requirements are checked after each placement, the
/// `opposite-colours` one without dead ends (see `game::placement`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The pieces each side starts with in hand, in the order written.
    pub hand: Vec<Role>,
    /// The side that places first, then the other.
    pub first: Color,
    /// Ranks (0 = the side's own back rank) where pieces may be placed.
    pub ranks: Vec<u8>,
    /// Ranks for particular kinds, overriding `ranks` (Sittuyin: rooks on the first rank).
    pub by_role: Vec<(Role, Vec<u8>)>,
}

impl Placement {
    /// The hand kind by kind, in the order first written.
    pub fn hand_counts(&self) -> Vec<(Role, usize)> {
        let mut out: Vec<(Role, usize)> = vec![];
        for &r in &self.hand {
            match out.iter_mut().find(|(k, _)| *k == r) {
                Some((_, n)) => *n += 1,
                None => out.push((r, 1)),
            }
        }
        out
    }

    /// The ranks (0 = own back rank) where `role` may be placed.
    pub fn ranks_of(&self, role: Role) -> &[u8] {
        self.by_role
            .iter()
            .find(|(r, _)| *r == role)
            .map_or(&self.ranks, |(_, rk)| rk)
    }
}
