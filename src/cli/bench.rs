//! `myriad bench`: a fixed perft set (and, with the AI, a fixed search set); prints nodes/s.

use myriad::position::AnyPosition;
use std::time::Instant;

/// Arguments of `myriad bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Perft depth for the 8x8 positions
    #[arg(long, default_value_t = 5)]
    pub depth: u32,
}

/// The fixed set: (bundled file, FEN or empty for the start, depth offset: how many plies
/// less than `--depth` its perft counts, at least one; the 10x8 board has more moves).
const SET: &[(&str, &str, u32)] = &[
    ("chess", "", 0),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        0,
    ),
    (
        "chess",
        "rkbnnbqr/pppppppp/8/8/8/8/PPPPPPPP/RNKNBBQR w HAha - 0 1",
        0,
    ),
    (
        "chess",
        "rqknbbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR w HAha - 0 1",
        0,
    ),
    ("capablanca", "", 1),
];

/// Runs the bench.
pub fn run(a: BenchArgs) -> anyhow::Result<()> {
    let mut nodes = 0u64;
    let mut secs = 0f64;
    for &(file, fen, offset) in SET {
        let v = super::load(file)?;
        let pos = if fen.is_empty() {
            AnyPosition::start(&v)
        } else {
            AnyPosition::from_fen(&v, fen)?
        };
        let depth = match offset {
            0 => a.depth,
            _ => a.depth.saturating_sub(offset).max(1),
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
    search_bench(&SET.iter().map(|(f, fen, _)| (*f, *fen)).collect::<Vec<_>>())
}

/// Search speed (appended by the AI work): each position of the set searched to a fixed depth
/// with a fresh engine, then a stop-latency check on an infinite search (on a search worker,
/// as the GUI and UCI run it).
fn search_bench(set: &[(&str, &str)]) -> anyhow::Result<()> {
    use myriad::game::Game;
    use myriad::search::worker::Worker;
    use myriad::search::{Engine, Limits};
    use std::sync::atomic::AtomicBool;
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
            Game::from_fen(v.clone(), fen)?
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
        let mut worker = Worker::new(16, || {});
        let limits = Limits {
            infinite: true,
            ..Limits::default()
        };
        let job = worker.think(game, limits);
        std::thread::sleep(Duration::from_millis(500));
        let asked = Instant::now();
        worker.stop();
        worker.wait(job);
        println!(
            "stop latency: {:.1} ms after `stop`",
            asked.elapsed().as_secs_f64() * 1000.0
        );
    }
    Ok(())
}
