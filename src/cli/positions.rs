//! `myriad positions`: the start positions a setup phase can lead to. (Owned by the setup work.)

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
pub fn run(_a: PositionsArgs) -> Result<(), std::process::ExitCode> {
    eprintln!("myriad positions: not available yet");
    Err(std::process::ExitCode::from(2))
}
