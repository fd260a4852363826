//! FEN in and out, with Shredder (`HAha`) and X-FEN (`KQkq`) castling.

use super::{zobrist, EnPassant, Position};
use crate::types::letter_text;
use crate::types::{Bits, CastlingSide, Color, Geometry, Piece, Square};
use crate::variant::board_text::{self, BoardText, ProblemKind};
use crate::variant::{TablesFor, Variant};
use std::fmt;

/// Why a FEN was rejected: what is wrong, which field, and a hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    /// What is wrong, lower case.
    pub message: String,
    /// Byte offset in the FEN where the problem is.
    pub offset: usize,
    /// How to fix it.
    pub help: Option<String>,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid fen: {} (at column {})",
            self.message,
            self.offset + 1
        )?;
        if let Some(h) = &self.help {
            write!(f, "\n  = help: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for FenError {}

pub(super) fn ferr(offset: usize, message: impl Into<String>, help: Option<String>) -> FenError {
    FenError {
        message: message.into(),
        offset,
        help,
    }
}

fn width_help(files: u8) -> String {
    format!(
        "each rank describes {files} squares: piece letters, and digits for runs of empty squares"
    )
}

/// The longest FEN accepted (far above any legal one for a 12x12 board).
pub const MAX_FEN_LEN: usize = 1024;

/// The FEN's fields with their byte offsets: at least one, at most six (seven with check
/// counters, `extra`).
fn split_fields(fen: &str, extra: bool) -> Result<Vec<(usize, &str)>, FenError> {
    if fen.len() > MAX_FEN_LEN {
        return Err(ferr(
            0,
            format!("fen is {} bytes long", fen.len()),
            Some(format!("a FEN has at most {MAX_FEN_LEN} bytes")),
        ));
    }
    let mut fields: Vec<(usize, &str)> = Vec::new();
    let mut pos = 0;
    for part in fen.split(' ') {
        if !part.is_empty() {
            fields.push((pos, part));
        }
        pos += part.len() + 1;
    }
    if fields.is_empty() {
        return Err(ferr(0, "empty fen", Some("a FEN starts with the board, e.g. `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`".into())));
    }
    let max = 6 + extra as usize;
    if fields.len() > max {
        return Err(ferr(
            fields[max].0,
            format!("unexpected `{}` after the move number", fields[max].1),
            Some(format!(
                "a FEN has at most {} fields",
                if extra { "seven" } else { "six" }
            )),
        ));
    }
    Ok(fields)
}

/// The side-to-move field.
fn parse_turn(toff: usize, t: &str) -> Result<Color, FenError> {
    match t {
        "w" | "W" => Ok(Color::White),
        "b" | "B" => Ok(Color::Black),
        _ => Err(ferr(
            toff,
            format!("side to move `{t}`"),
            Some("write `w` or `b`".into()),
        )),
    }
}

/// A problem of the board field (at `boff` in the FEN), worded for a FEN.
fn board_error(
    v: &Variant,
    boff: usize,
    board: &str,
    read: &BoardText,
    problem: &board_text::Problem,
) -> FenError {
    let g = v.geometry();
    let rank = read.ranks[problem.rank];
    let rank_text = &board[rank.start..rank.end];
    // Rank numbers count from 1 at the bottom; the first rank written is the top one.
    let number = g.ranks as usize - problem.rank;
    let at = boff + problem.start;
    match problem.kind {
        ProblemKind::RankCount(n) => ferr(
            boff,
            format!("the board has {n} ranks, the game needs {}", g.ranks),
            Some(format!(
                "write {} ranks separated by `/`, the top rank first",
                g.ranks
            )),
        ),
        ProblemKind::ZeroRun => ferr(
            at,
            "`0` empty squares",
            Some("digits count empty squares, from 1".into()),
        ),
        ProblemKind::UnknownLetter(c) | ProblemKind::Unexpected(c) => {
            let letters: String = v
                .role_defs()
                .iter()
                .map(|r| format!("{} ", letter_text(r.letter)))
                .collect();
            ferr(
                at,
                format!("unknown piece letter `{}`", letter_text(c)),
                Some(format!(
                    "this game's pieces are {letters}(upper case White, lower case Black)"
                )),
            )
        }
        ProblemKind::Overflow => too_wide(at, number, rank_text, g.files),
        ProblemKind::Width(w) if w > g.files as usize => too_wide(at, number, rank_text, g.files),
        ProblemKind::Width(w) => ferr(
            at,
            format!(
                "rank {number} (`{rank_text}`) has {w} squares, the board has {} files",
                g.files
            ),
            Some(width_help(g.files)),
        ),
    }
}

fn too_wide(at: usize, number: usize, rank_text: &str, files: u8) -> FenError {
    ferr(
        at,
        format!("rank {number} (`{rank_text}`) has more than {files} squares"),
        Some(width_help(files)),
    )
}

impl<B: TablesFor> Position<B> {
    /// Parses a FEN. Missing trailing fields take defaults (`w - - 0 1`).
    pub fn from_fen(v: &Variant, fen: &str) -> Result<Self, FenError> {
        let mut fields = split_fields(fen, v.end().goals.checks.is_some())?;
        let mut p = Self::empty();
        p.read_checks_field(v, &mut fields)?;
        let (boff, mut board) = fields[0];
        let mut hand_at = boff + board.len();
        // Pieces in hand follow the board in brackets: `.../8[KQRRBBNNkqrrbbnn]`.
        if let Some(open) = board.find('[') {
            let Some(inner) = board[open + 1..].strip_suffix(']') else {
                return Err(ferr(
                    boff + open,
                    "the hand is not closed by `]`",
                    Some("write the pieces in hand as `[QRqr]` right after the board".into()),
                ));
            };
            if !v.has_hands() && !inner.is_empty() {
                // a hand the game cannot have would stand in for a king the board lacks
                return Err(ferr(
                    boff + open,
                    format!("this game has no pieces in hand, but the FEN gives `[{inner}]`"),
                    Some("remove the brackets after the board: only games with a `hand` (Pre-Chess) hold pieces".into()),
                ));
            }
            p.read_hand(v, boff + open + 1, inner)?;
            hand_at = boff + open;
            board = &board[..open];
        }
        let (board, marks) = Self::split_promoted_marks(v, boff, board)?;
        p.read_board(v, boff, &board)?;
        p.set_promoted_marks(v, &marks);
        p.find_kings(v, boff)?;
        p.check_hand_fits(v, hand_at)?;
        if let Some(&(toff, t)) = fields.get(1) {
            p.turn = parse_turn(toff, t)?;
        }
        if p.turn == Color::Black {
            p.hash ^= zobrist::SIDE_KEY;
        }
        if let Some(&(coff, c)) = fields.get(2) {
            if c != "-" {
                for (k, ch) in c.char_indices() {
                    p.parse_castling_char(v, v.geometry(), ch, coff + k)?;
                }
            }
        }
        if let Some(&(eoff, e)) = fields.get(3) {
            if !p.read_count(v, e) {
                p.read_en_passant(v, eoff, e)?;
            }
        }
        if let Some(&(hoff, h)) = fields.get(4) {
            p.halfmove = h.parse().map_err(|_| {
                ferr(
                    hoff,
                    format!("halfmove clock `{h}`"),
                    Some("write a whole number such as `0`".into()),
                )
            })?;
            p.halfmove_to_count();
        }
        if let Some(&(foff, f)) = fields.get(5) {
            p.fullmove = f.parse().map_err(|_| {
                ferr(
                    foff,
                    format!("move number `{f}`"),
                    Some("write a whole number such as `1`".into()),
                )
            })?;
            if p.fullmove == 0 {
                p.fullmove = 1;
            }
        }
        p.check_side_not_to_move(v, boff)?;
        Ok(p)
    }

    /// The board field (at `boff` in the FEN), read by the one board-text reader
    /// ([`board_text`]); the first problem is the error.
    fn read_board(&mut self, v: &Variant, boff: usize, board: &str) -> Result<(), FenError> {
        let g = v.geometry();
        let read = board_text::parse(board, g, |c| v.piece_from_char(c));
        if let Some(problem) = read.problems.first() {
            return Err(board_error(v, boff, board, &read, problem));
        }
        for (i, pc) in read.squares.iter().enumerate() {
            if let Some(pc) = pc {
                self.put(Square(i as u8), *pc);
            }
        }
        Ok(())
    }

    /// Each side has exactly one royal piece: where it stands.
    fn find_kings(&mut self, v: &Variant, boff: usize) -> Result<(), FenError> {
        for c in Color::ALL {
            let royal = Piece {
                color: c,
                role: v.royal,
            };
            let ks = self.pieces(royal);
            if v.royal_free && (ks.count() == 0 || !v.role(v.royal).royal) {
                // no royal piece (Antichess, Horde's White): any number of kings; the one
                // that may castle stands on the back rank
                self.kings[c] = self.castling_king_square(v, c).unwrap_or(self.kings[c]);
                continue;
            }
            if ks.count() == 0 && self.hand_count(c, v.royal) == 1 {
                // not placed yet (Pre-Chess): the square is never read before it is
                continue;
            }
            if ks.count() != 1 || self.hand_count(c, v.royal) != 0 {
                return Err(ferr(
                    boff,
                    format!(
                        "{} has {} {} pieces",
                        c.name(),
                        ks.count() + self.hand_count(c, v.royal) as u32,
                        v.role(v.royal).name.to_lowercase()
                    ),
                    Some(format!(
                        "each side needs exactly one `{}`",
                        v.piece_char(royal)
                    )),
                ));
            }
            self.kings[c] = ks.lsb();
        }
        Ok(())
    }

    /// The en passant field: a target is kept only if a pawn could really capture there.
    fn read_en_passant(&mut self, v: &Variant, eoff: usize, e: &str) -> Result<(), FenError> {
        if e == "-" {
            return Ok(());
        }
        let g = v.geometry();
        let Some(target) = g.parse_square(e) else {
            return Err(ferr(
                eoff,
                format!("en passant square `{e}`"),
                Some("write a square such as `e3`, or `-`".into()),
            ));
        };
        // The pawn that just moved stands one step beyond the target, seen from its owner.
        let victim_rank = if self.turn == Color::White {
            g.rank(target) as i32 - 1
        } else {
            g.rank(target) as i32 + 1
        };
        let Some(victim) = g.square_at(g.file(target) as i32, victim_rank) else {
            return Ok(());
        };
        let t = v.tables::<B>();
        let us = self.turn;
        let capturable = self
            .piece_at(victim)
            .is_some_and(|pc| pc.color != us && v.role(pc.role).pawn)
            && self.piece_at(target).is_none()
            && t.roles().any(|r| {
                (self.by_role(r) & self.by_color[us])
                    .iter()
                    .any(|q| t.ep_capture[t.idx(us, r, q)].has(target))
            });
        if capturable {
            self.ep = Some(EnPassant { target, victim });
            self.hash ^= zobrist::ep(target);
        }
        Ok(())
    }

    /// The side not to move must not be in check.
    fn check_side_not_to_move(&self, v: &Variant, boff: usize) -> Result<(), FenError> {
        let t = v.tables::<B>();
        let them = !self.turn;
        if !self.has_royal(v, them) {
            return Ok(()); // no royal piece, no check
        }
        if self.piece_at(self.kings[them])
            != Some(Piece {
                color: them,
                role: v.royal,
            })
        {
            return Ok(()); // that king is still in hand
        }
        if self
            .attackers_to(t, self.kings[them], self.turn, self.occupied())
            .any()
        {
            return Err(ferr(
                boff,
                format!(
                    "{} is in check but it is {}'s turn",
                    them.name(),
                    self.turn.name()
                ),
                Some("check the side-to-move field".into()),
            ));
        }
        Ok(())
    }

    /// One castling right, the character at byte `at` of the FEN: `K`, `Q`, or a rook's file.
    fn parse_castling_char(
        &mut self,
        v: &Variant,
        g: Geometry,
        ch: char,
        at: usize,
    ) -> Result<(), FenError> {
        let Some(rules) = v.castling() else {
            return Err(ferr(
                at,
                format!("castling right `{ch}` in a game without castling"),
                Some("write `-`".into()),
            ));
        };
        let color = Color::from_white(ch.is_ascii_uppercase());
        let king = self.kings[color];
        let back = if color.is_white() { 0 } else { g.ranks - 1 };
        if g.rank(king) != back {
            return Err(ferr(
                at,
                format!(
                    "castling right `{ch}` but the {} king is not on its back rank",
                    color.name()
                ),
                None,
            ));
        }
        let rook_piece = Piece {
            color,
            role: rules.rook,
        };
        let kf = g.file(king);
        let lower = ch.to_ascii_lowercase();
        let file = match lower {
            'k' => (kf + 1..g.files)
                .rev()
                .find(|&f| self.piece_at(g.square(f, back)) == Some(rook_piece)),
            'q' => (0..kf).find(|&f| self.piece_at(g.square(f, back)) == Some(rook_piece)),
            'a'..='l' if (lower as u8 - b'a') < g.files => {
                let f = lower as u8 - b'a';
                (self.piece_at(g.square(f, back)) == Some(rook_piece)).then_some(f)
            }
            _ => {
                return Err(ferr(
                    at,
                    format!("castling right `{ch}`"),
                    Some("write `KQkq`, file letters such as `HAha` (Shredder-FEN), or `-`".into()),
                ))
            }
        };
        let Some(file) = file else {
            return Err(ferr(
                at,
                format!(
                    "castling right `{ch}` but there is no {} castling piece there",
                    color.name()
                ),
                Some("castling rights name a rook on the king's back rank".into()),
            ));
        };
        if file == kf {
            return Err(ferr(
                at,
                format!("castling right `{ch}` names the king's own file"),
                None,
            ));
        }
        let side = if file > kf {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        if self.castling[color][side].is_some() {
            return Err(ferr(
                at,
                format!("castling right `{ch}` repeats a side"),
                Some("each side has one right per wing".into()),
            ));
        }
        self.set_castling(color, side, Some(g.square(file, back)));
        Ok(())
    }

    /// FEN of the position. With `shredder`, castling rights are file letters (`HAha`);
    /// otherwise `KQkq` is used where each right's rook stands on a corner file and the king
    /// on its starting file (orthodox-looking positions), and file letters elsewhere.
    pub fn fen(&self, v: &Variant, shredder: bool) -> String {
        let g = v.geometry();
        let mut s = String::new();
        for rank in (0..g.ranks).rev() {
            let mut empty = 0;
            for file in 0..g.files {
                let sq = g.square(file, rank);
                match self.piece_at(sq) {
                    Some(pc) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s += &v.piece_text(pc);
                        if self.promoted.has(sq) {
                            s.push('~'); // Crazyhouse's promoted pieces, as Fairy-Stockfish
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s += &self.hand_fen(v);
        s.push(' ');
        s.push(self.turn.fen_char());
        s.push(' ');
        let mut c = String::new();
        let standard = !shredder && self.castling_is_standard(v);
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(r) = self.castling[color][side] {
                    let ch = if standard {
                        if side == CastlingSide::KingSide {
                            'k'
                        } else {
                            'q'
                        }
                    } else {
                        Geometry::file_char(g.file(r))
                    };
                    c.push(if color.is_white() {
                        ch.to_ascii_uppercase()
                    } else {
                        ch
                    });
                }
            }
        }
        if c.is_empty() {
            c.push('-');
        }
        s += &c;
        s.push(' ');
        if let Some((limit, count)) = self.count_fields() {
            // Makruk's count stands in the en passant and halfmove fields, as in Fairy-Stockfish
            return s + &format!("{limit} {count} {}", self.fullmove);
        }
        match self.ep {
            Some(ep) => s += &g.name(ep.target),
            None => s.push('-'),
        }
        s += &self.checks_fen(v);
        s += &format!(" {} {}", self.halfmove, self.fullmove);
        s
    }

    /// Are all castling rights on corner rooks with kings on their array files (so that `KQkq`
    /// and the standard UCI castling form are unambiguous)?
    pub fn castling_is_standard(&self, v: &Variant) -> bool {
        let g = v.geometry();
        let array_king_file = |c: Color| {
            g.squares()
                .find(|&s| {
                    v.array()[s.index()]
                        == Some(Piece {
                            color: c,
                            role: v.royal,
                        })
                })
                .map(|s| g.file(s))
                // a king placed from the hand castles only from its `only` file (Pre-Chess: e)
                .or_else(|| {
                    v.castling()
                        .and_then(|r| r.only_king_files.first().copied())
                })
        };
        for c in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(r) = self.castling[c][side] {
                    let corner = if side == CastlingSide::KingSide {
                        g.files - 1
                    } else {
                        0
                    };
                    if g.file(r) != corner || Some(g.file(self.kings[c])) != array_king_file(c) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

impl<B: Bits> Position<B> {
    /// `true` if no castling right is set.
    pub fn no_castling(&self) -> bool {
        Color::ALL.iter().all(|&c| {
            CastlingSide::ALL
                .iter()
                .all(|&s| self.castling[c][s].is_none())
        })
    }
}
