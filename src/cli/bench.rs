//! `myriad bench`: a fixed perft set (and, with the AI, a fixed search set); prints nodes/s.

use myriad::position::AnyPosition;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `myriad bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Perft depth for the 8x8 positions
    #[arg(long, default_value_t = 5)]
    pub depth: u32,
}

/// The fixed set: (bundled file, FEN or empty for the start, depth offset).
const SET: &[(&str, &str)] = &[
    ("chess", ""),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "chess",
        "rkbnnbqr/pppppppp/8/8/8/8/PPPPPPPP/RNKNBBQR w HAha - 0 1",
    ),
    (
        "chess",
        "rqknbbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR w HAha - 0 1",
    ),
    ("capablanca", ""),
];

/// Runs the bench.
pub fn run(a: BenchArgs) -> Result<(), ExitCode> {
    let mut nodes = 0u64;
    let mut secs = 0f64;
    for (file, fen) in SET {
        let v = super::load(file)?;
        let pos = if fen.is_empty() {
            AnyPosition::start(&v)
        } else {
            AnyPosition::from_fen(&v, fen).map_err(|e| {
                eprintln!("error: {e}");
                ExitCode::from(1)
            })?
        };
        let depth = if *file == "capablanca" {
            a.depth.saturating_sub(1).max(1)
        } else {
            a.depth
        };
        let t = Instant::now();
        let n = pos.perft(&v, depth);
        let s = t.elapsed().as_secs_f64();
        println!(
            "{:12} depth {} {:>12} nodes {:>8.3} s {:>12.0} nodes/s  {}",
            file,
            depth,
            n,
            s,
            n as f64 / s.max(1e-9),
            if fen.is_empty() { "start" } else { fen }
        );
        nodes += n;
        secs += s;
    }
    println!(
        "perft total: {nodes} nodes in {secs:.3} s: {:.0} nodes/s (last ply counted in bulk)",
        nodes as f64 / secs.max(1e-9)
    );
    search_bench(&SET.iter().map(|(f, fen)| (*f, *fen)).collect::<Vec<_>>())
}

/// Search speed (appended by the AI work): each position of the set searched to a fixed depth
/// with a fresh engine, then a stop-latency check on an infinite search.
fn search_bench(set: &[(&str, &str)]) -> Result<(), ExitCode> {
    use myriad::game::Game;
    use myriad::search::{Engine, Limits};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::Duration;
    const SEARCH_DEPTH: u32 = 9;
    let mut nodes = 0u64;
    let mut secs = 0f64;
    let mut stop_game = None;
    for (file, fen) in set {
        let v = super::load(file)?;
        let game = if fen.is_empty() {
            Game::new_seeded(v.clone(), 0)
        } else {
            Game::from_fen(v.clone(), fen).map_err(|e| {
                eprintln!("error: {e}");
                ExitCode::from(1)
            })?
        };
        let depth = if v.is_small() {
            SEARCH_DEPTH
        } else {
            SEARCH_DEPTH - 2
        };
        let mut engine = Engine::new(16);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let mut last = None;
        let t = Instant::now();
        let best = engine.think(&game, &limits, &stop, &mut |r| last = Some(r.clone()));
        let s = t.elapsed().as_secs_f64();
        let n = last.as_ref().map(|r| r.nodes).unwrap_or(0);
        println!(
            "search {:10} depth {} {:>10} nodes {:>8.3} s {:>10.0} nodes/s  best {}",
            file,
            depth,
            n,
            s,
            n as f64 / s.max(1e-9),
            best.map(|m| game.uci(m, true))
                .unwrap_or_else(|| "none".into())
        );
        nodes += n;
        secs += s;
        stop_game.get_or_insert(game);
    }
    println!(
        "search total: {nodes} nodes in {secs:.3} s: {:.0} nodes/s",
        nodes as f64 / secs.max(1e-9)
    );
    if let Some(game) = stop_game {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let worker = std::thread::spawn(move || {
            let mut engine = Engine::new(16);
            let limits = Limits {
                infinite: true,
                ..Limits::default()
            };
            engine.think(&game, &limits, &flag, &mut |_| {});
            Instant::now()
        });
        std::thread::sleep(Duration::from_millis(500));
        let asked = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let done = worker.join().map_err(|_| ExitCode::from(1))?;
        println!(
            "stop latency: {:.1} ms after `stop`",
            done.saturating_duration_since(asked).as_secs_f64() * 1000.0
        );
    }
    Ok(())
}
