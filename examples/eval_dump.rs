//! Writes Myriad's evaluation beside each labelled position, for the learnt correction's
//! trainer (`scripts/net_train.py`): reads `fen ; cp ; game` lines (`scripts/net_data.py`) and
//! writes `fen ; cp ; eval ; game`, `eval` the evaluation derived from the rules file alone
//! (without the network), in centipawns from White's point of view, as the chess960 rules file
//! gives it (`fen ; cp` lines, without the game, give `fen ; cp ; eval`).
//!
//!     cargo run --release --no-default-features --example eval_dump -- data.txt > dump.txt
//!
//! With `--net`, it writes instead `fen ; correction`: the bundled network's correction in
//! centipawns for the side to move (the full evaluation less the derived one), to check the
//! trainer's arithmetic against the engine's on a few positions.

use myriad::position::AnyPosition;
use myriad::search::weights::EvalWeights;
use myriad::search::{evaluate, evaluate_with};
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: eval_dump DATA [--net] (DATA from scripts/net_data.py)";
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let net = args.iter().any(|a| a == "--net");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    let v = myriad::rules::load("chess960").expect("the bundled chess960");
    let (mut fens, mut labels, mut games, mut pos) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let mut parts = line.split(" ; ");
        let (Some(fen), cp, game) = (parts.next(), parts.next().unwrap_or(""), parts.next()) else {
            continue;
        };
        match AnyPosition::from_fen(&v, fen) {
            Ok(p) => {
                fens.push(fen);
                labels.push(cp.trim());
                games.push(game.map(|g| format!(" ; {}", g.trim())).unwrap_or_default());
                pos.push(p);
            }
            Err(e) => eprintln!("{path}:{}: skipped ({e}): {line}", n + 1),
        }
    }
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let derived = evaluate_with(&v, &pos, EvalWeights::default());
    for i in 0..pos.len() {
        let line = if net {
            let stm = if pos[i].turn().is_white() { 1 } else { -1 };
            format!("{} ; {}", fens[i], evaluate(&v, &pos[i]) - stm * derived[i])
        } else {
            format!("{} ; {} ; {}{}", fens[i], labels[i], derived[i], games[i])
        };
        if writeln!(out, "{line}").is_err() {
            return; // (the reader has gone: `| head`)
        }
    }
}
