//! The Texel tuner of the evaluation's weights (src/search/weights.rs): reads the labelled
//! positions that `scripts/texel_tune.py` writes (`fen ; cp`, a reference engine's score from
//! White's view) and fits the weights by coordinate descent so that Myriad's static
//! evaluation, mapped to an expected result by 1 / (1 + 10^(-cp/400)), comes closest to the
//! labels mapped the same way (mean squared error). 90% of the positions are fitted, 10% held
//! out; both errors are printed before and after, and the weights as Rust code.
//!
//! The evaluation is first multiplied by a scale `k`, fitted once on the starting weights and
//! then held: the reference engine's centipawns need not be this evaluation's, and without
//! the scale the fit shrinks whichever weights it can to close the gap. On Stockfish's labels
//! of self-play positions `k` came out 0.95, on those of Myriad's games against Stockfish
//! 0.49 (docs/levels.md, "A pawn in the endgame"). `--no-scale` fits with `k = 1`, as the
//! fits before it did.
//!
//!     cargo run --release --no-default-features --example texel -- /tmp/texel/data.txt
//!
//! With `--only NAME,NAME,...` only those weights move (new terms fitted around the others).

use myriad::position::AnyPosition;
use myriad::search::evaluate_with;
use myriad::search::weights::EvalWeights;
use myriad::variant::Variant;

fn expected(cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-cp / 400.0))
}

/// The mean squared error of the evaluations under `w`, each multiplied by `k` before the
/// curve.
fn error(v: &Variant, pos: &[AnyPosition], labels: &[f64], w: EvalWeights, k: f64) -> f64 {
    let evals = evaluate_with(v, pos, w);
    scaled_error(&evals, labels, k)
}

fn scaled_error(evals: &[i32], labels: &[f64], k: f64) -> f64 {
    let total: f64 = evals
        .iter()
        .zip(labels)
        .map(|(&e, &l)| (expected(k * f64::from(e)) - l).powi(2))
        .sum();
    total / labels.len().max(1) as f64
}

/// The scale `k` in 0.1..=3 that brings the evaluations under `w` closest to the labels (by
/// golden-section search): the reference engine's centipawns need not be this evaluation's.
fn fit_scale(v: &Variant, pos: &[AnyPosition], labels: &[f64], w: EvalWeights) -> f64 {
    let evals = evaluate_with(v, pos, w);
    let (mut lo, mut hi) = (0.1f64, 3.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    while hi - lo > 1e-4 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if scaled_error(&evals, labels, a) < scaled_error(&evals, labels, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: texel DATA [--no-scale] [--only NAME,NAME,...] (DATA from scripts/texel_tune.py)";
    let path = args.first().expect(usage).clone();
    let scale = !args.iter().any(|a| a == "--no-scale");
    let rest: Vec<&str> = args[1..]
        .iter()
        .map(String::as_str)
        .filter(|a| *a != "--no-scale")
        .collect();
    let only: Option<Vec<&str>> = match rest.first().copied() {
        Some("--only") => Some(rest.get(1).expect(usage).split(',').collect()),
        Some(_) => panic!("{usage}"),
        None => None,
    };
    if let Some(names) = &only {
        for n in names {
            assert!(EvalWeights::NAMES.contains(n), "no weight `{n}`");
        }
    }
    let fitted = |i: usize| {
        only.as_ref()
            .is_none_or(|o| o.contains(&EvalWeights::NAMES[i]))
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v = myriad::rules::load("chess960").expect("the bundled chess960");
    let (mut pos, mut labels) = (Vec::new(), Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let Some((fen, cp)) = line.split_once(" ; ") else {
            continue;
        };
        let (Ok(p), Ok(cp)) = (AnyPosition::from_fen(&v, fen), cp.trim().parse::<f64>()) else {
            eprintln!("skipped: {line}");
            continue;
        };
        pos.push(p);
        labels.push(expected(cp));
    }
    let held = pos.len() / 10;
    let (test_pos, train_pos) = pos.split_at(held);
    let (test_l, train_l) = labels.split_at(held);
    println!(
        "{} positions fitted, {} held out",
        train_pos.len(),
        test_pos.len()
    );
    let start = EvalWeights::default();
    let k = if scale {
        fit_scale(&v, train_pos, train_l, start)
    } else {
        1.0
    };
    println!("scale: the evaluation times {k:.4} before the curve");
    let mut best = start.values();
    let mut best_err = error(&v, train_pos, train_l, start, k);
    println!(
        "before: fitted {best_err:.6}, held out {:.6}",
        error(&v, test_pos, test_l, start, k)
    );
    let mut steps: Vec<i32> = best.iter().map(|&x| (x.abs() / 4).max(2)).collect();
    for round in 1..=60 {
        let mut improved = false;
        for i in (0..best.len()).filter(|&i| fitted(i)) {
            for dir in [1, -1] {
                let mut x = best;
                x[i] = (x[i] + dir * steps[i]).max(0);
                let e = error(&v, train_pos, train_l, EvalWeights::from_values(x), k);
                if e < best_err {
                    best_err = e;
                    best = x;
                    improved = true;
                    break;
                }
            }
        }
        println!("round {round}: fitted {best_err:.6}");
        if !improved {
            if (0..steps.len()).all(|i| !fitted(i) || steps[i] <= 1) {
                break;
            }
            for s in &mut steps {
                *s = (*s / 2).max(1);
            }
        }
    }
    let tuned = EvalWeights::from_values(best);
    println!(
        "after: fitted {best_err:.6}, held out {:.6}",
        error(&v, test_pos, test_l, tuned, k)
    );
    println!("EvalWeights {{");
    for (name, (old, new)) in EvalWeights::NAMES
        .iter()
        .zip(start.values().iter().zip(best.iter()))
    {
        println!("    {name}: {new}, // was {old}");
    }
    println!("}}");
}
