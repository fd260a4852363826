//! The compiled description of a game: immutable, shared behind an `Arc`.
//!
//! The rules front end ([`crate::rules`]) checks a `.rules` file and fills in a [`VariantSpec`];
//! [`Variant::new`] then does the thinking once: it parses each piece's Betza string and builds
//! per-square tables ([`Tables`]) so that move generation only reads tables.

pub mod betza;
pub mod board_text;
mod drops;
mod end;
mod goals;
pub mod look;
mod magic;
mod notation;
mod origin;
mod promoted;
mod regions;
pub mod setup;
mod tables;

pub use drops::{drops_summary, DropLimits, Drops, PromotedCapture};
pub use end::{CountingRules, EndRules, Extinction};
pub use goals::{goals_summary, Goals, Region};
pub use notation::Notation;
pub use origin::Origin;
pub use promoted::demotes_unmarked;
pub use regions::{BoardDrawing, NamedRegion, RegionMoves, Regions};
pub use setup::{
    Constraint, ConstraintKind, ConstraintWhen, PlaySwap, SetupPhase, SetupStep, Shuffle,
    StepAction,
};
pub use tables::{gcd as betza_gcd, RayKind, Ride, Special, Tables};

pub use setup::Placement;

use std::sync::Arc;

use crate::types::{
    letter_is_upper, letter_lower, letter_text, letter_upper, Big, Bits, ByCastlingSide, ByColor,
    Color, Geometry, Piece, Role, Square, MAX_ROLES,
};
use betza::Atom;

/// Promotion rules of a pawn-like piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// How many ranks at the far end form the promotion zone (1 in chess).
    pub zone: u8,
    /// The roles it may promote to, in the order offered to the player (White's, and Black's
    /// too unless `black_choices` says otherwise).
    pub choices: Vec<Role>,
    /// Black's roles when they differ from White's (`to white C R N black Q R B`: the newer
    /// Fairy-Stockfish's Chigorin Chess); `None`: `choices` for both.
    pub black_choices: Option<Vec<Role>>,
    /// `optional`: a move into the zone may also leave the piece as it is, unless it would
    /// have no move from its new square (Fairy-Stockfish's `mandatoryPawnPromotion = false`
    /// with `immobilityIllegal`: Grand Chess promotes at will on its 8th and 9th ranks and
    /// must on the 10th).
    pub optional: bool,
    /// `captured`: only to a kind of which the side has fewer on the board than in the array,
    /// i.e. to a piece it has lost (Grand Chess; Fairy-Stockfish's `promotionLimit`).
    pub captured: bool,
    /// `leaving`: a move that starts in the zone may promote too, wherever it goes (Shogi: "a
    /// piece may promote on a move into, within or out of the zone"; Fairy-Stockfish's piece
    /// promotion). Without `optional`, such a move must promote (EuroShogi's
    /// `mandatoryPiecePromotion`).
    pub leaving: bool,
}

/// One piece kind of the game.
#[derive(Clone, Debug)]
pub struct RoleDef {
    /// Full name, e.g. `Knight`.
    pub name: String,
    /// FEN letter, upper case (White's); Black's is the lower case.
    pub letter: char,
    /// `san H`: the letter SAN writes for it instead of its FEN letter (Xiangqi's horse is
    /// `N` in a FEN, `H` in SAN, as Fairy-Stockfish writes it); `None`: the FEN letter.
    pub san: Option<char>,
    /// Value for the AI in centipawns, as declared; `None` lets the AI derive one.
    pub value: Option<i32>,
    /// Movement in Betza notation, as written.
    pub betza: String,
    /// The parsed movement.
    pub atoms: Vec<Atom>,
    /// Royal: may not be left in check; checkmating it wins.
    pub royal: bool,
    /// Pawn-like: its moves (and captures) reset the 50-move count, and it may promote.
    pub pawn: bool,
    /// Promotion rules, for pawn-like pieces that promote.
    pub promotion: Option<Promotion>,
    /// The picture the rules file names for it (`image ...`); `None`: the GUI derives one from
    /// its name and moves ([`look::look`]).
    pub image: Option<look::PieceImage>,
    /// `initial ranks 1 2`: the ranks (bit 0: the owner's first) where its `i` moves apply;
    /// `None`: the ranks it starts on in the array.
    pub initial_ranks: Option<u16>,
    /// `en-passant ranks 3`: its multi-steps give an en passant chance only when the square
    /// passed over is on one of these ranks (bit 0: the owner's first); `None`: any.
    pub ep_ranks: Option<u16>,
}

/// Where king and rook land when castling on one side: files from 0 (`a`), on the king's rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingLanding {
    /// The king's landing file.
    pub king: u8,
    /// The rook's landing file.
    pub rook: u8,
}

/// Chess960-style castling: where king and rook land, whatever their start squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CastlingRules {
    /// The role that castles with the king (the rook).
    pub rook: Role,
    /// Landing files of king and rook on each side.
    pub landing: ByCastlingSide<CastlingLanding>,
    /// Curtailed castling: a king whose game begins on one of these files has no castling rights.
    pub curtailed_files: Vec<u8>,
    /// The stricter reading of the Relocation Chess page: every square strictly between king
    /// and rook must also be unattacked (in addition to the Chess960 rule).
    pub strict_safety: bool,
    /// `only king e rook a h`: castling rights exist only for a king on one of these files
    /// (empty: any) with a rook on one of `only_rook_files` (empty: any). Pre-Chess: "castling
    /// is allowed only for a king placed on e1 with a rook placed on a1 or h1".
    pub only_king_files: Vec<u8>,
    /// See [`CastlingRules::only_king_files`].
    pub only_rook_files: Vec<u8>,
    /// `king K`: the piece that castles in a game without a royal piece (Extinction Chess's
    /// king is a commoner that still castles); `None`: the royal piece.
    pub king: Option<Role>,
}

impl Promotion {
    /// The roles side `c` may promote to, in the order offered.
    #[inline]
    pub fn choices_for(&self, c: Color) -> &[Role] {
        match (&self.black_choices, c) {
            (Some(black), Color::Black) => black,
            _ => &self.choices,
        }
    }
}

impl CastlingRules {
    /// Castling with `rook`, landing on the (king, rook) files given for each side; no curtailed
    /// files, the Chess960 safety rule. Set the other fields with struct update syntax.
    pub fn new(rook: Role, king_side: (u8, u8), queen_side: (u8, u8)) -> CastlingRules {
        let landing = |(king, rook)| CastlingLanding { king, rook };
        CastlingRules {
            rook,
            landing: ByCastlingSide {
                king_side: landing(king_side),
                queen_side: landing(queen_side),
            },
            curtailed_files: Vec::new(),
            strict_safety: false,
            only_king_files: Vec::new(),
            only_rook_files: Vec::new(),
            king: None,
        }
    }

    /// Landing files (king, rook) on the king side.
    pub fn king_side(&self) -> (u8, u8) {
        let l = self.landing.king_side;
        (l.king, l.rook)
    }

    /// Landing files (king, rook) on the queen side.
    pub fn queen_side(&self) -> (u8, u8) {
        let l = self.landing.queen_side;
        (l.king, l.rook)
    }
}

/// Everything the rules front end states about a game, before the tables are built.
#[derive(Clone, Debug)]
pub struct VariantSpec {
    /// Name of the game.
    pub name: String,
    /// Description text.
    pub description: String,
    /// Source and credits.
    pub source: String,
    /// The PGN `Variant` tag other programs (lichess, python-chess) give this game, when the
    /// rules file names one (`pgn-variant "King of the Hill"`).
    pub pgn_variant: Option<String>,
    /// Where it was read from (a file or a bundled name).
    pub origin: Origin,
    /// How moves are written (`notation hodges`: Shogi's `P-76`); chess SAN by default.
    pub notation: Notation,
    /// Board size.
    pub geometry: Geometry,
    /// Piece kinds, in declaration order; [`Role`] indexes this.
    pub roles: Vec<RoleDef>,
    /// The starting array: one entry per square, rank 1 first.
    pub array: Vec<Option<Piece>>,
    /// Castling, if the game has it.
    pub castling: Option<CastlingRules>,
    /// End-of-game rules.
    pub end: EndRules,
    /// The pre-game setup phase, if any.
    pub setup: Option<SetupPhase>,
    /// Drops in play (`drops { ... }`), if the game has them.
    pub drops: Option<Drops>,
    /// Regions and what they rule (confinement, moves in a region, facing royals).
    pub regions: Regions,
}

/// A compiled game description. Create with [`Variant::new`]; share with `Arc`.
#[derive(Debug)]
pub struct Variant {
    /// The description as stated.
    pub spec: VariantSpec,
    /// The king: the royal role, or in a game without one (`royal_free`) the piece that
    /// castles (`castling { king K }`), else the first kind; its square is tracked.
    pub royal: Role,
    /// May a side be without a royal piece (no kind is royal, or the array gives a side none,
    /// as Horde's White)? Such a side's moves are legal without any check test.
    pub royal_free: bool,
    /// For each colour and role, the ranks (from the owner's side, 0 = back rank) on which that
    /// role starts in the array; the `i` (initial) Betza modifier refers to these.
    pub initial_ranks: ByColor<[u16; MAX_ROLES]>,
    /// Is any atom an en passant capture?
    pub has_en_passant: bool,
    /// Does the setup block offer swaps at a move of the game proper (`at move N swap ...`)?
    /// Looked up by move generation at every node, so computed once.
    pub has_play_swaps: bool,
    /// Can a rule of the rules file end the game at a position, other than mate and
    /// stalemate ([`crate::position::Position::rule_end`])? Looked up at every node.
    pub has_rule_ends: bool,
    /// Does the `end` block have a `counting` rule (Makruk)? Looked up on every move.
    pub has_counting: bool,
    /// Do hoppers, confined pieces, moves in a region or `facing illegal` shape the moves?
    /// Then the general generator runs (each move played and tested), not the fast one built
    /// on pins and check masks. Looked up at every node.
    pub slow_moves: bool,
    /// For `captured` promotion: how many pieces of each kind each side has in the array (and
    /// in hand); a pawn promotes to a kind only while the side has fewer on the board.
    pub promotion_limit: ByColor<[u8; MAX_ROLES]>,
    /// Does the game have drops in play (`drops { ... }`)? Looked up at every node.
    pub has_drops: bool,
    /// With drops: does the position track promoted pieces (captures to hand, demoted)?
    pub tracks_promoted: bool,
    /// For each role, the kind a captured promoted piece of it returns to hand as; a promoted
    /// kind (`+P`) always returns as the kind whose letter follows the `+`.
    pub demoted: [Role; MAX_ROLES],
    tables64: Option<Tables<u64>>,
    tables_big: Option<Tables<Big>>,
}

/// Why a [`VariantSpec`] cannot be compiled. The rules front end reports these problems with
/// file positions before it gets here; this is the last line of defence for hand-made specs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The board is smaller or larger than the move tables allow.
    #[error("board {files}x{ranks} is outside 4x4..12x12")]
    BoardSize {
        /// Files, as given.
        files: u8,
        /// Ranks, as given.
        ranks: u8,
    },
    /// No piece kinds, or more than [`MAX_ROLES`].
    #[error("a game needs 1 to {MAX_ROLES} piece kinds")]
    RoleCount,
    /// More than one royal kind, or none without an extinction rule.
    #[error("exactly one piece kind must be royal, unless an extinction rule ends the game")]
    RoyalKinds,
    /// The array is not one entry per square.
    #[error("the array does not cover the board")]
    ArraySize,
    /// The array holds a role that is not declared.
    #[error("array names an undeclared role")]
    UndeclaredArrayRole,
    /// A side does not have exactly one royal piece in the array.
    #[error("{} must have exactly one royal piece in the array", .0.name())]
    RoyalCount(Color),
    /// A promotion choice is not a declared role.
    #[error("promotion to an undeclared role")]
    UndeclaredPromotion,
}

impl Variant {
    /// Compiles a spec: checks it and builds the move tables.
    pub fn new(spec: VariantSpec) -> Result<Variant, SpecError> {
        let g = spec.geometry;
        if Geometry::new(g.files, g.ranks).is_none() {
            return Err(SpecError::BoardSize {
                files: g.files,
                ranks: g.ranks,
            });
        }
        if spec.roles.is_empty() || spec.roles.len() > MAX_ROLES {
            return Err(SpecError::RoleCount);
        }
        let royals: Vec<usize> = (0..spec.roles.len())
            .filter(|&i| spec.roles[i].royal)
            .collect();
        // Without a royal piece only an extinction rule can end the game (Antichess).
        let may_lack_royal = spec.end.extinction.is_some();
        if royals.len() > 1 || (royals.is_empty() && !may_lack_royal) {
            return Err(SpecError::RoyalKinds);
        }
        if spec.array.len() != g.len() {
            return Err(SpecError::ArraySize);
        }
        let royal = match royals.first() {
            Some(&r) => Role(r as u8),
            None => spec
                .castling
                .as_ref()
                .and_then(|c| c.king)
                .unwrap_or(Role(0)),
        };
        let mut royal_free = royals.is_empty();
        let mut initial_ranks = ByColor::<[u16; MAX_ROLES]>::default();
        let mut promotion_limit = ByColor::<[u8; MAX_ROLES]>::default();
        for sq in g.squares() {
            if let Some(p) = spec.array[sq.index()] {
                if p.role.index() >= spec.roles.len() {
                    return Err(SpecError::UndeclaredArrayRole);
                }
                promotion_limit[p.color][p.role.index()] += 1;
                let r = g.rank(sq);
                let rel = if p.color.is_white() {
                    r
                } else {
                    g.ranks - 1 - r
                };
                initial_ranks[p.color][p.role.index()] |= 1 << rel;
            }
        }
        for (i, r) in spec.roles.iter().enumerate() {
            if let Some(ranks) = r.initial_ranks {
                initial_ranks[Color::White][i] = ranks;
                initial_ranks[Color::Black][i] = ranks;
            }
        }
        for c in Color::ALL {
            let n = g
                .squares()
                .filter(|&s| {
                    spec.array[s.index()]
                        == Some(Piece {
                            color: c,
                            role: royal,
                        })
                })
                .count();
            // A royal piece may start in hand (Pre-Chess: the kings are placed too).
            let in_hand = spec
                .setup
                .as_ref()
                .and_then(|s| s.placement.as_ref())
                .map_or(0, |p| p.hand.iter().filter(|&&r| r == royal).count());
            if n + in_hand == 0 && may_lack_royal {
                royal_free = true; // Horde: White has no king
            } else if n + in_hand != 1 && !royals.is_empty() {
                return Err(SpecError::RoyalCount(c));
            }
        }
        for r in &spec.roles {
            if let Some(p) = &r.promotion {
                let all = p.choices.iter().chain(p.black_choices.iter().flatten());
                if all.clone().any(|c| c.index() >= spec.roles.len()) {
                    return Err(SpecError::UndeclaredPromotion);
                }
            }
        }
        for (c, &r) in Color::ALL
            .iter()
            .flat_map(|&c| v_hand(&spec).iter().map(move |r| (c, r)))
        {
            promotion_limit[c][r.index()] += 1;
        }
        let has_play_swaps = spec.setup.as_ref().is_some_and(|s| !s.in_play.is_empty());
        let has_counting = spec.end.counting.is_some();
        let has_en_passant = spec
            .roles
            .iter()
            .any(|r| r.atoms.iter().any(|a| a.en_passant));
        let has_rule_ends = spec.end.goals.any() || spec.end.extinction.is_some();
        let slow_moves =
            spec.regions.rules_moves() || spec.roles.iter().any(|r| r.atoms.iter().any(|a| a.hop));
        let mut v = Variant {
            slow_moves,
            spec,
            royal,
            initial_ranks,
            has_en_passant,
            has_play_swaps,
            has_rule_ends,
            has_counting,
            promotion_limit,
            has_drops: false,
            tracks_promoted: false,
            demoted: [Role(0); MAX_ROLES],
            royal_free,
            tables64: None,
            tables_big: None,
        };
        v.has_drops = v.spec.drops.is_some();
        v.tracks_promoted = v.drops().is_some_and(|d| d.tracks_promoted());
        v.demoted = drops::demotions(&v);
        promoted::apply(&mut v);
        if g.len() <= 64 {
            v.tables64 = Some(Tables::build(&v));
        } else {
            v.tables_big = Some(Tables::build(&v));
        }
        Ok(v)
    }

    /// Board geometry.
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.spec.geometry
    }

    /// Name of the game.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// Where the rules were read from.
    pub fn origin(&self) -> &Origin {
        &self.spec.origin
    }

    /// The description text of the rules file (may be empty).
    pub fn description(&self) -> &str {
        &self.spec.description
    }

    /// The source and credits of the rules file (may be empty).
    pub fn source(&self) -> &str {
        &self.spec.source
    }

    /// The PGN `Variant` tag other programs give this game (`King of the Hill`), if the rules
    /// file names one: written on export, accepted on import.
    pub fn pgn_variant(&self) -> Option<&str> {
        self.spec.pgn_variant.as_deref()
    }

    /// The starting array: one entry per square, rank 1 first.
    pub fn array(&self) -> &[Option<Piece>] {
        &self.spec.array
    }

    /// How the game ends.
    pub fn end(&self) -> &EndRules {
        &self.spec.end
    }

    /// The pre-game setup phase, if the game has one.
    pub fn setup(&self) -> Option<&SetupPhase> {
        self.spec.setup.as_ref()
    }

    /// Step `i` of the setup phase, if there is one.
    pub fn setup_step(&self, i: usize) -> Option<&SetupStep> {
        self.setup().and_then(|s| s.steps.get(i))
    }

    /// Is each game's array drawn at random (a `randomize`d setup phase such as Chess484's,
    /// or a `shuffle` such as Chess960's) rather than chosen by the players' setup steps?
    pub fn is_random_setup(&self) -> bool {
        self.setup()
            .is_some_and(|s| s.randomized || s.shuffle.is_some())
    }

    /// The pieces each side starts with in hand (empty for games without hands).
    pub fn hand(&self) -> &[Role] {
        v_hand(&self.spec)
    }

    /// Does the game have hands (its FEN then carries them, `[]` once empty)?
    pub fn has_hands(&self) -> bool {
        !self.hand().is_empty() || self.has_drops
    }

    /// Drops in play (`drops { ... }`), if the game has them.
    pub fn drops(&self) -> Option<&Drops> {
        self.spec.drops.as_ref()
    }

    /// The placement part of the setup phase (Pre-Chess), if any.
    pub fn placement(&self) -> Option<&Placement> {
        self.setup().and_then(|s| s.placement.as_ref())
    }

    /// Does the setup phase shuffle the back rank (Chess960) instead of having steps?
    pub fn is_shuffle(&self) -> bool {
        self.setup().is_some_and(|s| s.shuffle.is_some())
    }

    /// Every piece kind's declaration, in declaration order ([`Role`] indexes it).
    pub fn role_defs(&self) -> &[RoleDef] {
        &self.spec.roles
    }

    /// Number of roles.
    #[inline]
    pub fn role_count(&self) -> usize {
        self.spec.roles.len()
    }

    /// Declaration of a role.
    #[inline]
    pub fn role(&self, r: Role) -> &RoleDef {
        &self.spec.roles[r.index()]
    }

    /// Every role.
    pub fn roles(&self) -> impl Iterator<Item = Role> {
        (0..self.spec.roles.len() as u8).map(Role)
    }

    /// The role with FEN letter `c` (either case) and the colour the case gives; `c` may be a
    /// promoted letter ([`crate::types::promoted_letter`], written `+P`).
    pub fn piece_from_char(&self, c: char) -> Option<Piece> {
        let up = letter_upper(c);
        let i = self.spec.roles.iter().position(|r| r.letter == up)?;
        Some(Piece {
            color: Color::from_white(letter_is_upper(c)),
            role: Role(i as u8),
        })
    }

    /// FEN letter of a piece (upper case for White); a promoted kind's is one `char` that
    /// [`crate::types::letter_text`] writes as `+P`.
    pub fn piece_char(&self, p: Piece) -> char {
        let c = self.role(p.role).letter;
        if p.color.is_white() {
            c
        } else {
            letter_lower(c)
        }
    }

    /// A piece as a FEN writes it: `P`, `p`, or `+P` for a promoted kind.
    pub fn piece_text(&self, p: Piece) -> String {
        letter_text(self.piece_char(p))
    }

    /// The castling role, if the game castles.
    pub fn castling(&self) -> Option<&CastlingRules> {
        self.spec.castling.as_ref()
    }

    /// Does a board of this size use 64-bit sets?
    pub fn is_small(&self) -> bool {
        self.tables64.is_some()
    }

    /// The tables for the bit-set width `B`.
    ///
    /// # Panics
    /// If the board does not fit `B` (callers pick `B` from [`Variant::is_small`]).
    #[inline]
    pub fn tables<B: TablesFor>(&self) -> &Tables<B> {
        B::tables(self).expect("bit-set width does not match the board size")
    }
}

// The setup walks ([`setup::StartArrays`], ...) take anything that holds a spec: the spec
// itself (in the rules checker, before the tables exist) or a compiled variant, shared or not.
impl AsRef<VariantSpec> for VariantSpec {
    fn as_ref(&self) -> &VariantSpec {
        self
    }
}

impl AsRef<VariantSpec> for Variant {
    fn as_ref(&self) -> &VariantSpec {
        &self.spec
    }
}

impl AsRef<VariantSpec> for Arc<Variant> {
    fn as_ref(&self) -> &VariantSpec {
        &self.spec
    }
}

/// Bit-set widths for which a [`Variant`] holds tables.
pub trait TablesFor: Bits {
    /// The variant's tables at this width, if the board uses it.
    fn tables(v: &Variant) -> Option<&Tables<Self>>;
}

impl TablesFor for u64 {
    #[inline]
    fn tables(v: &Variant) -> Option<&Tables<u64>> {
        v.tables64.as_ref()
    }
}

impl TablesFor for Big {
    #[inline]
    fn tables(v: &Variant) -> Option<&Tables<Big>> {
        v.tables_big.as_ref()
    }
}

/// The pieces each side starts with in hand, from a spec (empty for games without hands).
fn v_hand(spec: &VariantSpec) -> &[Role] {
    match spec.setup.as_ref().and_then(|s| s.placement.as_ref()) {
        Some(p) => &p.hand,
        None => spec.drops.as_ref().map_or(&[], |d| &d.hand),
    }
}

/// Looks a square up in an array, for convenience.
pub fn array_piece(array: &[Option<Piece>], sq: Square) -> Option<Piece> {
    array.get(sq.index()).copied().flatten()
}
