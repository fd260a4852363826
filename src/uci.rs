//! The UCI engine protocol over any rules file.
//!
//! `uci`, `isready`, `setoption name UCI_Chess960 value true`, `ucinewgame`,
//! `position startpos|fen ... [moves ...]` (setup steps as `e8g8` swaps and `0000` passes),
//! `go perft N`, `go ...`, `quit`. Bad input never stops the engine: it is answered with an
//! `info string` and the engine goes on.

use std::io::{BufRead, Write};
use std::sync::Arc;

use crate::game::Game;
use crate::variant::Variant;

/// Runs the UCI loop until `quit` or end of input.
pub fn run<R: BufRead, W: Write>(v: Arc<Variant>, input: R, mut out: W) {
    let mut game = Game::new_seeded(v.clone(), 0);
    let mut chess960 = v.spec.setup.is_some();
    for line in input.lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { continue };
        match cmd {
            "uci" => {
                let _ = writeln!(out, "id name Myriad {}", env!("CARGO_PKG_VERSION"));
                let _ = writeln!(out, "id author the Myriad developers");
                let _ = writeln!(
                    out,
                    "option name UCI_Chess960 type check default {}",
                    chess960
                );
                let _ = writeln!(
                    out,
                    "option name UCI_Variant type combo default {} var {}",
                    v.spec.origin, v.spec.origin
                );
                let _ = writeln!(out, "uciok");
            }
            "isready" => {
                let _ = writeln!(out, "readyok");
            }
            "ucinewgame" => game = Game::new_seeded(v.clone(), 0),
            "setoption" => {
                let text = line.to_ascii_lowercase();
                if text.contains("name uci_chess960") {
                    chess960 = text.trim_end().ends_with("true");
                }
            }
            "position" => match parse_position(&v, &words[1..]) {
                Ok(g) => game = g,
                Err(e) => {
                    let _ = writeln!(out, "info string error: {}", e.replace('\n', " "));
                }
            },
            "go" => {
                if words.get(1) == Some(&"perft") {
                    let depth: u32 = words.get(2).and_then(|d| d.parse().ok()).unwrap_or(1);
                    let mut g = game.clone();
                    let mut total = 0;
                    for (m, n) in g.perft_divide(depth.max(1)) {
                        let _ = writeln!(out, "{}: {}", game.uci(m, chess960), n);
                        total += n;
                    }
                    let _ = writeln!(out);
                    let _ = writeln!(out, "Nodes searched: {total}");
                } else {
                    match game.legal_moves().first() {
                        Some(&m) => {
                            let _ = writeln!(out, "bestmove {}", game.uci(m, chess960));
                        }
                        None => {
                            let _ = writeln!(out, "bestmove 0000");
                        }
                    }
                }
            }
            "d" => {
                let _ = writeln!(out, "{}", game.fen());
            }
            "stop" | "ponderhit" | "debug" | "register" => {}
            "quit" => break,
            _ => {
                let _ = writeln!(out, "info string unknown command `{cmd}`");
            }
        }
        let _ = out.flush();
    }
}

/// Parses the arguments of `position`.
pub fn parse_position(v: &Arc<Variant>, args: &[&str]) -> Result<Game, String> {
    let moves_at = args.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let mut game = match head.first() {
        Some(&"startpos") => Game::new_seeded(v.clone(), 0),
        Some(&"fen") => {
            Game::from_fen(v.clone(), &head[1..].join(" ")).map_err(|e| e.to_string())?
        }
        _ => return Err("expected `position startpos` or `position fen <fen>`".into()),
    };
    for m in moves {
        let mv = game.parse_move(m).map_err(|e| format!("move `{m}`: {e}"))?;
        game.play(mv).map_err(|e| format!("move `{m}`: {e}"))?;
    }
    Ok(game)
}
