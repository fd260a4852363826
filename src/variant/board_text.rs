//! Board text: the ranks of a FEN board field, as written on a rules file's `array` line and in
//! the first field of a FEN. `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`: ranks from the top,
//! separated by `/`; a letter is a piece (upper case White), a number a run of empty squares.
//!
//! [`parse`] reads the text once and reports every problem with its byte range and kind; the
//! rules checker words them for a rules file (all of them), the FEN reader for a FEN (the first).

use crate::types::{Geometry, Piece};

/// What is wrong in board text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// The text has this many ranks, not the board's number (the range is the whole text).
    RankCount(usize),
    /// A run of `0` empty squares.
    ZeroRun,
    /// A letter no piece of the game has.
    UnknownLetter(char),
    /// A character that is neither a letter, a digit nor `/`.
    Unexpected(char),
    /// A piece stands beyond the last file (the first one of its rank; the range is the rank).
    Overflow,
    /// The rank's squares add up to this width, not the board's (reported only for a rank with
    /// no other problem but [`ProblemKind::Overflow`]; the range is the rank).
    Width(usize),
}

/// One problem: its kind, where it is (bytes of the text), and in which rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong.
    pub kind: ProblemKind,
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// The rank, as an index into [`BoardText::ranks`] (0 is the top rank as written).
    pub rank: usize,
}

/// One rank as written: its byte range in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankText {
    /// First byte.
    pub start: usize,
    /// One past the last byte (`start` for an empty rank).
    pub end: usize,
}

/// Board text, read.
#[derive(Clone, Debug)]
pub struct BoardText {
    /// One entry per square, rank 1 first (the form of
    /// [`VariantSpec::array`](crate::variant::VariantSpec::array)); a piece that does not fit
    /// the board is left out.
    pub squares: Vec<Option<Piece>>,
    /// The ranks as written, top first (split at every `/`, however many there are).
    pub ranks: Vec<RankText>,
    /// Every problem, in the order of the text (a wrong rank count first).
    pub problems: Vec<Problem>,
}

/// The ranks of board text: the byte range of each piece between `/`s, top first.
pub fn rank_ranges(text: &str) -> Vec<RankText> {
    let mut out = vec![];
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if c == '/' {
            out.push(RankText { start, end: i });
            start = i + 1;
        }
    }
    out.push(RankText {
        start,
        end: text.len(),
    });
    out
}

/// Reads board text for a board of geometry `g`; `piece` gives the piece of an ASCII letter
/// (its case the colour), if the game has one.
pub fn parse(text: &str, g: Geometry, piece: impl Fn(char) -> Option<Piece>) -> BoardText {
    let ranks = rank_ranges(text);
    let mut problems = vec![];
    if ranks.len() != g.ranks as usize {
        problems.push(Problem {
            kind: ProblemKind::RankCount(ranks.len()),
            start: 0,
            end: text.len(),
            rank: 0,
        });
    }
    let mut squares = vec![None; g.len()];
    for (idx, r) in ranks.iter().enumerate() {
        // The rank's number, from 1 at the bottom: text with too many ranks has some below 1.
        let number = g.ranks as i64 - idx as i64;
        let placed = read_rank(
            &text[r.start..r.end],
            r.start,
            idx,
            g,
            &piece,
            &mut problems,
        );
        if number >= 1 {
            for (file, p) in placed {
                squares[g.square(file, (number - 1) as u8).index()] = Some(p);
            }
        }
    }
    BoardText {
        squares,
        ranks,
        problems,
    }
}

/// Reads one rank (`offset` is its place in the whole text); returns the pieces that fit, by
/// file, and records the rank's problems.
fn read_rank(
    rank: &str,
    offset: usize,
    idx: usize,
    g: Geometry,
    piece: &impl Fn(char) -> Option<Piece>,
    problems: &mut Vec<Problem>,
) -> Vec<(u8, Piece)> {
    let files = g.files as usize;
    let mut problem = |kind, start: usize, end: usize| {
        problems.push(Problem {
            kind,
            start: offset + start,
            end: offset + end,
            rank: idx,
        })
    };
    let mut width: usize = 0;
    let mut placed = vec![];
    let mut bad = false;
    let mut overflow = false;
    let mut chars = rank.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_ascii_digit() {
            let mut end = i + 1;
            while let Some((j, _)) = chars.next_if(|(_, d)| d.is_ascii_digit()) {
                end = j + 1;
            }
            // A run too long to count is as wrong as any other too long.
            let n: usize = rank[i..end].parse().unwrap_or(usize::MAX);
            if n == 0 {
                problem(ProblemKind::ZeroRun, i, end);
                bad = true;
            }
            width = width.saturating_add(n);
            continue;
        }
        // `+P`: a promoted kind (Shogi's tokin), one letter of its own
        let (c, end) = match (c, chars.peek()) {
            ('+', Some(&(j, b))) if b.is_ascii_alphabetic() => {
                chars.next();
                (crate::types::promoted_letter(b), j + 1)
            }
            _ => (c, i + c.len_utf8()),
        };
        let kind = match c {
            c if !c.is_ascii_alphabetic() && crate::types::promoted_base(c).is_none() => {
                ProblemKind::Unexpected(c)
            }
            c => match piece(c) {
                Some(p) => {
                    if width < files {
                        placed.push((width as u8, p));
                    } else if !overflow {
                        overflow = true;
                        problem(ProblemKind::Overflow, 0, rank.len());
                    }
                    width += 1;
                    continue;
                }
                None => ProblemKind::UnknownLetter(c),
            },
        };
        problem(kind, i, end);
        bad = true;
        width += 1;
    }
    if width != files && !bad {
        problem(ProblemKind::Width(width), 0, rank.len());
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{Color, Role};

    fn letters(c: char) -> Option<Piece> {
        let role = "KQRBNP".find(c.to_ascii_uppercase())?;
        Some(Piece {
            color: Color::from_white(c.is_ascii_uppercase()),
            role: Role(role as u8),
        })
    }

    #[test]
    fn reads_the_chess_array() {
        let g = Geometry::new(8, 8).unwrap();
        let b = parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", g, letters);
        assert!(b.problems.is_empty());
        assert_eq!(b.squares.iter().flatten().count(), 32);
        assert_eq!(b.squares[4], letters('K'));
        assert_eq!(b.ranks[1], RankText { start: 9, end: 17 });
    }

    #[test]
    fn reports_every_problem_with_its_place() {
        let g = Geometry::new(4, 4).unwrap();
        let b = parse("kx2/0Pé1/PPPPP/3", g, letters);
        let kinds: Vec<(ProblemKind, usize, usize)> = b
            .problems
            .iter()
            .map(|p| (p.kind, p.start, p.end))
            .collect();
        assert_eq!(
            kinds,
            vec![
                (ProblemKind::UnknownLetter('x'), 1, 2),
                (ProblemKind::ZeroRun, 4, 5),
                (ProblemKind::Unexpected('é'), 6, 8),
                (ProblemKind::Overflow, 10, 15),
                (ProblemKind::Width(5), 10, 15),
                (ProblemKind::Width(3), 16, 17),
            ]
        );
    }
}
