//! `setup { ... }`: the steps, the requirements, `randomize` and `shuffle`; then whether the
//! setup phase is small enough to count (whether it can end at all, and which `require` lines
//! do nothing, is judged on the whole spec by [`super::setup_advice`]).

use super::{report_twice, role_of};
use crate::rules::ast::{
    PlayDecl, RequireKind, SetupBlock, Side, Span, Spanned, Step, StepDecl, When,
};
use crate::rules::keywords::{Block, Kw};
use crate::rules::session::Session;
use crate::types::{Color, Geometry, Piece, Role, Square};
use crate::variant::setup::{setup_size_of, Shape, MAX_SETUP_WORK};
use crate::variant::{
    Constraint, ConstraintKind, ConstraintWhen, PlaySwap, SetupPhase, SetupStep, Shuffle,
    StepAction,
};

/// Checks a setup block (`keyword` is the span of `setup`).
pub(super) fn check(
    s: &mut Session,
    keyword: Span,
    b: &SetupBlock,
    geometry: Option<Geometry>,
    letters: &[char],
) -> Option<SetupPhase> {
    for u in &b.unknown {
        let (message, help) = Block::Setup.unknown(&u.value);
        s.error(u.span, message, Some(help));
    }
    let twice = [
        (Kw::Randomize, b.randomize.clone()),
        (Kw::Shuffle, b.shuffle.iter().map(|x| x.span).collect()),
    ];
    report_twice(s, &twice, &format!("in `{}`", Kw::Setup.word()));
    let steps = check_steps(s, &b.steps, geometry, letters);
    let constraints: Vec<Constraint> = b
        .requires
        .iter()
        .filter_map(|rq| check_require(s, rq, letters, geometry))
        .collect();
    if let (Some(sh), Some(rq)) = (
        b.shuffle.first(),
        b.requires
            .iter()
            .find(|r| matches!(r.kind, RequireKind::NotMirroring(..))),
    ) {
        let _ = sh;
        s.error(
            rq.span,
            "a requirement comparing the sides cannot be combined with `shuffle`",
            Some("`shuffle mirrored` always mirrors and `shuffle independent` draws each side on its own; use `step` lines".into()),
        );
    }
    let in_play = b
        .in_play
        .iter()
        .filter_map(|p| check_play(s, p, geometry, letters))
        .collect();
    // a placement replaces the steps (`place.rs` reports what cannot go with it)
    if b.place.is_empty() {
        check_shuffle(s, keyword, b);
    }
    let placement = super::place::check(s, b, geometry, letters);
    Some(SetupPhase {
        placement,
        steps,
        constraints,
        randomized: !b.randomize.is_empty(),
        shuffle: b.shuffle.first().map(|x| Shuffle { mirrored: x.value }),
        in_play,
    })
}

fn check_steps(
    s: &mut Session,
    steps: &[Step],
    geometry: Option<Geometry>,
    letters: &[char],
) -> Vec<SetupStep> {
    let mut out = vec![];
    let mut prev: Option<(Side, bool)> = None; // side, was mirror
    for (n, st) in steps.iter().enumerate() {
        let color = match st.side {
            Side::White => Color::White,
            Side::Black => Color::Black,
        };
        let action = match &st.action {
            StepDecl::Mirror => {
                check_mirror(s, st, n, color, prev);
                StepAction::Mirror
            }
            decl => swap_action(s, st.span, decl, geometry, letters),
        };
        prev = Some((st.side, matches!(st.action, StepDecl::Mirror)));
        out.push(SetupStep {
            side: color,
            action,
        });
    }
    out
}

/// The squares of `swap c1 f2 or f1 c2`, each on the board, each pair two squares, each
/// square in one pair only.
fn square_pairs(
    s: &mut Session,
    pairs: &[(Spanned<String>, Spanned<String>)],
    geometry: Option<Geometry>,
) -> Vec<(Square, Square)> {
    let Some(g) = geometry else {
        return vec![];
    };
    let mut out: Vec<(Square, Square)> = vec![];
    for (a, b) in pairs {
        let sq = |s: &mut Session, x: &Spanned<String>| {
            let q = g.parse_square(&x.value);
            if q.is_none() {
                let last = g.name(g.square(g.files - 1, g.ranks - 1));
                s.error(
                    x.span,
                    format!("square `{}` is off the board", x.value),
                    Some(format!(
                        "squares run from a1 to {last}, written from White's side (Black's are reflected)"
                    )),
                );
            }
            q
        };
        let (qa, qb) = (sq(s, a), sq(s, b));
        let (Some(qa), Some(qb)) = (qa, qb) else {
            continue;
        };
        if qa == qb {
            s.error(
                b.span,
                format!("`{} {}` swaps a square with itself", a.value, b.value),
                Some("name two different squares, e.g. `swap c1 f2`".into()),
            );
        } else if out
            .iter()
            .any(|&(x, y)| [x, y].contains(&qa) && [x, y].contains(&qb))
        {
            s.error(
                a.span,
                format!("the swap `{} {}` is listed twice", a.value, b.value),
                Some("list each pair of squares once".into()),
            );
        } else {
            out.push((qa, qb));
        }
    }
    out
}

/// The action of a `swap` line (a setup step's, or one offered in the game proper).
fn swap_action(
    s: &mut Session,
    span: Span,
    decl: &StepDecl,
    geometry: Option<Geometry>,
    letters: &[char],
) -> StepAction {
    match decl {
        StepDecl::Swap {
            relocate,
            with,
            optional,
            ranks,
        } => {
            let relocate = roles(s, relocate, letters);
            let with = roles(s, with, letters);
            if relocate.len() == 1 && with == relocate {
                s.error(
                    span,
                    "a piece cannot swap only with its own kind",
                    Some("list other pieces after `with`".into()),
                );
            }
            let rk = super::side_ranks(s, ranks, geometry);
            StepAction::Swap {
                relocate,
                with,
                ranks: rk,
                optional: !optional.is_empty(),
            }
        }
        StepDecl::SwapSquares { pairs, optional } => StepAction::SwapSquares {
            pairs: square_pairs(s, pairs, geometry),
            optional: !optional.is_empty(),
        },
        StepDecl::Mirror => StepAction::Mirror,
    }
}

/// The most moves into the game at which a swap may be offered.
const MAX_PLAY_MOVE: i64 = 1000;

/// `at move 1 swap ...`: a move number in range, a swap, never `optional` (the side declines
/// by making a move).
fn check_play(
    s: &mut Session,
    p: &PlayDecl,
    geometry: Option<Geometry>,
    letters: &[char],
) -> Option<PlaySwap> {
    let n = &p.move_number;
    let ok = (1..=MAX_PLAY_MOVE).contains(&n.value);
    if !ok {
        let msg = format!("move `{}` is out of range", s.text(n.span));
        s.error(
            n.span,
            msg,
            Some(format!(
                "moves count from 1 (each side's first move) to {MAX_PLAY_MOVE}"
            )),
        );
    }
    let optional = match &p.action {
        StepDecl::Swap { optional, .. } | StepDecl::SwapSquares { optional, .. } => optional,
        StepDecl::Mirror => return None,
    };
    for o in optional {
        s.error(
            *o,
            "a swap during the game is always optional",
            Some("the side declines by making a move; remove `optional`".into()),
        );
    }
    let action = swap_action(s, p.span, &p.action, geometry, letters);
    ok.then_some(PlaySwap {
        move_number: n.value as u32,
        action,
    })
}

/// A mirror step copies the opponent's previous (swap) step.
fn check_mirror(s: &mut Session, st: &Step, n: usize, color: Color, prev: Option<(Side, bool)>) {
    match prev {
        None => s.error(
            st.span,
            "the first step cannot be `mirror`",
            Some("`mirror` repeats the opponent's previous step; start with a `swap`".into()),
        ),
        Some((side, _)) if side == st.side => s.error(
            st.span,
            format!("step {} mirrors {}'s own step", n + 1, color.name()),
            Some("`mirror` repeats the opponent's previous step; give it to the other side".into()),
        ),
        Some((_, true)) => s.error(
            st.span,
            "a `mirror` step cannot follow another `mirror`",
            Some("mirror a `swap` step".into()),
        ),
        _ => {}
    }
}

/// The roles of a list of letters, each once (unknown letters reported).
fn roles(s: &mut Session, ls: &[crate::rules::ast::Spanned<char>], letters: &[char]) -> Vec<Role> {
    let mut out = vec![];
    for l in ls {
        if let Some(r) = role_of(s, l, letters, "setup") {
            if !out.contains(&r) {
                out.push(r)
            }
        }
    }
    out
}

fn check_require(
    s: &mut Session,
    rq: &crate::rules::ast::Require,
    letters: &[char],
    geometry: Option<Geometry>,
) -> Option<Constraint> {
    let when = match rq.when {
        Some(When::EachSwap) => ConstraintWhen::EachSwap,
        Some(When::End) | None => ConstraintWhen::Final,
    };
    let kind = match &rq.kind {
        RequireKind::NotOn(l, files) => {
            let role = role_of(s, l, letters, "setup");
            let fs = require_files(s, files, geometry);
            role.map(|role| ConstraintKind::NotOnFiles { role, files: fs })
        }
        RequireKind::NotMirroring(a, b, unless) => not_mirroring(s, rq, a, b, *unless),
        RequireKind::Opposite(l) => {
            role_of(s, l, letters, "setup").map(ConstraintKind::OppositeColors)
        }
        RequireKind::Between(a, b) => {
            let ra = role_of(s, a, letters, "setup");
            let rb = role_of(s, b, letters, "setup");
            match (ra, rb) {
                (Some(x), Some(y)) if x == y => {
                    s.error(
                        rq.span,
                        format!("`{} between {}` names one piece twice", a.value, b.value),
                        Some("write e.g. `require K between R`".into()),
                    );
                    None
                }
                (Some(inner), Some(outer)) => Some(ConstraintKind::Between { inner, outer }),
                _ => None,
            }
        }
    };
    kind.map(|kind| Constraint { kind, when })
}

/// The files of `K not on b g`, each on the board.
fn require_files(
    s: &mut Session,
    files: &[Spanned<String>],
    geometry: Option<Geometry>,
) -> Vec<u8> {
    let n = geometry.map_or(26, |g| g.files);
    let mut out = vec![];
    for f in files {
        let c = f.value.chars().next().unwrap_or('?');
        let i = (c as u32).wrapping_sub('a' as u32);
        if !c.is_ascii_lowercase() || i >= n as u32 {
            let last = (b'a' + n - 1) as char;
            s.error(
                f.span,
                format!("file `{}` is off the board", f.value),
                Some(format!("files run from `a` to `{last}`")),
            );
        } else if !out.contains(&(i as u8)) {
            out.push(i as u8);
        }
    }
    out
}

/// `white not mirroring black [unless unchanged]`: two different sides, checked at the end.
fn not_mirroring(
    s: &mut Session,
    rq: &crate::rules::ast::Require,
    a: &Spanned<Side>,
    b: &Spanned<Side>,
    unless_unchanged: bool,
) -> Option<ConstraintKind> {
    if a.value == b.value {
        let name = s.text(b.span).to_string();
        s.error(
            b.span,
            format!("a side cannot mirror itself: `{name}` names the same side twice"),
            Some("compare the two sides: `require white not mirroring black`".into()),
        );
        return None;
    }
    if rq.when == Some(When::EachSwap) {
        s.error(
            rq.span,
            "a requirement comparing the sides is checked at the end only",
            Some("write `at end`, or leave the time out".into()),
        );
        return None;
    }
    Some(ConstraintKind::NotMirroring {
        side: match a.value {
            Side::White => Color::White,
            Side::Black => Color::Black,
        },
        unless_unchanged,
    })
}

/// `shuffle` replaces the steps; without it there must be steps.
fn check_shuffle(s: &mut Session, keyword: Span, b: &SetupBlock) {
    if let Some(sh) = b.shuffle.first() {
        if !b.steps.is_empty() {
            s.error(
                sh.span,
                "`shuffle` and `step` lines cannot be combined",
                Some("`shuffle` draws every arrangement at random; remove it or the steps".into()),
            );
        }
        if let Some(r) = b.randomize.first() {
            s.error(
                *r,
                "`randomize` is not needed with `shuffle`",
                Some("a shuffle is always drawn at random; remove `randomize`".into()),
            );
        }
    } else if b.steps.is_empty() && (b.in_play.is_empty() || !b.randomize.is_empty()) {
        let help = Some(
            "add `step` lines, or `shuffle` for a random back rank; `setup none` removes the setup"
                .into(),
        );
        match b.randomize.first() {
            Some(sp) => s.error(*sp, "`randomize` needs steps to draw from", help),
            None => s.error(keyword, "the `setup` block has no steps", help),
        }
    }
}

/// Reports a setup phase too large to count (`keyword` is the span of `setup`): the bound of
/// [`setup_size_of`] on the arrays examined is above [`MAX_SETUP_WORK`]. The bound counts
/// distinct arrays, so Double Fischer Random Chess (921,600 positions) passes: each side's 960
/// arrays are found among 5,040 arrangements and the positions are their product.
pub(super) fn check_size(
    s: &mut Session,
    keyword: Span,
    array: &[Option<Piece>],
    g: Geometry,
    sp: &SetupPhase,
) {
    let size = setup_size_of(g, array, Some(sp));
    if size.work <= MAX_SETUP_WORK {
        return;
    }
    let side = (*size.arrays.get(Color::White)).max(*size.arrays.get(Color::Black));
    let limit = format!(
        "Myriad counts at most {}, a few seconds of work",
        big(MAX_SETUP_WORK)
    );
    let (message, help) = match size.shape {
        Shape::Mirrored => (
            format!("this setup phase has too many arrangements to count: {} to examine ({limit})", big(side)),
            "shuffle fewer pieces, or repeat kinds (two knights instead of two kinds)",
        ),
        Shape::Independent if sp.shuffle.is_some() => (
            format!("this setup phase has too many arrangements to count: {} a side, {} to examine ({limit})", big(side), big(size.work)),
            "shuffle fewer pieces, or repeat kinds (two knights instead of two kinds)",
        ),
        Shape::Linked => (
            format!("this setup phase has too many lines of play to count: as many as {}, walked whole because `mirror` steps tie the sides together ({limit})", big(size.lines)),
            "use fewer steps, or fewer pieces before or after `with`; without `mirror` steps each side is counted on its own",
        ),
        _ => (
            format!("this setup phase is too large to count: up to {} arrays a side, {} to examine ({limit})", big(side), big(size.work)),
            "name fewer pieces before or after `with`, or fewer `ranks`: a side's arrays are the arrangements of the pieces its steps can move",
        ),
    };
    s.error(keyword, message, Some(help.into()));
}

/// A count for a message: `64,864,800`, or `10^19 or more` when it saturated.
pub(super) fn big(n: u64) -> String {
    if n == u64::MAX {
        return "10^19 or more".into();
    }
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
