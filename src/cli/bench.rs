//! `myriad bench`: a fixed perft set (nodes/s) and a fixed search set (time to depth).

use myriad::position::AnyPosition;
use std::time::Instant;

use super::bench_set::SEARCH_SET;

/// Arguments of `myriad bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Perft depth for the 8x8 positions
    #[arg(long, default_value_t = 5)]
    pub depth: u32,
    /// Only the search set (time to a fixed depth), without the perft set
    #[arg(long)]
    pub search_only: bool,
    /// Print the search set (file, depth, FEN or `startpos`, tab-separated) and exit
    #[arg(long)]
    pub print_set: bool,
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
    if a.print_set {
        for &(file, fen, depth) in SEARCH_SET {
            let fen = if fen.is_empty() { "startpos" } else { fen };
            println!("{file}\t{depth}\t{fen}");
        }
        return Ok(());
    }
    if a.search_only {
        return search_bench();
    }
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
    search_bench()
}

/// Search speed: each position of [`SEARCH_SET`] searched to its fixed depth with a fresh
/// engine (16 MB table), timed: the time to reach the depth is the figure to compare between
/// builds (nodes are counted differently by different searches). Then a stop-latency check on
/// an infinite search (on a search worker, as the GUI and UCI run it).
fn search_bench() -> anyhow::Result<()> {
    use myriad::game::Game;
    use myriad::search::worker::Worker;
    use myriad::search::{Engine, Limits};
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    let mut nodes = 0u64;
    let mut secs = 0f64;
    let mut stop_game = None;
    for &(file, fen, depth) in SEARCH_SET {
        let v = super::load(file)?;
        let game = if fen.is_empty() {
            Game::new_seeded(v.clone(), 0)
        } else {
            Game::from_fen(v.clone(), fen)?
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
            "search {:13} depth {:2} {:>8.3} s {:>10} nodes {:>9.0} nodes/s  best {:6} {}",
            file,
            depth,
            s,
            n,
            n as f64 / s.max(1e-9),
            best.map(|m| game.uci(m, true))
                .unwrap_or_else(|| "none".into()),
            if fen.is_empty() { "start" } else { fen }
        );
        nodes += n;
        secs += s;
        stop_game.get_or_insert(game);
    }
    println!(
        "search total: time to depth {secs:.3} s over {} positions ({nodes} nodes, {:.0} nodes/s)",
        SEARCH_SET.len(),
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
