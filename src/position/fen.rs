//! FEN in and out, with Shredder (`HAha`) and X-FEN (`KQkq`) castling.

use super::{zobrist, EnPassant, Position};
use crate::types::{Bits, CastlingSide, Color, Geometry, Piece};
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

fn ferr(offset: usize, message: impl Into<String>, help: Option<String>) -> FenError {
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

impl<B: TablesFor> Position<B> {
    /// Parses a FEN. Missing trailing fields take defaults (`w - - 0 1`).
    pub fn from_fen(v: &Variant, fen: &str) -> Result<Self, FenError> {
        let g = v.geometry();
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
        if fields.len() > 6 {
            return Err(ferr(
                fields[6].0,
                format!("unexpected `{}` after the move number", fields[6].1),
                Some("a FEN has at most six fields".into()),
            ));
        }
        let mut p = Self::empty();
        // board
        let (boff, board) = fields[0];
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != g.ranks as usize {
            return Err(ferr(
                boff,
                format!(
                    "the board has {} ranks, the game needs {}",
                    ranks.len(),
                    g.ranks
                ),
                Some(format!(
                    "write {} ranks separated by `/`, the top rank first",
                    g.ranks
                )),
            ));
        }
        let mut off = boff;
        let letters: String = v
            .spec
            .roles
            .iter()
            .map(|r| r.letter)
            .collect::<Vec<_>>()
            .iter()
            .map(|c| format!("{c} "))
            .collect();
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = g.ranks - 1 - i as u8;
            let too_wide = || {
                ferr(
                    off,
                    format!(
                        "rank {} (`{}`) has more than {} squares",
                        rank + 1,
                        rank_text,
                        g.files
                    ),
                    Some(width_help(g.files)),
                )
            };
            let mut file: u32 = 0;
            let bytes = rank_text.as_bytes();
            let mut j = 0;
            while j < bytes.len() {
                let c = bytes[j] as char;
                if c.is_ascii_digit() {
                    let start = j;
                    while j < bytes.len() && bytes[j].is_ascii_digit() {
                        j += 1;
                    }
                    let n: u32 = rank_text[start..j].parse().unwrap_or(u32::MAX);
                    if n == 0 {
                        return Err(ferr(
                            off + start,
                            "`0` empty squares",
                            Some("digits count empty squares, from 1".into()),
                        ));
                    }
                    file = file.saturating_add(n);
                    continue;
                }
                let Some(pc) = v.piece_from_char(c).filter(|_| c.is_ascii_alphabetic()) else {
                    // the whole character, not its first byte (everything before it is ASCII)
                    let c = rank_text[j..].chars().next().unwrap_or(c);
                    return Err(ferr(
                        off + j,
                        format!("unknown piece letter `{c}`"),
                        Some(format!(
                            "this game's pieces are {}(upper case White, lower case Black)",
                            letters
                        )),
                    ));
                };
                if file >= g.files as u32 {
                    return Err(too_wide());
                }
                p.put(g.square(file as u8, rank), pc);
                file += 1;
                j += 1;
            }
            if file > g.files as u32 {
                return Err(too_wide());
            }
            if file != g.files as u32 {
                return Err(ferr(
                    off,
                    format!(
                        "rank {} (`{}`) has {} squares, the board has {} files",
                        rank + 1,
                        rank_text,
                        file,
                        g.files
                    ),
                    Some(width_help(g.files)),
                ));
            }
            off += rank_text.len() + 1;
        }
        // kings
        for c in Color::ALL {
            let ks = p.pieces(Piece {
                color: c,
                role: v.royal,
            });
            if ks.count() != 1 {
                return Err(ferr(
                    boff,
                    format!(
                        "{} has {} {} pieces",
                        c.name(),
                        ks.count(),
                        v.role(v.royal).name.to_lowercase()
                    ),
                    Some(format!(
                        "each side needs exactly one `{}`",
                        v.piece_char(Piece {
                            color: c,
                            role: v.royal
                        })
                    )),
                ));
            }
            p.kings[c] = ks.lsb();
        }
        // turn
        if let Some(&(toff, t)) = fields.get(1) {
            p.turn = match t {
                "w" | "W" => Color::White,
                "b" | "B" => Color::Black,
                _ => {
                    return Err(ferr(
                        toff,
                        format!("side to move `{t}`"),
                        Some("write `w` or `b`".into()),
                    ))
                }
            };
        }
        if p.turn == Color::Black {
            p.hash ^= zobrist::SIDE_KEY;
        }
        // castling
        if let Some(&(coff, c)) = fields.get(2) {
            if c != "-" {
                for (k, ch) in c.char_indices() {
                    p.parse_castling_char(v, g, ch)
                        .map_err(|(m, h)| ferr(coff + k, m, h))?;
                }
            }
        }
        // en passant
        if let Some(&(eoff, e)) = fields.get(3) {
            if e != "-" {
                let Some(target) = g.parse_square(e) else {
                    return Err(ferr(
                        eoff,
                        format!("en passant square `{e}`"),
                        Some("write a square such as `e3`, or `-`".into()),
                    ));
                };
                // The pawn that just moved stands one step beyond the target, seen from its owner.
                let victim_rank = if p.turn == Color::White {
                    g.rank(target) as i32 - 1
                } else {
                    g.rank(target) as i32 + 1
                };
                if let Some(victim) = g.square_at(g.file(target) as i32, victim_rank) {
                    let t = v.tables::<B>();
                    let us = p.turn;
                    let capturable = p
                        .piece_at(victim)
                        .is_some_and(|pc| pc.color != us && v.role(pc.role).pawn)
                        && p.piece_at(target).is_none()
                        && t.roles().any(|r| {
                            (p.by_role(r) & p.by_color[us])
                                .iter()
                                .any(|q| t.ep_capture[t.idx(us, r, q)].has(target))
                        });
                    if capturable {
                        p.ep = Some(EnPassant { target, victim });
                        p.hash ^= zobrist::ep(target);
                    }
                }
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
        // the side not to move must not be in check
        let t = v.tables::<B>();
        let them = !p.turn;
        if p.attackers_to(t, p.kings[them], p.turn, p.occupied()).any() {
            return Err(ferr(
                boff,
                format!(
                    "{} is in check but it is {}'s turn",
                    them.name(),
                    p.turn.name()
                ),
                Some("check the side-to-move field".into()),
            ));
        }
        Ok(p)
    }

    fn parse_castling_char(
        &mut self,
        v: &Variant,
        g: Geometry,
        ch: char,
    ) -> Result<(), (String, Option<String>)> {
        let Some(rules) = v.castling() else {
            return Err((
                format!("castling right `{ch}` in a game without castling"),
                Some("write `-`".into()),
            ));
        };
        let color = Color::from_white(ch.is_ascii_uppercase());
        let king = self.kings[color];
        let back = if color.is_white() { 0 } else { g.ranks - 1 };
        if g.rank(king) != back {
            return Err((
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
                return Err((
                    format!("castling right `{ch}`"),
                    Some("write `KQkq`, file letters such as `HAha` (Shredder-FEN), or `-`".into()),
                ))
            }
        };
        let Some(file) = file else {
            return Err((
                format!(
                    "castling right `{ch}` but there is no {} castling piece there",
                    color.name()
                ),
                Some("castling rights name a rook on the king's back rank".into()),
            ));
        };
        if file == kf {
            return Err((
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
            return Err((
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
                match self.piece_at(g.square(file, rank)) {
                    Some(pc) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(v.piece_char(pc));
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
        match self.ep {
            Some(ep) => s += &g.name(ep.target),
            None => s.push('-'),
        }
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
                    v.spec.array[s.index()]
                        == Some(Piece {
                            color: c,
                            role: v.royal,
                        })
                })
                .map(|s| g.file(s))
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
