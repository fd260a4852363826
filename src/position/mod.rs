//! Positions: the board state, FEN, making moves, and (in [`movegen`]) legal move generation.
//!
//! [`Position`] is plain data, generic over the bit-set width (`u64` for boards of up to 64
//! squares, [`Big`] above). It holds no reference to its [`Variant`]: every operation takes the
//! variant, so that copying a position (copy-make) is a plain memory copy.
//! [`AnyPosition`] picks the width from the board size for code that does not care.

mod counting;
mod drop_limits;
mod drops;
mod en_passant;
mod extinction;
mod fen;
mod goals;
mod hand;
pub mod movegen;
mod notation;
mod notation_shogi;
pub(crate) mod perft;
mod reach;
mod regions;
mod rule_end;
mod swaps;
pub mod zobrist;

pub use counting::Count;
pub use drop_limits::drop_mate_loses;
pub use fen::FenError;
pub use notation::{drop_text, MoveError};
pub use perft::{perft, perft_divide, perft_until};
pub use reach::{reach, Reach};
pub use rule_end::{EndRule, RuleEnd};

use std::sync::atomic::AtomicBool;

use crate::types::{
    Big, Bits, ByCastlingSide, ByColor, CastlingSide, Color, Move, MoveKind, MoveList, Piece, Role,
    Square, MAX_ROLES,
};
use crate::variant::{TablesFor, Variant};

/// An en passant opportunity: the square a capturing pawn moves to, and the pawn it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The square passed over (where the capturer lands).
    pub target: Square,
    /// The square of the pawn that may be captured.
    pub victim: Square,
}

/// Castling rights: for each colour and side, the square of the rook that may castle.
pub type CastlingRights = ByColor<ByCastlingSide<Option<Square>>>;

/// A position of a game: pieces, side to move, castling rights, en passant, move counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position<B: Bits> {
    by_color: ByColor<B>,
    by_role: [B; MAX_ROLES],
    board: B::Mailbox,
    turn: Color,
    castling: CastlingRights,
    ep: Option<EnPassant>,
    halfmove: u16,
    fullmove: u32,
    kings: ByColor<Square>,
    hash: u64,
    /// Pieces in hand, counted by role (all zero in games without hands).
    hand: ByColor<[u8; MAX_ROLES]>,
    /// Makruk's count (zero in games without `counting`).
    count: Count,
    /// Checks given by each side, in games that count them (`checks N`; else zero).
    checks_given: ByColor<u8>,
    /// Pieces that promoted, in games whose captures return them demoted (else empty).
    promoted: B,
}

impl<B: TablesFor> Position<B> {
    /// An empty board (no pieces), White to move. Only useful as a base for building.
    fn empty() -> Self {
        Position {
            by_color: ByColor::default(),
            by_role: [B::EMPTY; MAX_ROLES],
            board: B::EMPTY_MAILBOX,
            turn: Color::White,
            castling: CastlingRights::default(),
            ep: None,
            halfmove: 0,
            fullmove: 1,
            kings: ByColor::default(),
            hash: 0,
            hand: ByColor::default(),
            count: Count::default(),
            checks_given: ByColor::default(),
            promoted: B::EMPTY,
        }
    }

    /// The starting array of the variant, White to move, castling rights as the array gives
    /// (see [`Position::reset_castling`]).
    pub fn start(v: &Variant) -> Self {
        Self::from_array(v, v.array())
    }

    /// A position with the given array, White to move, castling rights derived from it.
    pub fn from_array(v: &Variant, array: &[Option<Piece>]) -> Self {
        let mut p = Self::empty();
        for (sq, pc) in v.geometry().squares().zip(array) {
            if let Some(pc) = *pc {
                p.put(sq, pc);
                if pc.role == v.royal {
                    p.kings[pc.color] = sq;
                }
            }
        }
        // a king kind that is not royal: the square a FEN read would track (found by the
        // `pgn_import` fuzz target: Clobber's start and its FEN compared unequal)
        p.retrack_kings(v);
        p.reset_castling(v);
        p
    }

    /// Sets castling rights from the array: for each side of each king on its back rank, the
    /// outermost castling rook on that side, unless curtailed castling forfeits them
    /// ("if the king is positioned on the g or b file, the castling right is forfeited").
    pub fn reset_castling(&mut self, v: &Variant) {
        for c in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(r) = self.castling[c][side] {
                    self.hash ^= zobrist::castle(c, r);
                }
                self.castling[c][side] = None;
            }
        }
        let Some(rules) = v.castling() else { return };
        let g = v.geometry();
        for c in Color::ALL {
            let k = self.kings[c];
            let back = if c.is_white() { 0 } else { g.ranks - 1 };
            let only_king = &rules.only_king_files;
            if g.rank(k) != back
                || rules.curtailed_files.contains(&g.file(k))
                || (!only_king.is_empty() && !only_king.contains(&g.file(k)))
                || self.piece_at(k)
                    != Some(Piece {
                        color: c,
                        role: v.royal,
                    })
            {
                continue;
            }
            let kf = g.file(k);
            let only_rook = &rules.only_rook_files;
            let rooks: Vec<u8> = (0..g.files)
                .filter(|&f| only_rook.is_empty() || only_rook.contains(&f))
                .filter(|&f| {
                    self.piece_at(g.square(f, back))
                        == Some(Piece {
                            color: c,
                            role: rules.rook,
                        })
                })
                .collect();
            let ks = rooks.iter().copied().filter(|&f| f > kf).max();
            let qs = rooks.iter().copied().filter(|&f| f < kf).min();
            if let Some(f) = ks {
                self.set_castling(c, CastlingSide::KingSide, Some(g.square(f, back)));
            }
            if let Some(f) = qs {
                self.set_castling(c, CastlingSide::QueenSide, Some(g.square(f, back)));
            }
        }
    }

    fn set_castling(&mut self, c: Color, side: CastlingSide, rook: Option<Square>) {
        if let Some(r) = self.castling[c][side] {
            self.hash ^= zobrist::castle(c, r);
        }
        self.castling[c][side] = rook;
        if let Some(r) = rook {
            self.hash ^= zobrist::castle(c, r);
        }
    }

    #[inline(always)]
    fn put(&mut self, sq: Square, p: Piece) {
        let bit = B::single(sq);
        self.by_color[p.color] |= bit;
        self.by_role[p.role.index()] |= bit;
        self.board.as_mut()[sq.index()] = p.pack();
        self.hash ^= zobrist::piece(p, sq);
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square, p: Piece) {
        let bit = B::single(sq);
        self.by_color[p.color] ^= bit;
        self.by_role[p.role.index()] ^= bit;
        self.board.as_mut()[sq.index()] = 0;
        self.hash ^= zobrist::piece(p, sq);
    }

    /// The piece on a square.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::unpack(self.board.as_ref()[sq.index()])
    }

    /// Side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Sets the side to move (the setup phase has its own turn order).
    pub fn set_turn(&mut self, c: Color) {
        if c != self.turn {
            self.turn = c;
            self.hash ^= zobrist::SIDE_KEY;
        }
    }

    /// Castling rights.
    pub fn castling_rights(&self) -> &CastlingRights {
        &self.castling
    }

    /// The en passant opportunity, if a capture onto it is possible (pseudo-legally).
    pub fn ep(&self) -> Option<EnPassant> {
        self.ep
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// Move number, from 1, incremented after Black moves.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Zobrist hash of pieces, side to move, castling rights and en passant.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The square of a side's royal piece.
    #[inline]
    pub fn king(&self, c: Color) -> Square {
        self.kings[c]
    }

    /// Squares occupied by a colour.
    #[inline(always)]
    pub fn by_color(&self, c: Color) -> B {
        self.by_color[c]
    }

    /// Squares occupied by a role (both colours).
    #[inline(always)]
    pub fn by_role(&self, r: Role) -> B {
        self.by_role[r.index()]
    }

    /// Squares occupied by a piece.
    #[inline(always)]
    pub fn pieces(&self, p: Piece) -> B {
        self.by_color[p.color] & self.by_role[p.role.index()]
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.by_color[Color::White] | self.by_color[Color::Black]
    }

    /// Every piece with its square.
    pub fn pieces_on_board(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().iter().map(move |sq| {
            let p = self.piece_at(sq);
            (sq, p.expect("an occupied square holds a piece"))
        })
    }

    /// The hash computed from scratch (the incremental one must always equal it).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, p) in self.pieces_on_board() {
            h ^= zobrist::piece(p, sq);
        }
        for c in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(r) = self.castling[c][side] {
                    h ^= zobrist::castle(c, r);
                }
            }
        }
        if let Some(ep) = self.ep {
            h ^= zobrist::ep(ep.target);
        }
        if self.turn == Color::Black {
            h ^= zobrist::SIDE_KEY;
        }
        h ^ self.hand_hash() ^ self.checks_hash()
    }

    /// Is the side to move in check?
    pub fn is_check(&self, v: &Variant) -> bool {
        if !self.has_royal(v, self.turn) {
            return false;
        }
        let t = v.tables::<B>();
        self.attackers_to(t, self.kings[self.turn], !self.turn, self.occupied())
            .any()
    }

    /// Is `sq` attacked by `by` with the current occupancy?
    pub fn is_attacked(&self, v: &Variant, sq: Square, by: Color) -> bool {
        let t = v.tables::<B>();
        self.attackers_to(t, sq, by, self.occupied()).any()
    }

    /// The legal moves of the game proper (no setup moves).
    pub fn legal_moves(&self, v: &Variant) -> MoveList {
        let mut list = MoveList::new();
        self.gen_legal(v.tables::<B>(), v, &mut list);
        list
    }

    /// Plays a legal move (or a setup swap/pass). Setup moves change neither the side to move
    /// nor the counters: the game's phase machine sets the turn.
    pub fn play(&mut self, v: &Variant, m: Move) {
        let t = v.tables::<B>();
        let us = self.turn;
        let them = !us;
        let (from, to) = (m.from, m.to);
        let before = if v.has_counting {
            self.occupied().count()
        } else {
            0
        };
        let prev_ep = self.ep.take();
        if let Some(ep) = prev_ep {
            self.hash ^= zobrist::ep(ep.target);
        }
        match m.kind {
            MoveKind::Normal | MoveKind::Promotion => {
                let Some(p) = self.piece_at(m.from) else {
                    return;
                };
                let captured = self.piece_at(m.to);
                if let Some(c) = captured {
                    self.remove(to, c);
                    self.drop_rook_right(them, m.to);
                    if v.has_drops {
                        self.capture_to_hand(v, to, c);
                    }
                }
                self.remove(from, p);
                let np = if m.kind == MoveKind::Promotion {
                    Piece {
                        color: us,
                        role: m.promotion,
                    }
                } else {
                    p
                };
                self.put(to, np);
                if v.tracks_promoted {
                    self.track_promoted(from, to, m.kind == MoveKind::Promotion);
                }
                let pawn = v.role(p.role).pawn;
                if captured.is_some() || pawn {
                    self.halfmove = 0;
                } else {
                    self.halfmove = self.halfmove.saturating_add(1);
                }
                if p.role == v.royal && m.from == self.kings[us] {
                    self.kings[us] = m.to;
                    self.set_castling(us, CastlingSide::KingSide, None);
                    self.set_castling(us, CastlingSide::QueenSide, None);
                } else {
                    self.drop_rook_right(us, m.from);
                }
                if pawn && captured.is_none() && v.has_en_passant {
                    self.maybe_set_ep(v, t, p.role, m.from, m.to);
                }
            }
            MoveKind::EnPassant => {
                let Some(p) = self.piece_at(m.from) else {
                    return;
                };
                if let Some(ep) = prev_ep {
                    if let Some(victim) = self.piece_at(ep.victim) {
                        self.remove(ep.victim, victim);
                        if v.has_drops {
                            self.capture_to_hand(v, ep.victim, victim);
                        }
                    }
                }
                self.remove(from, p);
                self.put(to, p);
                self.halfmove = 0;
            }
            MoveKind::Castle => {
                let (Some(king), Some(rook)) = (self.piece_at(m.from), self.piece_at(m.to)) else {
                    return;
                };
                let (kt, rt) = self.castle_targets(v, m.from, m.to);
                self.remove(from, king);
                self.remove(to, rook);
                self.put(kt, king);
                self.put(rt, rook);
                self.kings[us] = kt;
                self.set_castling(us, CastlingSide::KingSide, None);
                self.set_castling(us, CastlingSide::QueenSide, None);
                self.halfmove = self.halfmove.saturating_add(1);
            }
            MoveKind::Drop => self.play_drop(v, m),
            MoveKind::Swap => {
                let Some((a, b)) = self.swap_pieces(from, to) else {
                    return;
                };
                for (sq, p) in [(m.to, a), (m.from, b)] {
                    if p.role == v.royal {
                        self.kings[p.color] = sq;
                    }
                }
                return;
            }
            MoveKind::Exchange => {
                let Some((a, b)) = self.swap_pieces(from, to) else {
                    return;
                };
                // A king or rook that leaves its square loses its castling rights, as if it
                // had moved.
                for (sq, p) in [(m.to, a), (m.from, b)] {
                    if p.role == v.royal {
                        self.kings[us] = sq;
                        self.set_castling(us, CastlingSide::KingSide, None);
                        self.set_castling(us, CastlingSide::QueenSide, None);
                    }
                }
                self.drop_rook_right(us, m.from);
                self.drop_rook_right(us, m.to);
                self.halfmove = self.halfmove.saturating_add(1);
            }
            MoveKind::Pass => return,
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.turn = them;
        self.hash ^= zobrist::SIDE_KEY;
        if v.has_counting {
            self.count_move(v, self.occupied().count() < before);
        }
        self.count_check(v);
        self.retrack_kings(v);
    }

    /// A rook leaves or is taken on `sq`; or a king that is not royal is taken (Extinction).
    fn drop_rook_right(&mut self, c: Color, sq: Square) {
        for side in CastlingSide::ALL {
            if self.castling[c][side] == Some(sq) || sq == self.kings[c] {
                self.set_castling(c, side, None);
            }
        }
    }
}

/// A position of either bit-set width, chosen by the board size.
///
/// The variants differ in size (the wide one is about twice as large); boxing the wide one
/// would cost an allocation per copy, and positions are copied on every move, so both stay
/// inline.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    /// Boards of up to 64 squares.
    Small(Position<u64>),
    /// Larger boards.
    Big(Position<Big>),
}

/// Calls `$body` with `$p` bound to the inner position of an [`AnyPosition`].
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::position::AnyPosition::Small($p) => $body,
            $crate::position::AnyPosition::Big($p) => $body,
        }
    };
}

impl AnyPosition {
    /// The variant's starting array, White to move.
    pub fn start(v: &Variant) -> AnyPosition {
        let mut p = if v.is_small() {
            AnyPosition::Small(Position::start(v))
        } else {
            AnyPosition::Big(Position::start(v))
        };
        with_position!(&mut p, q => q.fill_hands(v));
        p
    }

    /// A position with the given array, White to move, castling rights from the array.
    /// Drops in play: with the pieces each side starts with in hand (Pocket Knight).
    pub fn from_array(v: &Variant, array: &[Option<Piece>]) -> AnyPosition {
        let mut p = if v.is_small() {
            AnyPosition::Small(Position::from_array(v, array))
        } else {
            AnyPosition::Big(Position::from_array(v, array))
        };
        if v.has_drops {
            with_position!(&mut p, q => q.fill_hands(v));
        }
        p
    }

    /// Parses a FEN (Shredder or X-FEN castling).
    pub fn from_fen(v: &Variant, fen: &str) -> Result<AnyPosition, FenError> {
        Ok(if v.is_small() {
            AnyPosition::Small(Position::from_fen(v, fen)?)
        } else {
            AnyPosition::Big(Position::from_fen(v, fen)?)
        })
    }

    /// FEN with castling as X-FEN `KQkq` where that is unambiguous and standard, else Shredder.
    pub fn fen(&self, v: &Variant) -> String {
        with_position!(self, p => p.fen(v, false))
    }

    /// Are castling rights standard (corner rooks, kings on their array files)?
    pub fn castling_is_standard(&self, v: &Variant) -> bool {
        with_position!(self, p => p.castling_is_standard(v))
    }

    /// FEN with Shredder castling letters (`HAha`).
    pub fn fen_shredder(&self, v: &Variant) -> String {
        with_position!(self, p => p.fen(v, true))
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        with_position!(self, p => p.piece_at(sq))
    }

    /// Is the game over here by a rule of the rules file (see [`Position::rule_end`])?
    pub fn rule_end(&self, v: &Variant) -> Option<RuleEnd> {
        with_position!(self, p => p.rule_end(v))
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        with_position!(self, p => p.turn())
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, c: Color) {
        with_position!(self, p => p.set_turn(c))
    }

    /// Re-derives castling rights from the array (end of a setup phase).
    pub fn reset_castling(&mut self, v: &Variant) {
        with_position!(self, p => p.reset_castling(v))
    }

    /// Castling rights.
    pub fn castling_rights(&self) -> CastlingRights {
        with_position!(self, p => *p.castling_rights())
    }

    /// En passant opportunity.
    pub fn ep(&self) -> Option<EnPassant> {
        with_position!(self, p => p.ep())
    }

    /// Plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u16 {
        with_position!(self, p => p.halfmove_clock())
    }

    /// Move number.
    pub fn fullmove_number(&self) -> u32 {
        with_position!(self, p => p.fullmove_number())
    }

    /// Zobrist hash.
    pub fn hash(&self) -> u64 {
        with_position!(self, p => p.hash())
    }

    /// Hash from scratch.
    pub fn compute_hash(&self) -> u64 {
        with_position!(self, p => p.compute_hash())
    }

    /// Royal piece square of a side.
    pub fn king(&self, c: Color) -> Square {
        with_position!(self, p => p.king(c))
    }

    /// Is the side to move in check?
    pub fn is_check(&self, v: &Variant) -> bool {
        with_position!(self, p => p.is_check(v))
    }

    /// Is `sq` attacked by `by`?
    pub fn is_attacked(&self, v: &Variant, sq: Square, by: Color) -> bool {
        with_position!(self, p => p.is_attacked(v, sq, by))
    }

    /// Legal moves of the game proper.
    pub fn legal_moves(&self, v: &Variant) -> MoveList {
        with_position!(self, p => p.legal_moves(v))
    }

    /// Plays a move.
    pub fn play(&mut self, v: &Variant, m: Move) {
        with_position!(self, p => p.play(v, m))
    }

    /// How many pieces of `role` side `c` holds in hand.
    pub fn hand_count(&self, c: Color, role: Role) -> u8 {
        with_position!(self, p => p.hand_count(c, role))
    }

    /// Does side `c` hold any piece in hand?
    pub fn has_hand(&self, c: Color) -> bool {
        with_position!(self, p => p.has_hand(c))
    }

    /// Every piece with its square.
    pub fn pieces_on_board(&self) -> Vec<(Square, Piece)> {
        with_position!(self, p => p.pieces_on_board().collect())
    }

    /// The board as an array (one entry per square).
    pub fn array(&self, v: &Variant) -> Vec<Option<Piece>> {
        v.geometry().squares().map(|s| self.piece_at(s)).collect()
    }

    /// Where king and rook land for a castling move.
    pub fn castle_targets(&self, v: &Variant, king: Square, rook: Square) -> (Square, Square) {
        with_position!(self, p => p.castle_targets(v, king, rook))
    }

    /// Perft: the number of leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, v: &Variant, depth: u32) -> u64 {
        with_position!(self, p => perft(v, p, depth))
    }

    /// [`AnyPosition::perft`] that gives up soon after `stop` is raised (the count is then
    /// meaningless).
    pub fn perft_until(&self, v: &Variant, depth: u32, stop: &AtomicBool) -> u64 {
        with_position!(self, p => perft_until(v, p, depth, stop))
    }

    /// Perft per root move.
    pub fn perft_divide(&self, v: &Variant, depth: u32) -> Vec<(Move, u64)> {
        with_position!(self, p => perft_divide(v, p, depth))
    }

    /// UCI text of a move (`e2e4`, `e7e8q`; castling as king takes rook when `chess960`,
    /// else as the king's two-square move where that is unambiguous; `0000` for a pass).
    pub fn uci(&self, v: &Variant, m: Move, chess960: bool) -> String {
        with_position!(self, p => p.uci(v, m, chess960))
    }

    /// Parses a UCI move (either castling form) into a legal move.
    pub fn parse_uci(&self, v: &Variant, s: &str) -> Result<Move, MoveError> {
        with_position!(self, p => p.parse_uci(v, s))
    }

    /// SAN of a legal move (`Nf3`, `exd5`, `O-O`, `e8=Q+`).
    pub fn san(&self, v: &Variant, m: Move) -> String {
        with_position!(self, p => p.san(v, m))
    }

    /// Parses SAN (lenient about check marks, `0-0`, and missing `=`).
    pub fn parse_san(&self, v: &Variant, s: &str) -> Result<Move, MoveError> {
        with_position!(self, p => p.parse_san(v, s))
    }
}

#[cfg(test)]
mod tests;
