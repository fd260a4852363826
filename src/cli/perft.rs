//! `myriad perft FILE DEPTH [--fen FEN] [--moves UCI...] [--divide]`.

use anyhow::Context;
use myriad::game::Game;
use std::io::IsTerminal;
use std::sync::atomic::AtomicBool;
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
pub fn run(a: PerftArgs) -> anyhow::Result<()> {
    let v = super::load(&a.file)?;
    let mut game = match &a.fen {
        Some(fen) => Game::from_fen(v.clone(), fen)?,
        None => Game::new_seeded(v.clone(), 0),
    };
    for (i, m) in a.moves.iter().enumerate() {
        let context = || format!("move {} `{m}`", i + 1);
        let mv = game.parse_move(m).with_context(context)?;
        game.play(mv).with_context(context)?;
    }
    let start = Instant::now();
    let chess960 = !game.position().castling_is_standard(&v) || v.setup().is_some();
    // Counted root move by root move, so --divide prints each count as soon as it is known
    // and a long count shows its progress on a terminal.
    let root = game.clone();
    let moves = root.legal_moves().len();
    let progress = std::io::stderr().is_terminal();
    let (mut nodes, mut done) = (0u64, 0usize);
    if a.depth == 0 {
        nodes = 1;
    } else {
        let never = AtomicBool::new(false);
        game.perft_divide_until(a.depth, &never, |m, n| {
            nodes += n;
            done += 1;
            if progress {
                // clear the progress line before anything else is printed
                eprint!("\r\x1b[K");
            }
            if a.divide {
                println!("{}: {}", root.uci(m, chess960), n);
            }
            if progress && done < moves && start.elapsed().as_secs_f64() > 0.5 {
                eprint!(
                    "\r{done}/{moves} moves, {nodes} nodes, {:.1} s",
                    start.elapsed().as_secs_f64()
                );
            }
        });
        if a.divide {
            println!();
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{:.3} s, {:.0} nodes/s",
        secs,
        nodes as f64 / secs.max(1e-9)
    );
    println!("Nodes searched: {nodes}");
    Ok(())
}
