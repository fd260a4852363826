//! The `array` line: the starting array, read by the one board-text reader
//! ([`crate::variant::board_text`]) and worded for a rules file.

use super::letter_list;
use crate::rules::ast::{Span, Str};
use crate::rules::session::Session;
use crate::types::letter_text;
use crate::types::{Color, Geometry, Piece, Role};
use crate::variant::board_text::{self, ProblemKind};
use crate::variant::RoleDef;

const WIDTH_HELP: &str =
    "each rank lists every square: letters for pieces, numbers for runs of empty squares";

/// Checks the array against the board and the pieces; returns it if it is sound.
pub(super) fn check(
    s: &mut Session,
    a: &Str,
    g: Geometry,
    board: Option<Span>,
    roles: &[RoleDef],
    in_hand: &[char],
    royal_optional: bool,
) -> Option<Vec<Option<Piece>>> {
    let letters: Vec<char> = roles.iter().map(|r| r.letter).collect();
    let piece = |c: char| {
        let up = c.to_ascii_uppercase();
        letters.iter().position(|&l| l == up).map(|r| Piece {
            color: Color::from_white(c.is_ascii_uppercase()),
            role: Role(r as u8),
        })
    };
    let read = board_text::parse(&a.value, g, piece);
    let before = s.problem_count();
    let mut wrong_width: Vec<(Span, i64, usize)> = vec![];
    let mut unknown_reported: Vec<char> = vec![];
    for p in &read.problems {
        let span = a.sub_span(p.start, p.end);
        match p.kind {
            ProblemKind::RankCount(n) => s.error(
                a.span,
                format!("the array has {n} ranks but the board has {}", g.ranks),
                Some(format!(
                    "write {} ranks separated by `/`, rank {} first",
                    g.ranks, g.ranks
                )),
            ),
            ProblemKind::ZeroRun => s.error(
                span,
                "`0` empty squares in array",
                Some("write the number of empty squares, at least 1".into()),
            ),
            ProblemKind::UnknownLetter(c) => {
                // Once per letter: a misspelt letter is often repeated.
                let up = crate::types::letter_upper(c);
                if !unknown_reported.contains(&up) {
                    unknown_reported.push(up);
                    let (c, up) = (letter_text(c), letter_text(up));
                    s.error(
                        span,
                        format!("unknown piece letter `{c}` in array"),
                        Some(format!(
                            "declared pieces are {}; add a `piece` line to define `{up}`",
                            letter_list(&letters)
                        )),
                    );
                }
            }
            ProblemKind::Unexpected(c) => s.error(
                span,
                format!("unexpected `{c}` in array"),
                Some(
                    "the array has piece letters, numbers of empty squares and `/` between ranks"
                        .into(),
                ),
            ),
            ProblemKind::Overflow => {}
            ProblemKind::Width(w) => {
                // An empty rank is pointed at by the `/` (or quote) after it.
                let span = if p.start == p.end {
                    a.sub_span(p.start, p.start + 1)
                } else {
                    span
                };
                wrong_width.push((span, g.ranks as i64 - p.rank as i64, w));
            }
        }
    }
    report_widths(s, a, g, board, &wrong_width, read.ranks.len());
    if s.problem_count() != before {
        return None;
    }
    check_royals(s, a, roles, &read.squares, in_hand, royal_optional);
    (s.problem_count() == before).then_some(read.squares)
}

/// Ranks of the wrong width: one message if every rank is off by the same amount (the board
/// changed, not the array), else one per rank.
fn report_widths(
    s: &mut Session,
    a: &Str,
    g: Geometry,
    board: Option<Span>,
    wrong_width: &[(Span, i64, usize)],
    ranks: usize,
) {
    let same = wrong_width.first().map(|w| w.2);
    if wrong_width.len() == g.ranks as usize
        && wrong_width.len() == ranks
        && wrong_width.iter().all(|w| Some(w.2) == same)
    {
        let help = match board {
            Some(b) if b.file != a.span.file => format!(
                "the board is set to {}x{} on line {} of `{}`; give an `array` that fits it",
                g.files,
                g.ranks,
                s.line_of(b),
                s.file_name(b.file)
            ),
            _ => WIDTH_HELP.to_string(),
        };
        s.error(
            a.span,
            format!(
                "every rank of the array is {} squares wide but the board has {} files",
                same.unwrap_or(0),
                g.files
            ),
            Some(help),
        );
    } else {
        for &(span, rank_no, width) in wrong_width {
            s.error(
                span,
                format!(
                    "rank {rank_no} of the array is {width} squares wide but the board has {} files",
                    g.files
                ),
                Some(WIDTH_HELP.into()),
            );
        }
    }
}

/// Exactly one royal piece per side, counting the pieces in hand (Pre-Chess places its kings);
/// none is allowed too when an extinction rule can end the game (Horde's White).
fn check_royals(
    s: &mut Session,
    a: &Str,
    roles: &[RoleDef],
    array: &[Option<Piece>],
    in_hand: &[char],
    royal_optional: bool,
) {
    let Some(royal) = roles.iter().position(|r| r.royal) else {
        return;
    };
    for color in Color::ALL {
        let piece = Piece {
            color,
            role: Role(royal as u8),
        };
        let n = array.iter().filter(|p| **p == Some(piece)).count()
            + in_hand
                .iter()
                .filter(|&&c| c == roles[royal].letter)
                .count();
        if n != 1 && !(n == 0 && royal_optional) {
            let l = if color.is_white() {
                roles[royal].letter
            } else {
                roles[royal].letter.to_ascii_lowercase()
            };
            let what = if n == 0 {
                "no".to_string()
            } else {
                n.to_string()
            };
            s.error(
                a.span,
                if in_hand.is_empty() {
                    format!("{} has {what} royal `{l}` in the array", color.name())
                } else {
                    format!(
                        "{} has {what} royal `{l}` in the array and hand",
                        color.name()
                    )
                },
                Some("each side needs exactly one royal piece".into()),
            );
        }
    }
}
