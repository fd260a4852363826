//! `myriad match`: self-play. (Owned by the AI work.)

/// Arguments of `myriad match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// A .rules path or bundled name
    pub file: String,
}

/// Runs `myriad match`.
pub fn run(_a: MatchArgs) -> Result<(), std::process::ExitCode> {
    eprintln!("myriad match: not available yet");
    Err(std::process::ExitCode::from(2))
}
