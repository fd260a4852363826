//! The typed syntax tree of one rules file. Every node keeps the span it came from so that the
//! checker can point at it; nothing here is checked yet (letters may be undeclared, numbers out
//! of range).

use super::keywords::Kw;

/// A byte range in one of the files being compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// Index into the compiler's list of files.
    pub file: usize,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span from the start of `self` to the end of `other` (same file).
    pub fn to(self, other: Span) -> Span {
        Span {
            file: self.file,
            start: self.start,
            end: other.end.max(self.start),
        }
    }
}

/// A value with the span it was written at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

/// A quoted string, decoded, with a map from each decoded byte back into the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Str {
    /// The text between the quotes, escapes resolved.
    pub value: String,
    /// The whole string, quotes included.
    pub span: Span,
    /// `offsets[i]` is the file byte offset of decoded byte `i`; one extra entry for the end.
    pub offsets: Vec<usize>,
}

impl Str {
    /// The file span of the decoded byte range `start..end`.
    pub fn sub_span(&self, start: usize, end: usize) -> Span {
        let last = self.offsets.len().saturating_sub(1);
        let s = self
            .offsets
            .get(start.min(last))
            .copied()
            .unwrap_or(self.span.start);
        let e = self.offsets.get(end.min(last)).copied().unwrap_or(s).max(s);
        Span {
            file: self.span.file,
            start: s,
            end: e,
        }
    }
}

/// One top-level item.
#[derive(Clone, Debug)]
pub enum Item {
    /// `extends "chess"`
    Extends(Str),
    /// `name "..."`
    Name(Span, Str),
    /// `description "..." "..."` (continuation lines are joined)
    Description(Span, Vec<Str>),
    /// `source "..."`
    Source(Span, Vec<Str>),
    /// `board 8x8` (and `points`: the span of that word)
    Board(Span, Spanned<(u32, u32)>, Option<Span>),
    /// `piece ...`
    Piece(PieceDecl),
    /// `array "..."`
    Array(Span, Str),
    /// `castling { ... }` or `castling none` (`None`)
    Castling(Span, Option<CastlingBlock>),
    /// `end { ... }`
    End(Span, EndBlock),
    /// `setup { ... }` or `setup none` (`None`)
    Setup(Span, Option<SetupBlock>),
    /// `drops { ... }`
    Drops(Span, DropsBlock),
    /// `pgn-variant "King of the Hill"`
    PgnVariant(Span, Str),
    /// `notation hodges`: the keyword's span and the word.
    Notation(Span, Spanned<String>),
    /// `region palace d1-f3 drawn`
    Region(RegionItem),
    /// A line starting with an unknown word.
    Unknown(Spanned<String>),
}

/// `region <name> <squares, rectangles, ranks ...> [drawn]`: squares written for White.
#[derive(Clone, Debug)]
pub struct RegionItem {
    /// The whole line.
    pub span: Span,
    /// The region's name.
    pub name: Spanned<String>,
    /// Squares (`d1`) and rectangles (`d1-f3`), as written.
    pub squares: Vec<Spanned<String>>,
    /// `ranks 1 2 3`: whole ranks, 1 = White's back rank.
    pub ranks: Vec<Spanned<i64>>,
    /// `drawn`: the GUI draws it.
    pub drawn: bool,
}

/// A piece's clause about regions.
#[derive(Clone, Debug)]
pub enum PieceRegion {
    /// `confined to palace`: (clause span, region name).
    Confined(Span, Spanned<String>),
    /// `also "sW" in across`: (clause span, Betza text, region name).
    Also(Span, Str, Spanned<String>),
}

impl Item {
    /// The keyword naming this item (for "duplicate" messages) and its span.
    pub fn keyword(&self) -> Option<(&'static str, Span)> {
        let (kw, span) = match self {
            Item::Extends(s) => (Kw::Extends, s.span),
            Item::Name(k, _) => (Kw::Name, *k),
            Item::Description(k, _) => (Kw::Description, *k),
            Item::Source(k, _) => (Kw::Source, *k),
            Item::Board(k, _, _) => (Kw::Board, *k),
            Item::Array(k, _) => (Kw::Array, *k),
            Item::Castling(k, _) => (Kw::Castling, *k),
            Item::End(k, _) => (Kw::End, *k),
            Item::Setup(k, _) => (Kw::Setup, *k),
            Item::Drops(k, _) => (Kw::Drops, *k),
            Item::PgnVariant(k, _) => (Kw::PgnVariant, *k),
            Item::Notation(k, _) => (Kw::Notation, *k),
            Item::Piece(_) | Item::Region(_) | Item::Unknown(_) => return None,
        };
        Some((kw.word(), span))
    }
}

/// `piece King K moves "K" royal value 0`
#[derive(Clone, Debug)]
pub struct PieceDecl {
    /// The whole line.
    pub span: Span,
    /// Full name.
    pub name: Spanned<String>,
    /// FEN letter as written.
    pub letter: Spanned<char>,
    /// `moves "..."` (every occurrence, so duplicates can be reported).
    pub moves: Vec<Str>,
    /// `value N`
    pub value: Vec<Spanned<i64>>,
    /// `royal` keywords.
    pub royal: Vec<Span>,
    /// `pawn` keywords.
    pub pawn: Vec<Span>,
    /// `promote on rank N to ...`
    pub promote: Vec<PromoteDecl>,
    /// `image ...`
    pub image: Vec<ImageDecl>,
    /// `initial ranks 1 2`: (clause span, ranks).
    pub initial: Vec<(Span, Vec<Spanned<i64>>)>,
    /// `en-passant ranks 3`: (clause span, ranks).
    pub en_passant: Vec<(Span, Vec<Spanned<i64>>)>,
    /// `confined to <region>` and `also "<Betza>" in <region>` clauses.
    pub regions: Vec<PieceRegion>,
    /// `san H`: the letter SAN writes (every occurrence, so duplicates can be reported).
    pub san: Vec<Spanned<char>>,
    /// Unknown words.
    pub unknown: Vec<Spanned<String>>,
}

/// `image bishop+knight` or `image "archer.svg" "archer-black.svg"`
#[derive(Clone, Debug)]
pub struct ImageDecl {
    /// The whole clause.
    pub span: Span,
    /// What it names.
    pub what: ImageWhat,
}

/// What an `image` clause names.
#[derive(Clone, Debug)]
pub enum ImageWhat {
    /// Figures of the piece set joined by `+`, as written (`bishop+knight`).
    Figures(Spanned<String>),
    /// SVG files: White's, and optionally Black's.
    Files(Str, Option<Str>),
    /// A token of the shape named (`disc`, `pentagon`) with text on it: White's, and
    /// optionally Black's.
    Token(Spanned<String>, Str, Option<Str>),
}

/// `promote on rank 8 to Q R B N`
#[derive(Clone, Debug)]
pub struct PromoteDecl {
    /// The whole clause.
    pub span: Span,
    /// The rank number as written.
    pub rank: Spanned<i64>,
    /// The letters.
    pub to: Vec<Spanned<char>>,
    /// `white C R N black Q R B`: each side's own letters (then `to` is empty).
    pub sides: Vec<(Spanned<Side>, Vec<Spanned<char>>)>,
    /// `optional` keywords: promotion may be declined where the pawn keeps a move.
    pub optional: Vec<Span>,
    /// `captured` keywords: only to kinds the side has lost.
    pub captured: Vec<Span>,
    /// `leaving` keywords: a move that starts in the zone may promote too (Shogi).
    pub leaving: Vec<Span>,
}

/// `counting { board 64  pieces R R 8  pieces 64 }` (Makruk).
#[derive(Clone, Debug)]
pub struct CountingDecl {
    /// The whole block.
    pub span: Span,
    /// `board <moves>` entries.
    pub board: Vec<Spanned<i64>>,
    /// `pieces <letters> <moves>` entries: the whole entry, the letters, the moves.
    pub pieces: Vec<(Span, Vec<Spanned<char>>, Spanned<i64>)>,
}

/// `castling { ... }`
#[derive(Clone, Debug, Default)]
pub struct CastlingBlock {
    /// `rook R`
    pub rook: Vec<Spanned<char>>,
    /// `king-side king g rook f`: (keyword span, king file, rook file)
    pub king_side: Vec<(Span, Spanned<char>, Spanned<char>)>,
    /// `queen-side king c rook d`
    pub queen_side: Vec<(Span, Spanned<char>, Spanned<char>)>,
    /// `curtailed b g`
    pub curtailed: Vec<Vec<Spanned<char>>>,
    /// `safety strict` (`true`) or `safety chess960`
    pub strict: Vec<Spanned<bool>>,
    /// `only king e rook a h` entries.
    pub only: Vec<CastlingOnly>,
    /// `king K`: the piece that castles when no piece is royal.
    pub king: Vec<Spanned<char>>,
    /// Unknown words.
    pub unknown: Vec<Spanned<String>>,
}

/// `only king e rook a h`.
#[derive(Clone, Debug)]
pub struct CastlingOnly {
    /// The whole entry.
    pub span: Span,
    /// The king files.
    pub king: Vec<Spanned<char>>,
    /// The rook files.
    pub rook: Vec<Spanned<char>>,
}

/// `place white first ranks 1 R ranks 1`.
#[derive(Clone, Debug)]
pub struct PlaceDecl {
    /// The whole entry.
    pub span: Span,
    /// The side that places first.
    pub first: Side,
    /// Where pieces may be placed (1 = the side's own back rank).
    pub ranks: Vec<Spanned<i64>>,
    /// Ranks for particular kinds.
    pub by_kind: Vec<PlaceKind>,
}

/// `R ranks 1` in a `place` line: the kinds, then their ranks.
pub type PlaceKind = (Vec<Spanned<char>>, Vec<Spanned<i64>>);

/// A number or `off`.
#[derive(Clone, Debug)]
pub enum Limit {
    /// A number as written.
    Number(Spanned<i64>),
    /// `off`
    Off,
}

/// `end { ... }`
#[derive(Clone, Debug, Default)]
pub struct EndBlock {
    /// `stalemate draw` (`true`) / `stalemate loss`
    pub stalemate_draw: Vec<Spanned<bool>>,
    /// The spans of `stalemate win` entries (also in `stalemate_draw`, as `false`).
    pub stalemate_win: Vec<Span>,
    /// The spans of `stalemate fewer-pieces` entries (also in `stalemate_draw`, as `false`).
    pub stalemate_fewer: Vec<Span>,
    /// `extinction ...` and `bare-king loss` entries.
    pub extinction: Vec<ExtinctionDecl>,
    /// `captures obligatory` entries.
    pub captures: Vec<Span>,
    /// `checkmate win` (`true`) / `checkmate loss`.
    pub checkmate_win: Vec<Spanned<bool>>,
    /// `repetition 3` / `repetition off`
    pub repetition: Vec<(Span, Limit)>,
    /// `perpetual-check` after `repetition 4`: the side that checked throughout loses.
    pub perpetual_check: Vec<Span>,
    /// `winner black` after `repetition 4`: who wins a repetition (Minishogi).
    pub repetition_winner: Vec<Spanned<Side>>,
    /// `move-rule 50` / `move-rule off`
    pub move_rule: Vec<(Span, Limit)>,
    /// `insufficient-material [on|off]`
    pub insufficient: Vec<Spanned<bool>>,
    /// `counting { ... }`
    pub counting: Vec<CountingDecl>,
    /// `region [white|black] K d4 e4 ... [rank 8] [answer]`
    pub region: Vec<RegionDecl>,
    /// `checks 3`
    pub checks: Vec<Spanned<i64>>,
    /// `checking illegal`
    pub checking_illegal: Vec<Span>,
    /// `facing illegal`
    pub facing: Vec<Span>,
    /// Unknown words.
    pub unknown: Vec<Spanned<String>>,
}

/// `region [white|black] K d4 e4 d5 e5 [rank 8] [answer]` in `end { ... }`.
#[derive(Clone, Debug)]
pub struct RegionDecl {
    /// The whole entry.
    pub span: Span,
    /// The side it is for (`None`: both).
    pub side: Option<Spanned<Side>>,
    /// The piece kind that must reach it.
    pub letter: Spanned<char>,
    /// Squares as written.
    pub squares: Vec<Spanned<String>>,
    /// Whole ranks (`rank 8`), as written (1 = White's back rank).
    pub ranks: Vec<Spanned<i64>>,
    /// `answer`: Black may answer White's arrival by arriving too (a draw).
    pub answer: bool,
}

/// `extinction K Q R B N P`, `extinction all win`, `bare-king loss`.
#[derive(Clone, Debug)]
pub struct ExtinctionDecl {
    /// The whole entry.
    pub span: Span,
    /// The kinds named; empty for `all` and `bare-king`.
    pub kinds: Vec<Spanned<char>>,
    /// `bare-king loss` rather than `extinction`.
    pub bare_king: bool,
    /// `win`: the side left without them wins.
    pub win: bool,
    /// `left 2`: the side is extinct with at most this many left (Three Kings); none: 0.
    pub left: Option<Spanned<i64>>,
}

/// `white` or `black`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// `white`
    White,
    /// `black`
    Black,
}

/// What a step does.
#[derive(Clone, Debug)]
pub enum StepDecl {
    /// `swap K Q with N B optional ranks 1`
    Swap {
        /// Relocating letters.
        relocate: Vec<Spanned<char>>,
        /// Relocatee letters.
        with: Vec<Spanned<char>>,
        /// `optional` keywords.
        optional: Vec<Span>,
        /// `ranks ...` numbers.
        ranks: Vec<Spanned<i64>>,
    },
    /// `mirror`
    Mirror,
    /// `swap c1 f2 or f1 c2 optional`: named squares, from White's side.
    SwapSquares {
        /// The pairs of squares, as written (`c1`, `f2`).
        pairs: Vec<(Spanned<String>, Spanned<String>)>,
        /// `optional` keywords.
        optional: Vec<Span>,
    },
}

/// `step black swap ...`
#[derive(Clone, Debug)]
pub struct Step {
    /// The whole step.
    pub span: Span,
    /// The acting side.
    pub side: Side,
    /// Its action.
    pub action: StepDecl,
}

/// `require ...`
#[derive(Clone, Debug)]
pub enum RequireKind {
    /// `opposite-colours B`
    Opposite(Spanned<char>),
    /// `K between R`
    Between(Spanned<char>, Spanned<char>),
    /// `K not on b g`: the letter and the files.
    NotOn(Spanned<char>, Vec<Spanned<String>>),
    /// `white not mirroring black [unless unchanged]`: the two sides as written and whether
    /// `unless unchanged` was given.
    NotMirroring(Spanned<Side>, Spanned<Side>, bool),
}

/// When a requirement is checked, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// `at end`
    End,
    /// `after each swap`
    EachSwap,
}

/// `require opposite-colours B at end`
#[derive(Clone, Debug)]
pub struct Require {
    /// The whole clause.
    pub span: Span,
    /// What is required.
    pub kind: RequireKind,
    /// When; `None` if not written.
    pub when: Option<When>,
}

/// `at move 1 swap K Q R B N with K Q R B N`
#[derive(Clone, Debug)]
pub struct PlayDecl {
    /// The whole line.
    pub span: Span,
    /// The move number.
    pub move_number: Spanned<i64>,
    /// The swap (`Swap` or `SwapSquares`).
    pub action: StepDecl,
}

/// `setup { ... }`
#[derive(Clone, Debug, Default)]
pub struct SetupBlock {
    /// Swaps offered in the game proper (`at move 1 swap ...`).
    pub in_play: Vec<PlayDecl>,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The requirements.
    pub requires: Vec<Require>,
    /// `randomize` keywords.
    pub randomize: Vec<Span>,
    /// `shuffle [mirrored|independent]`: keyword span and mirrored flag.
    pub shuffle: Vec<Spanned<bool>>,
    /// `hand "KQRRBBNN"` entries (keyword span, letters).
    pub hand: Vec<(Span, Str)>,
    /// `place ...` entries.
    pub place: Vec<PlaceDecl>,
    /// Unknown words.
    pub unknown: Vec<Spanned<String>>,
}

/// A parsed file.
#[derive(Clone, Debug, Default)]
pub struct RulesFile {
    /// Its items, in order.
    pub items: Vec<Item>,
}

/// `drops { ... }`: drops in play.
#[derive(Clone, Debug, Default)]
pub struct DropsBlock {
    /// `hand "N"` entries (keyword span, letters).
    pub hand: Vec<(Span, Str)>,
    /// `captures to hand` entries.
    pub captures: Vec<Span>,
    /// `promoted demote|keep` entries: span and whether `keep`.
    pub promoted: Vec<Spanned<bool>>,
    /// `P ranks 2 3 4 5 6 7` lines: the kinds and their ranks.
    pub kinds: Vec<DropKind>,
    /// Unknown words.
    pub unknown: Vec<Spanned<String>>,
}

/// `P ranks 2 3 4 5 6 7` in `drops { ... }`: where the kinds listed may be dropped.
#[derive(Clone, Debug)]
pub struct DropKind {
    /// The whole line.
    pub span: Span,
    /// The kinds.
    pub letters: Vec<Spanned<char>>,
    /// The ranks, counted from the side's own first rank (empty if not given).
    pub ranks: Vec<Spanned<i64>>,
    /// `not doubled` (Shogi's pawns): never dropped on a file with one of the side's own.
    pub not_doubled: Vec<Span>,
    /// `drop-mate loss` (Shogi's pawns): a mate given by such a drop loses.
    pub mate_loss: Vec<Span>,
}
