//! `myriad check FILE...`: parse and validate rules files, print a summary of each.

use super::Exit;

/// Checks each file; prints a summary or the diagnostics. Fails if any file fails, after
/// checking every one. Warnings are printed on the standard error like errors (`warning:
/// ...`) but do not fail the file.
pub fn run(files: &[String]) -> anyhow::Result<()> {
    let mut ok = true;
    for (i, f) in files.iter().enumerate() {
        if i > 0 {
            println!();
        }
        match myriad::rules::load_with_warnings(f) {
            Ok((v, warnings)) => {
                if !warnings.is_empty() {
                    eprintln!("{warnings}");
                }
                println!("{f}: ok");
                println!("{}", myriad::rules::summary(&v).trim_end());
            }
            Err(d) => {
                eprintln!("{d}");
                ok = false;
            }
        }
    }
    if ok {
        Ok(())
    } else {
        Err(Exit::Reported.into())
    }
}
