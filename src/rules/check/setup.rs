//! `setup { ... }`: the steps, the requirements, `randomize` and `shuffle`; then, on the whole
//! spec, whether the setup phase is small enough to walk and can end at all.

use std::collections::HashMap;

use super::{report_twice, role_of};
use crate::rules::ast::{RequireKind, SetupBlock, Side, Span, Step, StepDecl, When};
use crate::rules::keywords::{Block, Kw};
use crate::rules::session::Session;
use crate::types::{Color, Geometry, Piece, Role};
use crate::variant::setup::{legal_setup_moves, StartArrays};
use crate::variant::{
    Constraint, ConstraintKind, ConstraintWhen, SetupPhase, SetupStep, Shuffle, StepAction,
    VariantSpec,
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
    let constraints = b
        .requires
        .iter()
        .filter_map(|rq| check_require(s, rq, letters))
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
                        st.span,
                        "a piece cannot swap only with its own kind",
                        Some("list other pieces after `with`".into()),
                    );
                }
                let mut rk = vec![];
                for r in ranks {
                    let max = geometry.map_or(12, |g| g.ranks as i64);
                    if r.value < 1 || r.value > max {
                        let msg = format!("rank `{}` is off the board", s.text(r.span));
                        s.error(
                            r.span,
                            msg,
                            Some(format!(
                                "ranks count from 1 (the side's own back rank) to {max}"
                            )),
                        );
                    } else if !rk.contains(&((r.value - 1) as u8)) {
                        rk.push((r.value - 1) as u8);
                    }
                }
                StepAction::Swap {
                    relocate,
                    with,
                    ranks: rk,
                    optional: !optional.is_empty(),
                }
            }
        };
        prev = Some((st.side, matches!(st.action, StepDecl::Mirror)));
        out.push(SetupStep {
            side: color,
            action,
        });
    }
    out
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
) -> Option<Constraint> {
    let when = match rq.when {
        Some(When::EachSwap) => ConstraintWhen::EachSwap,
        Some(When::End) | None => ConstraintWhen::Final,
    };
    let kind = match &rq.kind {
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
    } else if b.steps.is_empty() {
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

/// The most setup lines (or shuffled arrangements) a rules file may declare, counted
/// generously by [`setup_lines_bound`]: every walk over the setup phase (legal setup moves,
/// random starts, `myriad positions`) stays within this many leaves.
pub const MAX_SETUP_LINES: u64 = 1_000_000;

/// Reports a setup phase too large to walk (`keyword` is the span of `setup`).
pub(super) fn check_size(
    s: &mut Session,
    keyword: Span,
    array: &[Option<Piece>],
    g: Geometry,
    sp: &SetupPhase,
) {
    let lines = setup_lines_bound(array, g, sp);
    if lines <= MAX_SETUP_LINES {
        return;
    }
    let what = if sp.shuffle.is_some() {
        "arrangements"
    } else {
        "lines of play"
    };
    let count = if lines == u64::MAX {
        "10^19 or more".to_string()
    } else {
        lines.to_string()
    };
    s.error(
        keyword,
        format!(
            "this setup phase has too many {what}: as many as {count} (at most {MAX_SETUP_LINES} are allowed)"
        ),
        Some(if sp.shuffle.is_some() {
            "shuffle fewer pieces, or repeat kinds (two knights instead of two kinds)".into()
        } else {
            "use fewer steps, or fewer pieces before or after `with` (each step multiplies the choices)".into()
        }),
    );
}

/// A setup phase that can never end with every `require` met would leave the game stuck
/// before move 1: reported at `keyword` (the span of `setup`) if the block is in the file being
/// compiled, else against that file as a whole. Run on a spec with no other problem: the
/// size check has bounded the setup tree, so this look-ahead is quick.
pub(super) fn check_can_finish(s: &mut Session, keyword: Span, spec: &VariantSpec) {
    let Some(setup) = &spec.setup else {
        return;
    };
    let stuck = if setup.shuffle.is_some() {
        StartArrays::new(spec).is_empty()
    } else {
        !setup.steps.is_empty() && legal_setup_moves(spec, spec.array.clone(), 0, &[]).is_empty()
    };
    if !stuck {
        return;
    }
    let message = "the setup phase can never end with every `require` met";
    let help = Some("check the `require` lines against the array and the steps: no sequence of setup moves satisfies them".to_string());
    if keyword.file == super::TOP {
        s.error(keyword, message, help);
    } else {
        s.file_error(super::TOP, message, help);
    }
}

/// An upper bound on the leaves of the setup game tree: for each swap step, the side's pieces
/// of a relocating kind times its pieces of a relocatee kind (anywhere on the board), plus one
/// for a pass; mirror steps have one move. For a shuffle, the distinct arrangements of each
/// side's back rank (White's only when mirrored). Saturates at `u64::MAX`.
pub(crate) fn setup_lines_bound(array: &[Option<Piece>], g: Geometry, setup: &SetupPhase) -> u64 {
    if let Some(sh) = &setup.shuffle {
        let sides: &[Color] = if sh.mirrored {
            &[Color::White]
        } else {
            &Color::ALL
        };
        return sides.iter().fold(1u64, |total, &side| {
            total.saturating_mul(back_rank_arrangements(array, g, side))
        });
    }
    let count = |side: Color, roles: &[Role]| -> u64 {
        array
            .iter()
            .flatten()
            .filter(|p| p.color == side && roles.contains(&p.role))
            .count() as u64
    };
    setup.steps.iter().fold(1u64, |acc, st| match &st.action {
        StepAction::Swap {
            relocate,
            with,
            optional,
            ..
        } => acc.saturating_mul(
            count(st.side, relocate)
                .saturating_mul(count(st.side, with))
                .saturating_add(*optional as u64)
                .max(1),
        ),
        _ => acc,
    })
}

/// The distinct arrangements of `side`'s back rank: n! / prod(c!) over the kinds (empty
/// squares a kind of their own), as a product of binomials, saturating.
fn back_rank_arrangements(array: &[Option<Piece>], g: Geometry, side: Color) -> u64 {
    let rank = if side.is_white() { 0 } else { g.ranks - 1 };
    let mut kinds: HashMap<Option<Piece>, u64> = HashMap::new();
    for f in 0..g.files {
        *kinds.entry(array[g.square(f, rank).index()]).or_default() += 1;
    }
    let mut n = 0u64;
    let mut perms: u128 = 1;
    for &c in kinds.values() {
        for i in 1..=c {
            n += 1;
            perms = perms.saturating_mul(n as u128) / i as u128;
        }
    }
    u64::try_from(perms).unwrap_or(u64::MAX)
}
