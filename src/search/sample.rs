//! The positions the search meets, sampled for the learnt correction's data (feature
//! `sample`; `scripts/net_search_sample.py`). With `MYRIAD_SAMPLE=PATH:N` set, the evaluation
//! appends the FEN of one in N of the positions it computes (chosen by the position's hash, so
//! that a position met again is chosen again) to PATH; unset, nothing is written.

use std::io::Write;
use std::sync::{Mutex, OnceLock};

type Sink = (u64, Mutex<std::io::BufWriter<std::fs::File>>);

static SINK: OnceLock<Option<Sink>> = OnceLock::new();

/// The sink named by `MYRIAD_SAMPLE`, opened once; none if it is unset or does not read.
fn sink() -> &'static Option<Sink> {
    SINK.get_or_init(|| {
        let spec = std::env::var("MYRIAD_SAMPLE").ok()?;
        let Some((path, n)) = spec.rsplit_once(':') else {
            eprintln!("MYRIAD_SAMPLE: expected PATH:N, got {spec:?}");
            return None;
        };
        let n = match n.parse::<u64>() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("MYRIAD_SAMPLE: N must be a positive number, got {n:?}");
                return None;
            }
        };
        match std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            Ok(f) => Some((n, Mutex::new(std::io::BufWriter::new(f)))),
            Err(e) => {
                eprintln!("MYRIAD_SAMPLE: {path}: {e}");
                None
            }
        }
    })
}

/// Writes the position with hash `key` (its FEN made by `fen` only if it is chosen).
#[inline]
pub(crate) fn maybe(key: u64, fen: impl FnOnce() -> String) {
    if let Some((n, w)) = sink() {
        if (key >> 7).is_multiple_of(*n) {
            if let Ok(mut w) = w.lock() {
                // each line whole at once: several searches may write to one file
                let _ = writeln!(w, "{}", fen()).and_then(|_| w.flush());
            }
        }
    }
}
