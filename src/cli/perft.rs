//! `myriad perft FILE DEPTH [--fen FEN] [--moves UCI...] [--divide]`.

use myriad::game::Game;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `myriad perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// A .rules path or bundled name
    pub file: String,
    /// Plies to count
    pub depth: u32,
    /// Start from this FEN instead of the variant's start (Shredder or X-FEN castling)
    #[arg(long)]
    pub fen: Option<String>,
    /// Moves to play first, in UCI (`e2e4`, `e1h1`), `e8g8` for a swap, `0000` for a pass
    #[arg(long, num_args = 1..)]
    pub moves: Vec<String>,
    /// Print the count below each legal move
    #[arg(long)]
    pub divide: bool,
}

/// Runs perft and prints `Nodes searched: N` last.
pub fn run(a: PerftArgs) -> Result<(), ExitCode> {
    let v = super::load(&a.file)?;
    let mut game = match &a.fen {
        Some(fen) => Game::from_fen(v.clone(), fen).map_err(|e| {
            eprintln!("error: {e}");
            ExitCode::from(1)
        })?,
        None => Game::new_seeded(v.clone(), 0),
    };
    for (i, m) in a.moves.iter().enumerate() {
        let mv = game.parse_move(m).map_err(|e| {
            eprintln!("error: move {} `{m}`: {e}", i + 1);
            ExitCode::from(1)
        })?;
        game.play(mv).map_err(|e| {
            eprintln!("error: move {} `{m}`: {e}", i + 1);
            ExitCode::from(1)
        })?;
    }
    let start = Instant::now();
    let chess960 = !game.position().castling_is_standard(&v) || v.spec.setup.is_some();
    let nodes = if a.divide {
        let mut total = 0;
        let div = game.perft_divide(a.depth.max(1));
        for (m, n) in div {
            println!("{}: {}", game.uci(m, chess960), n);
            total += n;
        }
        println!();
        total
    } else {
        game.perft(a.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{:.3} s, {:.0} nodes/s",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    println!("Nodes searched: {nodes}");
    Ok(())
}
