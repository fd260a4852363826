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
    Ok(())
}
