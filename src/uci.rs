//! The UCI engine protocol over any rules file.
//!
//! `uci`, `isready`, `setoption name ... value ...` (`UCI_Chess960`, `Hash`, `Skill Level`,
//! `MultiPV`), `ucinewgame`, `position startpos|fen ... [moves ...]` (setup steps as `e8g8`
//! swaps and `0000` passes), `go perft N` (stoppable), `go [depth N] [nodes N] [movetime T]
//! [wtime T] [btime T] [winc T] [binc T] [movestogo N] [infinite]`, `stop`, `quit`. The search
//! runs in its own thread, so `stop` and `isready` are answered while it thinks; it reports an
//! `info` line after each completed depth (one per line with `MultiPV`) and ends with
//! `bestmove`. Bad input never stops the engine: it is answered with an `info string` and the
//! engine goes on.

use std::io::{BufRead, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::game::Game;
use crate::search::{Engine, Limits, Report, Score};
use crate::types::Move;
use crate::variant::Variant;

/// A search in progress: its thread (which gives the engine back), its stop flag, and
/// whether it is infinite.
type Running<'s> = Option<(
    std::thread::ScopedJoinHandle<'s, Engine>,
    Arc<AtomicBool>,
    bool,
)>;

/// The longest input line read, in bytes; longer lines are ignored with an `info string`.
pub const MAX_LINE: usize = 1 << 16;

/// The most lines `MultiPV` may ask for.
const MAX_MULTIPV: usize = 256;

/// Default transposition table size, in megabytes.
const DEFAULT_HASH_MB: usize = 16;

/// Writes one line and flushes it (the GUI reads line by line).
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut o) = out.lock() {
        let _ = writeln!(o, "{line}");
        let _ = o.flush();
    }
}

/// Runs the UCI loop until `quit` or end of input. At the end of input a running search is
/// allowed to finish (an infinite one is stopped), so piped scripts get their `bestmove`.
pub fn run<R: BufRead, W: Write + Send>(v: Arc<Variant>, input: R, out: W) {
    run_with_hash(v, input, out, DEFAULT_HASH_MB)
}

/// [`run`] with a transposition table of `hash_mb` megabytes until `setoption name Hash`
/// says otherwise (the fuzzer starts thousands of sessions a minute with a small one).
pub fn run_with_hash<R: BufRead, W: Write + Send>(
    v: Arc<Variant>,
    input: R,
    out: W,
    hash_mb: usize,
) {
    let out = Mutex::new(out);
    let out = &out;
    let mut game = Game::new_seeded(v.clone(), 0);
    let mut chess960 = v.spec.setup.is_some();
    let mut engine = Some(Engine::new(hash_mb));
    std::thread::scope(|scope| {
        // the running search: its thread (which gives the engine back), its stop flag, and
        // whether it is infinite
        let mut running: Running<'_> = None;
        let finish = |running: &mut Running<'_>, engine: &mut Option<Engine>, stop_it: bool| {
            if let Some((handle, stop, _)) = running.take() {
                if stop_it {
                    stop.store(true, Ordering::Relaxed);
                }
                *engine = Some(handle.join().unwrap_or_else(|_| Engine::new(hash_mb)));
            }
        };
        let mut input = input;
        let mut buf = Vec::new();
        loop {
            // Lines are read as bytes: text that is not UTF-8 is a bad line like any other,
            // not the end of the session, and a line longer than MAX_LINE is refused.
            buf.clear();
            match Read::take(&mut input, MAX_LINE as u64).read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            if buf.len() >= MAX_LINE && buf.last() != Some(&b'\n') {
                // skip the rest of the line
                let mut rest = Vec::new();
                loop {
                    rest.clear();
                    match Read::take(&mut input, MAX_LINE as u64).read_until(b'\n', &mut rest) {
                        Ok(0) | Err(_) => break,
                        Ok(_) if rest.last() == Some(&b'\n') => break,
                        Ok(_) => {}
                    }
                }
                say(
                    out,
                    &format!("info string line ignored: longer than {MAX_LINE} bytes"),
                );
                continue;
            }
            let line = String::from_utf8_lossy(&buf);
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(&cmd) = words.first() else { continue };
            match cmd {
                "uci" => {
                    say(
                        out,
                        &format!("id name Myriad {}", env!("CARGO_PKG_VERSION")),
                    );
                    say(out, "id author the Myriad developers");
                    say(
                        out,
                        &format!("option name UCI_Chess960 type check default {chess960}"),
                    );
                    say(out, &variant_option(&v));
                    say(
                        out,
                        &format!(
                            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 4096"
                        ),
                    );
                    say(
                        out,
                        "option name Skill Level type spin default 10 min 1 max 10",
                    );
                    say(
                        out,
                        &format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
                    );
                    say(out, "uciok");
                }
                "isready" => say(out, "readyok"),
                "ucinewgame" => {
                    finish(&mut running, &mut engine, true);
                    game = Game::new_seeded(v.clone(), 0);
                    if let Some(e) = engine.as_mut() {
                        e.new_game();
                    }
                }
                "setoption" => {
                    finish(&mut running, &mut engine, true);
                    let (name, value) = parse_setoption(&words[1..]);
                    if name.is_empty() {
                        say(
                            out,
                            "info string expected `setoption name <id> [value <x>]`",
                        );
                        continue;
                    }
                    let e = engine.as_mut().expect("the engine is back");
                    match name.to_ascii_lowercase().as_str() {
                        "uci_chess960" => chess960 = value.eq_ignore_ascii_case("true"),
                        "hash" => match value.parse::<usize>() {
                            Ok(mb) if (1..=4096).contains(&mb) => e.set_hash(mb),
                            _ => say(
                                out,
                                &format!("info string bad Hash value `{value}` (1..4096 MB)"),
                            ),
                        },
                        "skill level" => match value.parse::<u8>() {
                            Ok(l) if (1..=10).contains(&l) => e.set_level(l),
                            _ => say(
                                out,
                                &format!("info string bad Skill Level `{value}` (1..10)"),
                            ),
                        },
                        "multipv" => match value.parse::<usize>() {
                            Ok(n) if (1..=MAX_MULTIPV).contains(&n) => e.set_multipv(n),
                            _ => say(
                                out,
                                &format!("info string bad MultiPV `{value}` (1..{MAX_MULTIPV})"),
                            ),
                        },
                        "uci_variant" | "threads" | "ponder" | "move overhead" => {}
                        _ => say(out, &format!("info string unknown option `{name}`")),
                    }
                }
                "position" => {
                    finish(&mut running, &mut engine, true);
                    match parse_position(&v, &words[1..]) {
                        Ok(g) => game = g,
                        Err(e) => say(
                            out,
                            &format!(
                                "info string error: {}",
                                e.replace("\n  = help: ", "; help: ").replace('\n', " ")
                            ),
                        ),
                    }
                }
                "go" => {
                    finish(&mut running, &mut engine, true);
                    if words.get(1) == Some(&"perft") {
                        let depth: u32 = match words.get(2).map(|d| d.parse::<u32>()) {
                            None => 1,
                            Some(Ok(d)) => d,
                            Some(Err(_)) => {
                                say(
                                    out,
                                    &format!(
                                        "info string `go perft`: `{}` is not a number",
                                        words[2]
                                    ),
                                );
                                continue;
                            }
                        };
                        // In the search thread like `go`, so `stop`, `isready` and `quit`
                        // are answered while it counts.
                        let stop = Arc::new(AtomicBool::new(false));
                        let eng = engine.take().expect("the engine is back");
                        let mut g = game.clone();
                        let flag = stop.clone();
                        let handle = scope.spawn(move || {
                            let root = g.clone();
                            let (mut total, mut counted) = (0, 0);
                            let done = g.perft_divide_until(depth.max(1), &flag, |m, n| {
                                say(out, &format!("{}: {n}", root.uci(m, chess960)));
                                total += n;
                                counted += 1;
                            });
                            if done {
                                say(out, "");
                                say(out, &format!("Nodes searched: {total}"));
                            } else {
                                say(
                                    out,
                                    &format!(
                                        "info string perft stopped: {counted} of {} moves counted, {total} nodes",
                                        root.legal_moves().len()
                                    ),
                                );
                            }
                            eng
                        });
                        running = Some((handle, stop, false));
                        continue;
                    }
                    let limits = match parse_go(&words[1..]) {
                        Ok(l) => l,
                        Err(e) => {
                            say(out, &format!("info string {e}"));
                            continue;
                        }
                    };
                    let stop = Arc::new(AtomicBool::new(false));
                    let mut eng = engine.take().expect("the engine is back");
                    let g = game.clone();
                    let flag = stop.clone();
                    let infinite = limits.infinite;
                    let handle = scope.spawn(move || {
                        let mut report = |r: &Report| say(out, &info_line(&g, r, chess960));
                        let best = eng.think(&g, &limits, &flag, &mut report);
                        match best {
                            Some(m) => say(out, &format!("bestmove {}", g.uci(m, chess960))),
                            None => say(out, "bestmove 0000"),
                        }
                        eng
                    });
                    running = Some((handle, stop, infinite));
                }
                "stop" => finish(&mut running, &mut engine, true),
                "d" => say(out, &game.fen()),
                "ponderhit" | "debug" | "register" => {}
                "quit" => {
                    finish(&mut running, &mut engine, true);
                    break;
                }
                _ => say(out, &format!("info string unknown command `{cmd}`")),
            }
        }
        let infinite = running.as_ref().is_some_and(|r| r.2);
        finish(&mut running, &mut engine, infinite);
    });
}

/// The `UCI_Variant` option: the rules file's short name; GUIs that know only chess (such as
/// python-chess, which sets `UCI_Variant chess` for standard and Chess960 boards) may also
/// choose `chess` on an 8x8 board.
fn variant_option(v: &Variant) -> String {
    let stem = v.origin().stem().replace(' ', "-");
    let mut vars = vec![stem.clone()];
    let g = v.geometry();
    if stem != "chess" && g.files == 8 && g.ranks == 8 {
        vars.push("chess".into());
    }
    let vars: Vec<String> = vars.iter().map(|x| format!("var {x}")).collect();
    format!(
        "option name UCI_Variant type combo default {stem} {}",
        vars.join(" ")
    )
}

/// Splits `name <words> value <words>` of `setoption`.
fn parse_setoption(args: &[&str]) -> (String, String) {
    let name_at = args.iter().position(|w| w.eq_ignore_ascii_case("name"));
    let value_at = args.iter().position(|w| w.eq_ignore_ascii_case("value"));
    let name_end = value_at.unwrap_or(args.len());
    let name = match name_at {
        Some(i) if i < name_end => args[i + 1..name_end].join(" "),
        _ => String::new(),
    };
    let value = match value_at {
        Some(i) => args[i + 1..].join(" "),
        None => String::new(),
    };
    (name, value)
}

/// Parses the arguments of `go` (other than `perft`).
pub fn parse_go(args: &[&str]) -> Result<Limits, String> {
    let mut l = Limits::default();
    let mut i = 0;
    let num = |i: usize| -> Result<i64, String> {
        let w = args
            .get(i + 1)
            .ok_or_else(|| format!("`go {}` needs a number", args[i]))?;
        w.parse::<i64>()
            .map_err(|_| format!("`go {}`: `{w}` is not a number", args[i]))
    };
    let ms = |x: i64| Duration::from_millis(x.max(0) as u64);
    while i < args.len() {
        match args[i] {
            "infinite" => {
                l.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                i += 1;
                continue;
            }
            "depth" => l.depth = Some(num(i)?.max(1) as u32),
            "mate" => l.depth = Some((num(i)?.max(1) * 2) as u32),
            "nodes" => l.nodes = Some(num(i)?.max(1) as u64),
            "movetime" => l.movetime = Some(ms(num(i)?)),
            "wtime" => l.wtime = Some(ms(num(i)?)),
            "btime" => l.btime = Some(ms(num(i)?)),
            "winc" => l.winc = Some(ms(num(i)?)),
            "binc" => l.binc = Some(ms(num(i)?)),
            "movestogo" => l.movestogo = Some(num(i)?.max(1) as u32),
            "searchmoves" => return Err("`go searchmoves` is not supported".into()),
            w => return Err(format!("unknown `go` parameter `{w}`")),
        }
        i += 2;
    }
    Ok(l)
}

/// The `info` line of a report, with the principal variation in UCI notation.
pub fn info_line(game: &Game, r: &Report, chess960: bool) -> String {
    let score = match r.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    let mut pos = *game.position();
    let v = game.variant();
    let mut pv = Vec::new();
    for &m in &r.pv {
        if !pos.legal_moves(v).as_slice().contains(&m) {
            break;
        }
        pv.push(pos.uci(v, m, chess960));
        pos.play(v, m);
    }
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} time {} pv {}",
        r.depth,
        r.seldepth,
        r.multipv,
        score,
        r.nodes,
        r.nps,
        r.time.as_millis(),
        pv.join(" ")
    )
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
        let mv: Move = game.parse_move(m).map_err(|e| format!("move `{m}`: {e}"))?;
        game.play(mv).map_err(|e| format!("move `{m}`: {e}"))?;
    }
    Ok(game)
}
