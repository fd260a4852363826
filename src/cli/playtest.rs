//! `myriad playtest FILE`: self-play games over the variant's start positions, and what they
//! say about it (see [`myriad::playtest`]), with orthodox chess played the same way as the
//! baseline.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context;
use myriad::playtest::stats::{groups, summarize, Group, Summary};
use myriad::playtest::{play, starts, svg, Record, Settings, Start};

/// Arguments of `myriad playtest`.
#[derive(clap::Args, Debug)]
pub struct PlaytestArgs {
    /// A .rules path or bundled name
    pub file: String,
    /// Number of games (over the start positions: every one when there are no more, else a
    /// random sample)
    #[arg(long, default_value_t = 200)]
    pub games: usize,
    /// The engine's level (1..10), both sides
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: u8,
    /// Nodes searched per move (the default: the same games on any machine)
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// Milliseconds per move instead of a node count
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Games played at once (default: one per core)
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed for the starts drawn and the engine's noise
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Adjudicate a draw after this many plies
    #[arg(long, default_value_t = 300)]
    pub max_plies: usize,
    /// Skip the orthodox chess baseline
    #[arg(long)]
    pub no_baseline: bool,
    /// Write games.csv, arrays.csv and playtest.svg into this directory
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs `myriad playtest`.
pub fn run(a: PlaytestArgs) -> anyhow::Result<()> {
    let v = super::load(&a.file)?;
    if a.games == 0 {
        return Err(super::Exit::Usage("`--games` must be at least 1".into()).into());
    }
    let settings = Settings {
        games: a.games,
        level: a.level,
        nodes: Some(a.nodes),
        movetime: a.movetime.map(Duration::from_millis),
        threads: a
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        seed: a.seed,
        max_plies: a.max_plies,
    };
    let limit = match settings.movetime {
        Some(t) => format!("{} ms a move", t.as_millis()),
        None => format!("{} nodes a move", a.nodes),
    };
    println!(
        "playtest of {}: {} games, level {}, {limit}, {} threads, seed {}",
        v.name(),
        a.games,
        a.level,
        settings.threads,
        a.seed
    );
    let (st, total) = starts(&v, a.games, a.seed);
    let every = st.len() as u64 == total;
    println!(
        "start positions: {total} in all; {} played{}",
        st.len(),
        if every {
            " (every one)"
        } else {
            " (a random sample)"
        }
    );
    let records = with_progress("games", a.games, |p| play(&v, &st, &settings, p));
    let all = summarize(&records);
    println!();
    print_summary(v.name(), &all);
    let by_white = groups(&records, &st, |s| &s.white);
    let by_black = groups(&records, &st, |s| &s.black);
    for (side, g) in [("White", &by_white), ("Black", &by_black)] {
        if g.len() > 1 {
            print_groups(side, g);
        }
    }
    if !a.no_baseline && v.name() != "Chess" {
        let chess = myriad::rules::load("chess").context("the bundled chess rules")?;
        let (cs, _) = starts(&chess, a.games, a.seed);
        let base = with_progress("baseline games", a.games, |p| {
            play(&chess, &cs, &settings, p)
        });
        println!();
        print_summary("Baseline: orthodox chess, same settings", &summarize(&base));
    }
    if let Some(dir) = &a.out {
        write_files(dir, v.name(), &records, &st)?;
        println!(
            "\nwrote games.csv, arrays.csv and playtest.svg in {}",
            dir.display()
        );
    }
    Ok(())
}

/// Runs `work` with a progress line on the standard error when it is a terminal ("games:
/// 120/400, 2.3 a second, about 2 min left").
fn with_progress(
    what: &str,
    total: usize,
    work: impl FnOnce(&(dyn Fn(usize) + Sync)) -> Vec<Record>,
) -> Vec<Record> {
    let terminal = std::io::stderr().is_terminal();
    let start = Instant::now();
    let last = Mutex::new(Instant::now() - Duration::from_secs(1));
    let progress = |done: usize| {
        if !terminal {
            return;
        }
        let mut l = last.lock().expect("not poisoned");
        if l.elapsed() < Duration::from_millis(200) && done < total {
            return;
        }
        *l = Instant::now();
        let secs = start.elapsed().as_secs_f64().max(1e-3);
        let rate = done as f64 / secs;
        let left = (total - done) as f64 / rate.max(1e-9);
        eprint!(
            "\r{what}: {done}/{total}, {rate:.1} a second, about {} left   ",
            human(left)
        );
    };
    let out = work(&progress);
    if terminal {
        eprint!("\r{:70}\r", "");
    }
    out
}

fn human(secs: f64) -> String {
    if secs < 90.0 {
        format!("{secs:.0} s")
    } else if secs < 5400.0 {
        format!("{:.0} min", secs / 60.0)
    } else {
        format!("{:.1} h", secs / 3600.0)
    }
}

fn print_summary(title: &str, s: &Summary) {
    println!("{title}");
    println!(
        "  games {}: White wins {}, draws {}, Black wins {}",
        s.games, s.white_wins, s.draws, s.black_wins
    );
    println!(
        "  White's score {:.1}% ± {:.1} (95% interval)",
        100.0 * s.white_score,
        100.0 * s.ci95
    );
    println!(
        "  balance {:.2}, decisiveness {:.2}, drawishness {:.2}, duration {:.0} plies",
        s.balance(),
        s.decisiveness(),
        s.drawishness(),
        s.mean_plies
    );
}

fn print_groups(side: &str, g: &[Group]) {
    let tested = g.iter().filter(|x| x.p.is_some()).count();
    println!(
        "\nWhite's score per {side} array ({} arrays; flagged: p < 0.05/{} against all other games)",
        g.len(),
        tested.max(1)
    );
    let rows = myriad::playtest::varying_rows(g.iter().map(|x| x.label.as_str()));
    let width = g
        .iter()
        .map(|x| myriad::playtest::shown_rows(&x.label, &rows).len())
        .max()
        .unwrap_or(0)
        .max(20);
    let mut sorted: Vec<&Group> = g.iter().collect();
    sorted.sort_by(|a, b| b.summary.white_score.total_cmp(&a.summary.white_score));
    for x in sorted {
        let test = match (x.z, x.p) {
            (Some(z), Some(p)) => format!("z {z:+.2}, p {p:.3}"),
            _ => "too few games to test".into(),
        };
        println!(
            "  {:<width$} {:5.1}% in {:4} games  {test}{}",
            myriad::playtest::shown_rows(&x.label, &rows),
            100.0 * x.summary.white_score,
            x.summary.games,
            if x.flagged { "  <- stands out" } else { "" }
        );
    }
    if g.iter().all(|x| !x.flagged) {
        println!("  no array stands out");
    }
}

fn write_files(
    dir: &std::path::Path,
    name: &str,
    r: &[Record],
    st: &[Start],
) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create `{}`", dir.display()))?;
    let write = |file: &str, text: String| {
        let p = dir.join(file);
        std::fs::write(&p, text).with_context(|| format!("cannot write `{}`", p.display()))
    };
    let mut games = String::from("game,white_array,black_array,white_score,plies,termination\n");
    for (i, x) in r.iter().enumerate() {
        let s = &st[x.start];
        games.push_str(&format!(
            "{},{},{},{},{},{}\n",
            i + 1,
            s.white,
            s.black,
            x.white_score,
            x.plies,
            x.termination
        ));
    }
    write("games.csv", games)?;
    let mut arrays = String::from("side,array,games,white_score,ci95,draws,z,p,flagged\n");
    for (side, g) in [
        ("white", groups(r, st, |s| &s.white)),
        ("black", groups(r, st, |s| &s.black)),
    ] {
        for x in g {
            arrays.push_str(&format!(
                "{side},{},{},{:.4},{:.4},{},{},{},{}\n",
                x.label,
                x.summary.games,
                x.summary.white_score,
                x.summary.ci95,
                x.summary.draws,
                x.z.map_or(String::new(), |z| format!("{z:.3}")),
                x.p.map_or(String::new(), |p| format!("{p:.4}")),
                x.flagged
            ));
        }
    }
    write("arrays.csv", arrays)?;
    write(
        "playtest.svg",
        svg::picture(&format!("Playtest: {name}"), r, st),
    )?;
    let _ = std::io::stdout().flush();
    Ok(())
}
