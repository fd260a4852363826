//! `myriad positions FILE [--list]`: the start positions a setup phase can lead to.
//!
//! The positions are counted from the arrays each side can reach (when the sides choose
//! independently the count is the product, so 8,294,400 positions need no listing; see
//! [`myriad::game::setup::census`]). With `--list` each position is printed as it is found,
//! one Shredder FEN per line (White to move, castling rights as the rules leave them), with a
//! progress line on the standard error when that is a terminal; the last line is always
//! `N positions, M mirrored`.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use myriad::game::setup::{for_each_start, StartArrays};

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
    let terminal = std::io::stderr().is_terminal();
    if terminal {
        eprint!("\rfinding the arrays each side can reach...");
    }
    let arrays = StartArrays::new(&v);
    let census = arrays.census(&v);
    if terminal {
        eprint!("\r{:42}\r", "");
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if a.list {
        let total = arrays.len();
        let mut last = Instant::now();
        let mut broken = false;
        for_each_start(&v, &arrays, |i, pos| {
            if writeln!(out, "{}", pos.fen_shredder(&v)).is_err() {
                // A closed pipe (`| head`): stop quietly.
                broken = true;
                return false;
            }
            if terminal && last.elapsed() > Duration::from_millis(250) {
                last = Instant::now();
                let _ = out.flush();
                eprint!("\rlisting: {} of {total} positions", i + 1);
            }
            true
        });
        if terminal && total > 0 {
            eprint!("\r{:60}\r", "");
        }
        if broken {
            return Ok(());
        }
    }
    let _ = writeln!(
        out,
        "{} positions, {} mirrored",
        census.positions, census.mirrored
    );
    let _ = out.flush();
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
/// every pairing (never listed in memory; `--list` streams them, and needs each side's arrays
/// listed, which [`placement_arrays`] bounds).
fn placement(v: &myriad::variant::Variant, list: bool) -> anyhow::Result<()> {
    use myriad::game::placement::{
        placement_arrays, placement_count, PlacementCount, PlacementError,
    };
    use myriad::types::Color;
    // a hint for a placement too large to list
    let hinted = |e: PlacementError, hint: &str| match e {
        PlacementError::TooMany { .. } => anyhow::anyhow!("{e}\nhint: {hint}"),
        e => anyhow::anyhow!("{e}"),
    };
    let terminal = std::io::stderr().is_terminal();
    if terminal {
        eprint!("\rcounting the arrays each side can reach...");
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let count = if list {
        let pa = placement_arrays(v).map_err(|e| {
            hinted(
                e,
                "without `--list`, `myriad positions` counts a placement of any size whose only \
                 `require` is `opposite-colours`",
            )
        })?;
        let (w, b) = (pa.arrays[Color::White].len(), pa.arrays[Color::Black].len());
        let mut last = Instant::now();
        for i in 0..w {
            for j in 0..b {
                if writeln!(out, "{}", pa.position(v, i, j).fen_shredder(v)).is_err() {
                    return Ok(()); // the reader went away (`| head`)
                }
            }
            if terminal && last.elapsed() > Duration::from_millis(250) {
                last = Instant::now();
                let _ = out.flush();
                eprint!("\rlisting: {} of {} positions", (i + 1) * b, pa.positions());
            }
        }
        if terminal {
            eprint!("\r{:60}\r", "");
        }
        PlacementCount {
            arrays: myriad::types::ByColor::new(w as u128, b as u128),
            mirrored: pa.mirrored as u128,
        }
    } else {
        placement_count(v).map_err(|e| {
            hinted(
                e,
                "the requirements other than `opposite-colours` are counted by listing each \
                 side's arrays; narrow the placement ranks or the hand",
            )
        })?
    };
    if terminal {
        eprint!("\r{:60}\r", "");
    }
    let (w, b) = (count.arrays[Color::White], count.arrays[Color::Black]);
    if w == b {
        let _ = writeln!(out, "{} arrays a side", w);
    } else {
        let _ = writeln!(out, "{} arrays for White, {} for Black", w, b);
    }
    let _ = writeln!(
        out,
        "{} positions, {} mirrored",
        count.positions(),
        count.mirrored
    );
    Ok(())
}
