//! `myriad play`: a game in the terminal against the AI. (Owned by the AI work.)

/// Arguments of `myriad play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// A .rules path or bundled name
    pub file: String,
}

/// Runs `myriad play`.
pub fn run(_a: PlayArgs) -> Result<(), std::process::ExitCode> {
    eprintln!("myriad play: not available yet");
    Err(std::process::ExitCode::from(2))
}
