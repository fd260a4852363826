//! Move notation: UCI (`e2e4`, castling as king takes rook in Chess960 mode) and SAN
//! (`Nf3`, `exd5`, `O-O`, `e8=Q+`), both ways; a game's own notation where it has one
//! (`notation hodges`: Shogi's `P-76`, in [`super::notation_shogi`]).

use super::Position;
use crate::types::{letter_text, promoted_base, promoted_letter};
use crate::types::{CastlingSide, Geometry, Move, MoveKind, MoveList, Role};
use crate::variant::{Notation, TablesFor, Variant};
use std::fmt;

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// What is wrong, lower case, the move in backticks.
    pub message: String,
    /// A hint, e.g. the legal moves of the piece named.
    pub help: Option<String>,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)?;
        if let Some(h) = &self.help {
            write!(f, "\n  = help: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {}

impl<B: TablesFor> Position<B> {
    /// UCI text of a move. Castling is king-takes-rook when `chess960` (or whenever the king
    /// does not move two or more files, which the standard form cannot express).
    pub fn uci(&self, v: &Variant, m: Move, chess960: bool) -> String {
        let g = v.geometry();
        match m.kind {
            MoveKind::Pass => "0000".to_string(),
            MoveKind::Drop => drop_text(v, m),
            MoveKind::Castle => {
                let (kt, _) = self.castle_targets(v, m.from, m.to);
                let df = (g.file(kt) as i32 - g.file(m.from) as i32).abs();
                if chess960 || df < 2 {
                    format!("{}{}", g.name(m.from), g.name(m.to))
                } else {
                    format!("{}{}", g.name(m.from), g.name(kt))
                }
            }
            // into a promoted kind (`+P`), Fairy-Stockfish writes `+`: `a4a5+`
            MoveKind::Promotion if promoted_base(v.role(m.promotion).letter).is_some() => {
                format!("{}{}+", g.name(m.from), g.name(m.to))
            }
            MoveKind::Promotion => {
                format!(
                    "{}{}{}",
                    g.name(m.from),
                    g.name(m.to),
                    v.role(m.promotion).letter.to_ascii_lowercase()
                )
            }
            _ => format!("{}{}", g.name(m.from), g.name(m.to)),
        }
    }

    /// Parses a UCI move, accepting both castling forms, into one of the legal moves.
    pub fn parse_uci(&self, v: &Variant, s: &str) -> Result<Move, MoveError> {
        let s = s.trim();
        if !s.is_ascii() {
            return Err(MoveError {
                message: format!("`{s}` is not a move in UCI notation"),
                help: Some("write the from and to squares, e.g. `e2e4`".into()),
            });
        }
        let legal = self.legal_moves(v);
        let lower = s.to_ascii_lowercase();
        for &m in legal.iter() {
            // drops are written `P@e4`, the letter upper case (either case is read)
            if self.uci(v, m, true).eq_ignore_ascii_case(&lower)
                || self.uci(v, m, false).eq_ignore_ascii_case(&lower)
            {
                return Ok(m);
            }
        }
        if s.contains('@') {
            return Err(self.drop_error(v, &legal, s));
        }
        let g = v.geometry();
        let well_formed = g
            .parse_square_prefix(&lower)
            .and_then(|(_, rest)| g.parse_square_prefix(rest))
            .is_some_and(|(_, rest)| rest.len() <= 1);
        if !well_formed {
            return Err(MoveError {
                message: format!("`{s}` is not a move in UCI notation"),
                help: Some("write the from and to squares, e.g. `e2e4`, with a promotion letter if any (`e7e8q`)".into()),
            });
        }
        Err(MoveError {
            message: format!("`{s}` is not a legal move here"),
            help: Some(self.legal_hint(v, &legal, Some(&lower))),
        })
    }

    pub(super) fn legal_hint(&self, v: &Variant, legal: &MoveList, text: Option<&str>) -> String {
        let g = v.geometry();
        if let Some(t) = text {
            if let Some((from, _)) = g.parse_square_prefix(t) {
                let own: Vec<String> = legal
                    .iter()
                    .filter(|m| m.from == from)
                    .map(|&m| self.san(v, m))
                    .collect();
                if self.piece_at(from).is_none() {
                    return format!("there is no piece on {}", g.name(from));
                }
                if own.is_empty() {
                    return format!("the piece on {} has no legal move", g.name(from));
                }
                return format!("the piece on {} can play {}", g.name(from), own.join(" "));
            }
        }
        if legal.is_empty() {
            return "there are no legal moves: the game is over".into();
        }
        let all: Vec<String> = legal.iter().map(|&m| self.san(v, m)).collect();
        format!("legal moves: {}", all.join(" "))
    }

    /// `swap e1 g1`, a swap played instead of a move (either square first), if `s` reads so:
    /// the legal one, or why not.
    fn parse_exchange(
        &self,
        v: &Variant,
        legal: &MoveList,
        s: &str,
    ) -> Option<Result<Move, MoveError>> {
        let g = v.geometry();
        let lower = s.to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let ["swap", a, b] = words.as_slice() else {
            return None;
        };
        let (a, b) = match (g.parse_square(a), g.parse_square(b)) {
            (Some(a), Some(b)) => (a, b),
            _ => {
                return Some(Err(MoveError {
                    message: format!("`{s}` is not a swap"),
                    help: Some("write the two squares, e.g. `swap e1 g1`".into()),
                }))
            }
        };
        let found = legal.iter().copied().find(|m| {
            m.kind == MoveKind::Exchange
                && ((m.from == a && m.to == b) || (m.from == b && m.to == a))
        });
        Some(found.ok_or_else(|| MoveError {
            message: format!("`swap {} {}` is not allowed here", g.name(a), g.name(b)),
            help: Some(self.legal_hint(v, legal, None)),
        }))
    }

    /// SAN of a legal move, with `+` or `#`; in the game's own notation if it has one
    /// (`notation hodges`: `P-76`, which marks no check).
    pub fn san(&self, v: &Variant, m: Move) -> String {
        let mut s = self.san_plain(v, m);
        // placements (Pre-Chess) never check; drops in play may, and SAN says so (`N@f7+`)
        if m.is_setup() || (m.kind == MoveKind::Drop && !v.has_drops) {
            return s;
        }
        if v.notation() == Notation::Hodges {
            return s;
        }
        let mut after = *self;
        after.play(v, m);
        if after.is_check(v) {
            s.push(if after.legal_moves(v).is_empty() {
                '#'
            } else {
                '+'
            });
        }
        s
    }

    /// SAN without the check suffix. A piece is written with its `san` letter if it has one
    /// (Xiangqi's `H`, FEN `N`), as Fairy-Stockfish does; a promotion names the FEN letter
    /// (`=Q`), as Fairy-Stockfish does too.
    pub fn san_plain(&self, v: &Variant, m: Move) -> String {
        let g = v.geometry();
        let board_move = matches!(
            m.kind,
            MoveKind::Normal | MoveKind::Promotion | MoveKind::EnPassant | MoveKind::Drop
        );
        if board_move && v.notation() == Notation::Hodges {
            return self.hodges(v, m);
        }
        match m.kind {
            MoveKind::Drop => return format!("{}@{}", v.san_letter(m.promotion), g.name(m.to)),
            MoveKind::Pass => return "pass".into(),
            MoveKind::Swap | MoveKind::Exchange => {
                return format!("swap {} {}", g.name(m.from), g.name(m.to))
            }
            MoveKind::Castle => {
                return CastlingSide::of_rook(g.file(m.from), g.file(m.to))
                    .san()
                    .into()
            }
            _ => {}
        }
        let Some(pc) = self.piece_at(m.from) else {
            return format!("{}{}", g.name(m.from), g.name(m.to));
        };
        let capture = self.piece_at(m.to).is_some() || m.kind == MoveKind::EnPassant;
        let mut s = String::new();
        let pawn = v.role(pc.role).pawn;
        if pawn {
            if capture {
                s.push(Geometry::file_char(g.file(m.from)));
            }
        } else {
            s += &v.san_letter(pc.role);
            let legal = self.legal_moves(v);
            let rivals: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|o| {
                    o.to == m.to
                        && o.from != m.from
                        && o.kind != MoveKind::Castle
                        && self.piece_at(o.from).map(|p| p.role) == Some(pc.role)
                })
                .collect();
            if !rivals.is_empty() {
                let same_file = rivals.iter().any(|o| g.file(o.from) == g.file(m.from));
                let same_rank = rivals.iter().any(|o| g.rank(o.from) == g.rank(m.from));
                if !same_file {
                    s.push(Geometry::file_char(g.file(m.from)));
                } else if !same_rank {
                    s += &(g.rank(m.from) + 1).to_string();
                } else {
                    s += &g.name(m.from);
                }
            }
        }
        if capture {
            s.push('x');
        }
        s += &g.name(m.to);
        if let Some(r) = m.promotion_role() {
            // `=Q`; into a promoted kind `=+N` (its letter), which a check's `+` cannot blur
            s.push('=');
            s += &letter_text(v.role(r).letter);
        }
        s
    }

    /// The one legal move a move text names, or why not: none (the legal moves as a hint) or
    /// several (each written out).
    pub(super) fn the_one(
        &self,
        v: &Variant,
        legal: &MoveList,
        found: &[Move],
        text: &str,
    ) -> Result<Move, MoveError> {
        match found {
            [m] => Ok(*m),
            [] => Err(MoveError {
                message: format!("`{text}` is not a legal move here"),
                help: Some(self.legal_hint(v, legal, None)),
            }),
            _ => Err(MoveError {
                message: format!("`{text}` is ambiguous"),
                help: Some(format!(
                    "it could be {}",
                    found
                        .iter()
                        .map(|&m| self.san(v, m))
                        .collect::<Vec<_>>()
                        .join(" or ")
                )),
            }),
        }
    }

    /// Parses SAN into a legal move. Lenient about `+`/`#`/`!`/`?`, `0-0`, a missing `=`, a
    /// missing `x` and over-disambiguation (`Ng1f3`).
    pub fn parse_san(&self, v: &Variant, text: &str) -> Result<Move, MoveError> {
        let g = v.geometry();
        let legal = self.legal_moves(v);
        if !text.is_ascii() {
            return Err(MoveError {
                message: format!("`{}` is not a move in SAN", text.trim()),
                help: Some(
                    "moves are written in plain letters and digits, such as `Nf3` or `e8=Q`".into(),
                ),
            });
        }
        if v.notation() == Notation::Hodges {
            if let Some(r) = self.parse_hodges(v, &legal, text) {
                return r;
            }
        }
        let s = text.trim().trim_end_matches(['+', '#', '!', '?']);
        if let Some(m) = self.parse_exchange(v, &legal, s) {
            return m;
        }
        if s.contains('@') {
            return self
                .parse_drop(v, &legal, s)
                .ok_or_else(|| self.drop_error(v, &legal, s));
        }
        let bad = || not_a_move(v, text);
        if s.is_empty() {
            return Err(bad());
        }
        let castle = match s {
            "O-O" | "0-0" => Some(CastlingSide::KingSide),
            "O-O-O" | "0-0-0" => Some(CastlingSide::QueenSide),
            _ => None,
        };
        if let Some(side) = castle {
            return legal
                .iter()
                .copied()
                .find(|m| {
                    m.kind == MoveKind::Castle
                        && CastlingSide::of_rook(g.file(m.from), g.file(m.to)) == side
                })
                .ok_or_else(|| MoveError {
                    message: format!("`{}` is not legal here", text.trim()),
                    help: Some("castling needs the right to castle, empty squares between, and no attacked square on the king's path".into()),
                });
        }
        let mut chars = join_promoted(&s.chars().collect::<Vec<_>>());
        // piece letter
        let mut role: Option<Role> = None;
        if is_upper(chars[0]) {
            let Some(r) = v.role_from_move_letter(chars[0]) else {
                return Err(unknown_letter(v, text, chars[0]));
            };
            role = Some(r);
            chars.remove(0);
        }
        // promotion
        let mut promo: Option<Role> = None;
        if let Some(&last) = chars.last() {
            if is_upper(last) {
                promo = v.role_from_move_letter(last);
                if promo.is_none() {
                    return Err(bad());
                }
                chars.pop();
                if chars.last() == Some(&'=') {
                    chars.pop();
                }
            }
        }
        let body: String = chars
            .iter()
            .filter(|&&c| c != 'x' && c != ':' && c != '-')
            .collect();
        // destination: the last square in the body
        let mut dest = None;
        // (by characters: a promoted kind's letter is one multi-byte character)
        for (i, _) in body.char_indices().rev() {
            if let Some((sq, rest)) = g.parse_square_prefix(&body[i..]) {
                if rest.is_empty() {
                    dest = Some((i, sq));
                    break;
                }
            }
        }
        let Some((di, to)) = dest else {
            return Err(bad());
        };
        let dis = &body[..di];
        let mut from_file: Option<u8> = None;
        let mut from_rank: Option<u8> = None;
        if !dis.is_empty() {
            if let Some(sq) = g.parse_square(dis) {
                from_file = Some(g.file(sq));
                from_rank = Some(g.rank(sq));
            } else if dis.len() == 1 && dis.as_bytes()[0].is_ascii_lowercase() {
                from_file = Some(dis.as_bytes()[0] - b'a');
            } else if let Ok(r) = dis.parse::<u8>() {
                from_rank = Some(r.wrapping_sub(1));
            } else {
                return Err(bad());
            }
        }
        let matches: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| {
                if m.kind == MoveKind::Castle || m.to != to {
                    return false;
                }
                let Some(pc) = self.piece_at(m.from) else {
                    return false;
                };
                let role_ok = match role {
                    Some(r) => pc.role == r,
                    None => v.role(pc.role).pawn,
                };
                role_ok
                    && from_file.is_none_or(|f| g.file(m.from) == f)
                    && from_rank.is_none_or(|r| g.rank(m.from) == r)
                    && m.promotion_role() == promo
            })
            .collect();
        self.the_one(v, &legal, &matches, text.trim())
    }
}

/// A drop as Fairy-Stockfish writes it in UCI, and as SAN: `N@b1`, the letter upper case for
/// both sides.
pub fn drop_text(v: &Variant, m: Move) -> String {
    format!("{}@{}", v.role(m.promotion).letter, v.geometry().name(m.to))
}

/// SAN text with each `+X` (a promoted kind of Shogi: `+Pxd5`, `Nd7=+N`) as its one letter.
fn join_promoted(chars: &[char]) -> Vec<char> {
    let mut out = Vec::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1)) {
            ('+', Some(&c)) if c.is_ascii_uppercase() => {
                out.push(promoted_letter(c));
                i += 2;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    out
}

/// An upper-case (White's) piece letter, promoted or not.
fn is_upper(c: char) -> bool {
    c.is_ascii_uppercase() || promoted_base(c).is_some_and(|b| b.is_ascii_uppercase())
}

/// A text that is no move at all, with examples in the game's notation.
fn not_a_move(v: &Variant, text: &str) -> MoveError {
    match v.notation() {
        Notation::Hodges => MoveError {
            message: format!("`{}` is not a move", text.trim()),
            help: Some("write moves such as `P-76`, `Bx22+`, `P*34`, `G69-58`".into()),
        },
        Notation::San => MoveError {
            message: format!("`{}` is not a move in SAN", text.trim()),
            help: Some("write moves such as `e4`, `Nf3`, `exd5`, `O-O`, `e8=Q`".into()),
        },
    }
}

/// "no piece has the letter": a SAN move that names a letter the game does not have.
pub(super) fn unknown_letter(v: &Variant, text: &str, c: char) -> MoveError {
    let letters: Vec<String> = v
        .role_defs()
        .iter()
        .map(|r| match r.san {
            Some(c) => format!("{} ({c})", letter_text(r.letter)),
            None => letter_text(r.letter),
        })
        .collect();
    MoveError {
        message: format!(
            "`{}`: no piece has the letter `{}`",
            text.trim(),
            letter_text(c)
        ),
        help: Some(format!("this game's pieces are {}", letters.join(" "))),
    }
}
