//! The `myriad` command line: `myriad [gui] [FILE]`, `check`, `perft`, `positions`, `uci`,
//! `play`, `match`, `bench`.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
