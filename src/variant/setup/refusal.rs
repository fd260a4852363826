//! Why a setup move the step declares is not offered: the requirement(s) it would break, for
//! the banner that says why Keep disappeared ("keeping would leave the bishops on squares of
//! one colour").

use super::walk::{apply, Walker};
use super::{Array, ConstraintKind, ConstraintWhen, SetupPhase};
use crate::types::{Move, MoveKind};
use crate::variant::VariantSpec;

/// The requirements of the setup phase that refuse `m` at step `step` of `array` (the steps
/// before it played as `played`): those broken at once by the swap (checked after each swap),
/// else those without which the phase could still end. Empty when `m` is legal, or is not a
/// move the step declares at all, or no single requirement is at fault.
pub fn refusing_requirements(
    spec: &impl AsRef<VariantSpec>,
    mut array: Array,
    step: usize,
    played: &[Move],
    m: Move,
) -> Vec<usize> {
    let spec = spec.as_ref();
    let Some(setup) = &spec.setup else {
        return Vec::new();
    };
    if step >= setup.steps.len() {
        return Vec::new();
    }
    let side = setup.steps[step].side;
    let line: Vec<Move> = played.iter().copied().take(step).collect();
    let w = Walker::new(spec, setup);
    let candidates = w.candidates(&mut array.clone(), step, &line);
    if !candidates.contains(&m) {
        // Not declared, or broken at once: which "after each swap" requirement fails?
        if m.kind != MoveKind::Swap {
            return Vec::new();
        }
        let mut after = array.clone();
        apply(&mut after, m);
        return setup
            .constraints
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                c.when == ConstraintWhen::EachSwap && !c.holds(spec.geometry, &after, side)
            })
            .map(|(i, _)| i)
            .collect();
    }
    apply(&mut array, m);
    let mut next = line.clone();
    next.push(m);
    if w.completion_exists(&mut array.clone(), step + 1, &mut next.clone()) {
        return Vec::new();
    }
    (0..setup.constraints.len())
        .filter(|&i| {
            let mut without: SetupPhase = setup.clone();
            without.constraints.remove(i);
            let w = Walker::new(spec, &without);
            w.completion_exists(&mut array.clone(), step + 1, &mut next.clone())
        })
        .collect()
}

/// A requirement in words, for a sentence such as "keeping would leave {it} unmet": "the
/// bishops on squares of both colours".
pub fn describe_requirement(spec: &impl AsRef<VariantSpec>, i: usize) -> String {
    let spec = spec.as_ref();
    let Some(c) = spec.setup.as_ref().and_then(|s| s.constraints.get(i)) else {
        return String::new();
    };
    let plural = |r: crate::types::Role| {
        let n = spec.roles[r.index()].name.to_lowercase();
        if n.ends_with('s') {
            n
        } else {
            format!("{n}s")
        }
    };
    let single = |r: crate::types::Role| spec.roles[r.index()].name.to_lowercase();
    match &c.kind {
        ConstraintKind::OppositeColors(r) => {
            format!("the {} on squares of both colours", plural(*r))
        }
        ConstraintKind::Between { inner, outer } => {
            format!("the {} between the {}", single(*inner), plural(*outer))
        }
        ConstraintKind::NotOnFiles { role, files } => {
            let f: Vec<String> = files
                .iter()
                .map(|&f| ((b'a' + f) as char).to_string())
                .collect();
            format!("the {} off the {}-file", single(*role), f.join("- and "))
        }
        ConstraintKind::NotMirroring { side, .. } => {
            format!("{side}'s array not the mirror image of {}'s", !*side)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeping_in_regroupment_is_refused_for_the_bishops_colours() {
        let v = crate::rules::load("regroupment").expect("bundled");
        let spec: &VariantSpec = v.as_ref();
        let g = spec.geometry;
        // Black's king step (step 0) swaps e8 with f8's bishop: king on f8, bishop on e8, so
        // the bishops (c8, e8) share a colour and the queen step must undo that.
        let king = Move::swap(g.square(4, 7), g.square(5, 7));
        let mut array = spec.array.clone();
        apply(&mut array, king);
        // step 1 is Black's queen step
        let refused = refusing_requirements(&v, array, 1, &[king], Move::PASS);
        assert!(!refused.is_empty(), "passing must be refused");
        let words: Vec<String> = refused
            .iter()
            .map(|&i| describe_requirement(&v, i))
            .collect();
        assert!(
            words
                .iter()
                .any(|w| w.contains("bishops on squares of both colours")),
            "{words:?}"
        );
    }
}
