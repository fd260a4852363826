//! `counting { board 64  pieces R R 8 ... }` in the `end` block: Makruk's counting draws.

use super::{report_twice, role_of};
use crate::rules::ast::{EndBlock, Span, Spanned};
use crate::rules::keywords::Kw;
use crate::rules::session::Session;
use crate::variant::CountingRules;

/// The limits a count may have, in moves.
const MOVES: std::ops::RangeInclusive<i64> = 1..=1000;

/// Checks the `counting` block, if any: known letters, limits in range, one `board` entry.
pub(super) fn check(s: &mut Session, e: &EndBlock, letters: &[char]) -> Option<CountingRules> {
    let twice = [(Kw::Counting, e.counting.iter().map(|c| c.span).collect())];
    report_twice(s, &twice, &format!("in `{}`", Kw::End.word()));
    let c = e.counting.first()?;
    let boards: Vec<Span> = c.board.iter().map(|b| b.span).collect();
    if let Some(&again) = boards.get(1) {
        s.error(
            again,
            "`board` is given twice in `counting`",
            Some("the board's honour has one limit; write `board` once".into()),
        );
    }
    let board = c.board.first().map_or(0, |n| moves(s, n));
    let mut pieces = Vec::new();
    for (_, kinds, n) in &c.pieces {
        let roles = kinds
            .iter()
            .filter_map(|l| role_of(s, l, letters, "counting"))
            .collect();
        pieces.push((roles, moves(s, n)));
    }
    Some(CountingRules { board, pieces })
}

/// A limit in moves, reported when out of range.
fn moves(s: &mut Session, n: &Spanned<i64>) -> u16 {
    if MOVES.contains(&n.value) {
        return n.value as u16;
    }
    let text = s.text(n.span).to_string();
    s.error(
        n.span,
        format!("counting limit `{text}` is out of range"),
        Some(
            "count 1 to 1000 moves (Makruk: 64 for the board's honour, 8 to 64 for the pieces')"
                .into(),
        ),
    );
    0
}
