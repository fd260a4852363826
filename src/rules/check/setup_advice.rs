//! What a designer needs to hear about the `require` lines of a setup phase, once the spec is
//! otherwise sound: which lines make the phase impossible to finish (an error that points at
//! them), and which can never fail and so do nothing (a warning).

use crate::rules::ast::{Require, RequireKind, Span};
use crate::rules::session::Session;
use crate::types::Color;
use crate::variant::setup::{
    arrangement_count, for_each_arrangement, legal_setup_moves, movable, Completion, StartArrays,
};
use crate::variant::{ConstraintKind, VariantSpec};

/// Orbits larger than this are not searched for a requirement that can never fail (the
/// warning is then simply not given).
const MAX_ORBIT: u64 = 200_000;

/// A setup phase that can never end with every `require` met would leave the game stuck
/// before move 1. The error points at the `require` lines at fault: a smallest set of them
/// whose removal lets the phase end (found by putting back one line at a time), with notes on
/// the lines they conflict with (a smallest set of lines that cannot all be met). When the
/// `setup` block comes from an extended file, the file being compiled (whose array, say,
/// changed) is blamed as a whole, and the lines are notes.
///
/// `requires` are the block's `require` lines, one for each of the spec's constraints, in
/// order. Run on a spec with no other problem: the size check has bounded the distinct
/// arrays, so each look-ahead is quick.
pub(super) fn check_can_finish(
    s: &mut Session,
    keyword: Span,
    requires: &[Require],
    spec: &VariantSpec,
) {
    let Some(setup) = &spec.setup else {
        return;
    };
    let n = setup.constraints.len();
    if !stuck(spec, &vec![true; n]) {
        return;
    }
    let message = "the setup phase can never end with every `require` met";
    let spans: Vec<Span> = requires.iter().map(|r| r.span).collect();
    // The lines to remove: start with all of them and put back each one the phase can bear.
    let mut fault: Option<Vec<usize>> = None;
    if spans.len() == n && n > 0 && !stuck(spec, &vec![false; n]) {
        let mut keep = vec![false; n];
        for i in 0..n {
            keep[i] = true;
            if stuck(spec, &keep) {
                keep[i] = false;
            }
        }
        fault = Some((0..n).filter(|&i| !keep[i]).collect());
    }
    let Some(fault) = fault.filter(|f| !f.is_empty()) else {
        let help = Some("check the `require` lines against the array and the steps: no sequence of setup moves satisfies them".to_string());
        if keyword.file == super::TOP {
            s.error(keyword, message, help);
        } else {
            s.file_error(super::TOP, message, help);
        }
        return;
    };
    // The lines that cannot all be met: start with all of them and drop each one without
    // which the phase is still stuck.
    let mut core = vec![true; n];
    for i in 0..n {
        core[i] = false;
        if !stuck(spec, &core) {
            core[i] = true;
        }
    }
    let mut notes: Vec<(Span, String)> = Vec::new();
    for &i in &fault[1..] {
        notes.push((spans[i], "this `require` cannot be met either".into()));
    }
    for i in (0..n).filter(|&i| core[i] && !fault.contains(&i)) {
        notes.push((
            spans[i],
            "it cannot be met together with this `require`".into(),
        ));
    }
    let conflict = (0..n).any(|i| core[i] && !fault.contains(&i));
    let help = if fault.len() == 1 && conflict {
        "no sequence of setup moves meets these requirements together; remove one of them, or change the steps or the array"
    } else if fault.len() == 1 {
        "no sequence of setup moves meets this requirement; remove it, or change the steps or the array so that they can meet it"
    } else {
        "no sequence of setup moves meets these requirements; without them the setup phase can end"
    };
    if keyword.file == super::TOP {
        s.error_with_notes(spans[fault[0]], message, notes, Some(help.into()));
    } else {
        let mut all = vec![(spans[fault[0]], "this `require` cannot be met".to_string())];
        all.extend(notes);
        s.file_error(super::TOP, message, Some(help.into()));
        s.add_notes(all);
    }
}

/// Is the phase stuck when only the constraints marked in `keep` apply?
fn stuck(spec: &VariantSpec, keep: &[bool]) -> bool {
    let Some(setup) = &spec.setup else {
        return false;
    };
    let mut spec = spec.clone();
    if let Some(sp) = spec.setup.as_mut() {
        let mut i = 0;
        sp.constraints.retain(|_| {
            i += 1;
            keep.get(i - 1).copied().unwrap_or(true)
        });
    }
    if let (Some(pl), Some(sp)) = (&setup.placement, &spec.setup) {
        let hand = pl.hand_counts();
        Color::ALL.iter().any(|&side| {
            Completion::new(spec.geometry, pl, &sp.constraints, side)
                .can_finish(&mut spec.array.clone(), &hand)
                == Some(false)
        })
    } else if setup.shuffle.is_some() {
        StartArrays::new(&spec).is_empty()
    } else {
        !setup.steps.is_empty() && legal_setup_moves(&spec, spec.array.clone(), 0, &[]).is_empty()
    }
}

/// Warns about each `require` that can never fail: it holds on every arrangement of the
/// pieces the setup phase can move, for both sides (`require opposite-colours Q` when each
/// side has one queen; `require K between R` when no step moves a rook and the king's moves
/// all stay between them). Such a line changes nothing, which is seldom what its author meant.
pub(super) fn warn_toothless(s: &mut Session, requires: &[Require], spec: &VariantSpec) {
    let Some(setup) = &spec.setup else {
        return;
    };
    // A placement phase starts with the pieces in hand, not in the array: the requirements
    // bite on where they are placed (Pre-Chess's bishops), which these arrangements cannot see.
    if requires.len() != setup.constraints.len() || setup.placement.is_some() {
        return;
    }
    let g = spec.geometry;
    let letter = |r: crate::types::Role| spec.roles[r.index()].letter;
    for (c, rq) in setup.constraints.iter().zip(requires) {
        let never_fails = Color::ALL.iter().all(|&side| {
            let (squares, _) = movable(spec, side);
            arrangement_count(&spec.array, &squares) <= MAX_ORBIT
                && for_each_arrangement(&spec.array, &squares, |a| c.holds(g, a, side))
        });
        if !never_fails {
            continue;
        }
        let (why, help) = match (&c.kind, &rq.kind) {
            (ConstraintKind::OppositeColors(r), _) if Color::ALL.iter().all(|&side| {
                spec.array.iter().flatten().filter(|p| p.color == side && p.role == *r).count() < 2
            }) => (
                format!("neither side has two `{}`s", letter(*r)),
                "`opposite-colours` compares two or more pieces of one kind on a side; remove the line, or name a kind each side has twice",
            ),
            (ConstraintKind::OppositeColors(r), _) => (
                format!("no step can put two `{}`s on squares of one colour", letter(*r)),
                "remove the line, or let the steps move these pieces",
            ),
            (ConstraintKind::Between { inner, outer }, RequireKind::Between(..)) => (
                format!("no step can take a `{}` out from between the `{}`s", letter(*inner), letter(*outer)),
                "remove the line, or let the steps move these pieces",
            ),
            (ConstraintKind::Between { .. }, _) => continue,
            (ConstraintKind::NotOnFiles { role, .. }, _) => (
                format!("no step can put a `{}` on those files", letter(*role)),
                "remove the line, or let the steps move these pieces",
            ),
            // compares the two sides: one side's arrangements alone say nothing about it
            (ConstraintKind::NotMirroring { .. }, _) => continue,
        };
        s.warning(
            rq.span,
            format!("this requirement can never fail: {why}"),
            Some(help.into()),
        );
    }
}
