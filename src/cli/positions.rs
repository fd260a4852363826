//! `myriad positions FILE [--list]`: the start positions a setup phase can lead to.
//!
//! The setup phase is explored through the game itself (every legal swap and pass, both sides,
//! mirrors, the real turn order; see [`myriad::game::setup::explore`]), and every distinct
//! position the game proper can begin from is counted once, by FEN. With `--list` each is
//! printed first, one Shredder FEN per line (White to move, castling rights as the rules leave
//! them); the last line is always `N positions, M mirrored`.

use std::io::Write;
use std::time::{Duration, Instant};

/// Arguments of `myriad positions`.
#[derive(clap::Args, Debug)]
pub struct PositionsArgs {
    /// A .rules path or bundled name
    pub file: String,
    /// Print every position's FEN, not only the counts
    #[arg(long)]
    pub list: bool,
}

/// Runs `myriad positions`.
pub fn run(a: PositionsArgs) -> anyhow::Result<()> {
    let v = super::load(&a.file)?;
    let start = Instant::now();
    let mut shown = false;
    let mut last = start;
    let ex = myriad::game::setup::explore(&v, |lines| {
        // A progress line on stderr only when the walk takes a while.
        let now = Instant::now();
        if now.duration_since(start) > Duration::from_secs(1)
            && now.duration_since(last) > Duration::from_millis(500)
        {
            last = now;
            shown = true;
            eprint!("\rexploring the setup phase: {lines} lines walked");
        }
    });
    if shown {
        eprintln!();
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if a.list {
        for fen in &ex.fens {
            let _ = writeln!(out, "{fen}");
        }
    }
    let _ = writeln!(out, "{} positions, {} mirrored", ex.len(), ex.mirrored);
    Ok(())
}

/// Runs `myriad positions`, a placement phase (Pre-Chess) by [`placement`], others by [`run`].
pub fn run_any(a: PositionsArgs) -> anyhow::Result<()> {
    let v = super::load(&a.file)?;
    if v.placement().is_some() {
        return placement(&v, a.list);
    }
    run(a)
}

/// A placement phase (Pre-Chess): each side's arrays counted on their own, the positions being
/// every pairing (never listed in memory; `--list` streams them).
fn placement(v: &myriad::variant::Variant, list: bool) -> anyhow::Result<()> {
    use myriad::types::Color;
    let Some(pa) = myriad::game::placement::placement_arrays(v) else {
        anyhow::bail!(
            "the sides' placement squares overlap: their arrays cannot be counted side by side"
        );
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (w, b) = (pa.arrays[Color::White].len(), pa.arrays[Color::Black].len());
    if list {
        for i in 0..w {
            for j in 0..b {
                if writeln!(out, "{}", pa.position(v, i, j).fen_shredder(v)).is_err() {
                    return Ok(()); // the reader went away (`| head`)
                }
            }
        }
    }
    if w == b {
        let _ = writeln!(out, "{w} arrays a side");
    } else {
        let _ = writeln!(out, "{w} arrays for White, {b} for Black");
    }
    let _ = writeln!(
        out,
        "{} positions, {} mirrored",
        pa.positions(),
        pa.mirrored
    );
    Ok(())
}
