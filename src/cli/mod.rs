//! Command-line parsing (clap) and dispatch. Each subcommand lives in its own file.

mod bench;
mod bench_set;
mod check;
mod matches;
mod perft;
mod play;
mod playtest;
mod positions;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Myriad: a rules-file interpreter for chess variants.
#[derive(Parser, Debug)]
#[command(name = "myriad", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open the desktop GUI on FILE (default: regroupment)
    Gui {
        /// A .rules path or the name of a bundled file
        file: Option<String>,
    },
    /// Parse and validate rules files; print a summary of each
    Check {
        /// .rules paths or bundled names (`chess`, `regroupment`, ...)
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Count the leaves of the legal move tree
    Perft(perft::PerftArgs),
    /// List every start position the setup phase of FILE can lead to
    Positions(positions::PositionsArgs),
    /// Run as a UCI engine over FILE (default: chess)
    ///
    /// The option UCI_Variant switches the game, by the names a GUI that drives Fairy-Stockfish
    /// sends: each of Fairy-Stockfish's names means its game. So `placement` there is Pre-Chess
    /// (Fairy-Stockfish's `placement`), and Mats Winther's Placement Chess, the bundled file
    /// `placement`, is `winther-placement`; `normal` is chess and `fischerandom` chess with
    /// Chess960 castling. Every other bundled file is offered under its own name, and FILE, if
    /// it is a file of your own, under its stem.
    Uci {
        /// A .rules path or bundled name
        file: Option<String>,
    },
    /// Play a game in the terminal against the AI
    Play(play::PlayArgs),
    /// Let the AI play itself; PGN out, score printed
    Match(matches::MatchArgs),
    /// Fixed perft and search set; prints nodes per second
    Bench(bench::BenchArgs),
    /// Self-play over the start positions: White's score, draws, length, per array
    Playtest(playtest::PlaytestArgs),
    /// List the bundled rules files
    List,
}

/// How a command fails beyond a plain error (which is printed `error: ...` with its context,
/// exit code 1).
#[derive(Debug, thiserror::Error)]
pub enum Exit {
    /// A mistake on the command line that clap cannot see: printed `error: ...`, exit code 2
    /// as for clap's own usage errors.
    #[error("{0}")]
    Usage(String),
    /// The messages are already on the standard error (a batch of checked files): exit code 1.
    #[error("see the messages above")]
    Reported,
}

/// Loads a rules file or bundled name; a broken file fails with its diagnostics. Warnings are
/// printed on the standard error (the designer running `myriad positions` or `perft` on a
/// new file sees them), and the command goes on.
pub fn load(file: &str) -> anyhow::Result<std::sync::Arc<myriad::variant::Variant>> {
    let (v, warnings) = myriad::rules::load_with_warnings(file)?;
    if !warnings.is_empty() {
        eprintln!("{warnings}");
    }
    Ok(v)
}

/// Parses the command line and runs it. Commands fail with an [`anyhow::Error`]; [`report`]
/// prints it and chooses the exit code. (`main` does not return the error itself: Rust would
/// print its `Debug` form after `Error: `, not the messages below.)
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, None | Some(Command::Gui { .. })) {
        quiet_on_closed_pipe();
    }
    match dispatch(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => report(&e),
    }
}

/// `myriad check FILE | head -1`: once the reader is gone, the command ends quietly, as Unix
/// tools do, instead of panicking in `println!` (Rust ignores SIGPIPE, so every write would
/// fail with a broken pipe). The GUI keeps Rust's default.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: restores the default action of one signal before any thread is started.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}

/// Prints a failed command's error as the user should read it; returns the exit code. A broken
/// rules file prints its diagnostics as they are (each begins with `error:`).
fn report(e: &anyhow::Error) -> ExitCode {
    if let Some(d) = e.downcast_ref::<myriad::rules::Diagnostics>() {
        eprintln!("{d}");
        return ExitCode::from(1);
    }
    match e.downcast_ref::<Exit>() {
        Some(Exit::Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Some(Exit::Reported) => ExitCode::from(1),
        None => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn dispatch(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        None => run_gui(None),
        Some(Command::Gui { file }) => run_gui(file),
        Some(Command::Check { files }) => check::run(&files),
        Some(Command::Perft(a)) => perft::run(a),
        Some(Command::Positions(a)) => positions::run_any(a),
        Some(Command::Uci { file }) => {
            let v = load(file.as_deref().unwrap_or("chess"))?;
            myriad::uci::run(v, std::io::stdin().lock(), std::io::stdout());
            Ok(())
        }
        Some(Command::Play(a)) => play::run(a),
        Some(Command::Match(a)) => matches::run(a),
        Some(Command::Bench(a)) => bench::run(a),
        Some(Command::Playtest(a)) => playtest::run(a),
        Some(Command::List) => {
            for (name, _) in myriad::rules::bundled() {
                match myriad::rules::load(name) {
                    Ok(v) => println!("{:24} {}", name, v.name()),
                    Err(_) => println!("{:24} (does not compile)", name),
                }
            }
            Ok(())
        }
    }
}

#[cfg(feature = "gui")]
fn run_gui(file: Option<String>) -> anyhow::Result<()> {
    myriad::ui::run(file.as_deref())
}

#[cfg(not(feature = "gui"))]
fn run_gui(_file: Option<String>) -> anyhow::Result<()> {
    use clap::CommandFactory;
    eprintln!(
        "this build of myriad has no GUI (built without the `gui` feature); the command line:\n"
    );
    let _ = Cli::command().print_help();
    Ok(())
}
