//! Command-line parsing (clap) and dispatch. Each subcommand lives in its own file.

mod bench;
mod check;
mod matches;
mod perft;
mod play;
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
    /// List the bundled rules files
    List,
}

/// Loads a rules file or bundled name, printing diagnostics on failure.
pub fn load(file: &str) -> Result<std::sync::Arc<myriad::variant::Variant>, ExitCode> {
    myriad::rules::load(file).map_err(|d| {
        eprintln!("{d}");
        ExitCode::from(1)
    })
}

/// Parses the command line and runs it.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => run_gui(None),
        Some(Command::Gui { file }) => run_gui(file),
        Some(Command::Check { files }) => check::run(&files),
        Some(Command::Perft(a)) => perft::run(a),
        Some(Command::Positions(a)) => positions::run(a),
        Some(Command::Uci { file }) => {
            let file = file.unwrap_or_else(|| "chess".into());
            match load(&file) {
                Ok(v) => {
                    let stdin = std::io::stdin();
                    let stdout = std::io::stdout();
                    myriad::uci::run(v, stdin.lock(), stdout);
                    Ok(())
                }
                Err(code) => return code,
            }
        }
        Some(Command::Play(a)) => play::run(a),
        Some(Command::Match(a)) => matches::run(a),
        Some(Command::Bench(a)) => bench::run(a),
        Some(Command::List) => {
            for (name, _) in myriad::rules::bundled() {
                match myriad::rules::load(name) {
                    Ok(v) => println!("{:24} {}", name, v.name()),
                    Err(_) => println!("{:24} (does not compile)", name),
                }
            }
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

#[cfg(feature = "gui")]
fn run_gui(file: Option<String>) -> Result<(), ExitCode> {
    myriad::ui::run(file.as_deref()).map_err(|e| {
        eprintln!("error: {e:#}");
        ExitCode::from(1)
    })
}

#[cfg(not(feature = "gui"))]
fn run_gui(_file: Option<String>) -> Result<(), ExitCode> {
    use clap::CommandFactory;
    eprintln!(
        "this build of myriad has no GUI (built without the `gui` feature); the command line:\n"
    );
    let _ = Cli::command().print_help();
    Ok(())
}
