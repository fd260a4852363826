//! `end { ... }`: stalemate, repetition, the move rule, insufficient material, extinction and
//! bare king, obligatory captures.

use super::{report_twice, role_of};
use crate::rules::ast::{EndBlock, ExtinctionDecl, Limit, Side, Span};
use crate::rules::keywords::{Block, Kw};
use crate::rules::session::Session;
use crate::variant::{EndRules, Extinction};

/// Checks an end block (`letters`: the declared pieces); what is missing or wrong keeps the
/// default of chess.
pub(super) fn check(s: &mut Session, e: &EndBlock, letters: &[char]) -> EndRules {
    for u in &e.unknown {
        let (message, help) = Block::End.unknown(&u.value);
        s.error(u.span, message, Some(help));
    }
    let twice = [
        (
            Kw::Stalemate,
            e.stalemate_draw.iter().map(|s| s.span).collect(),
        ),
        (Kw::Repetition, e.repetition.iter().map(|s| s.0).collect()),
        (Kw::MoveRule, e.move_rule.iter().map(|s| s.0).collect()),
        (
            Kw::Insufficient,
            e.insufficient.iter().map(|s| s.span).collect::<Vec<Span>>(),
        ),
        (
            Kw::Extinction,
            e.extinction.iter().map(|x| x.span).collect(),
        ),
        (Kw::Captures, e.captures.clone()),
        (
            Kw::Checkmate,
            e.checkmate_win.iter().map(|c| c.span).collect(),
        ),
    ];
    report_twice(s, &twice, &format!("in `{}`", Kw::End.word()));
    let repetition = limit(s, e.repetition.first(), 2..=100, |n| {
        (
            format!("repetition count `{n}` is out of range"),
            "draw on the 2nd to 100th occurrence (3 in chess), or write `repetition off`",
        )
    });
    repetition_options(s, e, repetition.is_some());
    let move_rule = limit(s, e.move_rule.first(), 1..=1000, |n| {
        (
            format!("move rule `{n}` is out of range"),
            "count 1 to 1000 moves (50 in chess), or write `move-rule off`",
        )
    });
    EndRules {
        stalemate_draw: e.stalemate_draw.first().is_none_or(|s| s.value),
        repetition: repetition.map(|n| n as u8),
        move_rule: move_rule.map(|n| n as u16),
        insufficient_material: e.insufficient.first().is_some_and(|s| s.value),
        counting: None,            // with the piece letters: `counting.rs`
        goals: Default::default(), // checked by `goals::check`
        stalemate_win: e
            .stalemate_win
            .first()
            .is_some_and(|w| e.stalemate_draw.first().is_some_and(|d| d.span == *w)),
        stalemate_fewer_pieces: e
            .stalemate_fewer
            .first()
            .is_some_and(|w| e.stalemate_draw.first().is_some_and(|d| d.span == *w)),
        extinction: e.extinction.first().and_then(|x| extinction(s, x, letters)),
        captures_obligatory: !e.captures.is_empty(),
        checkmate_win: e.checkmate_win.first().is_some_and(|c| c.value),
        perpetual_check: !e.perpetual_check.is_empty() && repetition.is_some(),
        repetition_winner: e
            .repetition_winner
            .first()
            .filter(|_| repetition.is_some())
            .map(|w| crate::types::Color::from_white(w.value == Side::White)),
    }
}

/// `perpetual-check` and `winner <colour>` after `repetition`: each once, and only with a count.
fn repetition_options(s: &mut Session, e: &EndBlock, counted: bool) {
    let options = [
        ("perpetual-check", e.perpetual_check.clone()),
        (
            "winner",
            e.repetition_winner.iter().map(|w| w.span).collect(),
        ),
    ];
    for (word, spans) in options {
        if let Some(&again) = spans.get(1) {
            s.error(
                again,
                format!("`{word}` is given twice in `repetition`"),
                Some(format!("write `{word}` once")),
            );
        }
        if let Some(&first) = spans.first().filter(|_| !counted) {
            s.error(
                first,
                format!("`{word}` needs a repetition count"),
                Some(format!(
                    "write e.g. `repetition 4 {word} ...`, or leave `{word}` out"
                )),
            );
        }
    }
}

/// The most pieces of a kind `extinction ... left <n>` may name (a side has at most 64 of a
/// kind on the largest board; no game asks for more than a few).
const MAX_LEFT: i64 = 63;

/// `extinction K Q ...` / `extinction all [win|loss]` / `bare-king loss`, in Fairy-Stockfish's
/// terms ([`Extinction`]).
fn extinction(s: &mut Session, x: &ExtinctionDecl, letters: &[char]) -> Option<Extinction> {
    if x.bare_king && x.win {
        // Losers: "a side left with its king alone wins" (count 1, no claim)
        return Some(Extinction {
            kinds: None,
            count: 1,
            opponent_count: 0,
            claim: false,
            extinct_wins: true,
        });
    }
    if x.bare_king {
        // Shatranj: "a side reduced to a bare king loses, unless it can bare the opponent's
        // king on its next move" (Fairy-Stockfish: count 1, opponent count 2, claim).
        return Some(Extinction {
            kinds: None,
            count: 1,
            opponent_count: 2,
            claim: true,
            extinct_wins: false,
        });
    }
    let mut kinds = vec![];
    for l in &x.kinds {
        let r = role_of(s, l, letters, "extinction")?;
        if !kinds.contains(&r) {
            kinds.push(r);
        }
    }
    let count = match &x.left {
        None => 0,
        Some(n) if (0..=MAX_LEFT).contains(&n.value) => n.value as u8,
        Some(n) => {
            let msg = format!("extinction count `{}` is out of range", s.text(n.span));
            let help = format!(
                "`left <n>`: a side with at most n (0 to {MAX_LEFT}) of the kind left has lost \
                 (`left 2` in Three Kings)"
            );
            s.error(n.span, msg, Some(help));
            return None;
        }
    };
    Some(Extinction {
        kinds: (!kinds.is_empty()).then_some(kinds),
        count,
        opponent_count: 0,
        claim: false,
        extinct_wins: x.win,
    })
}

/// A count or `off` (`None`); a count outside `range` is reported with the message and help
/// `wording` gives for the number as written.
fn limit(
    s: &mut Session,
    entry: Option<&(Span, Limit)>,
    range: std::ops::RangeInclusive<i64>,
    wording: impl Fn(&str) -> (String, &'static str),
) -> Option<i64> {
    match entry {
        None | Some((_, Limit::Off)) => None,
        Some((_, Limit::Number(n))) if range.contains(&n.value) => Some(n.value),
        Some((_, Limit::Number(n))) => {
            let (message, help) = wording(s.text(n.span));
            s.error(n.span, message, Some(help.into()));
            None
        }
    }
}
