//! The `myriad` command line: `myriad [gui] [FILE]`, `check`, `perft`, `positions`, `uci`,
//! `play`, `match`, `bench`.

mod cli;

fn main() -> std::process::ExitCode {
    if let Some(missing) = missing_cpu_feature() {
        eprintln!(
            "error: this build of myriad needs {missing} (x86-64-v2), which this processor \
             lacks\n  = help: build for any x86-64 processor with \
             `RUSTFLAGS=\"-C target-cpu=x86-64\" cargo build --release` (see .cargo/config.toml)"
        );
        return std::process::ExitCode::FAILURE;
    }
    cli::main()
}

/// An instruction set extension that the build targets (`.cargo/config.toml`: x86-64-v2) and
/// the processor lacks. Asked of the processor itself (`cpuid`): `is_x86_feature_detected!`
/// answers yes, at compile time, for whatever the build targets.
fn missing_cpu_feature() -> Option<&'static str> {
    #[cfg(all(target_arch = "x86_64", target_feature = "popcnt"))]
    {
        #[allow(unused_unsafe)]
        // SAFETY: `cpuid` leaf 1 exists on every x86-64 processor and only reads registers.
        let ecx = unsafe { std::arch::x86_64::__cpuid(1) }.ecx;
        // (CPUID.1:ECX bits: SSE3 0, SSSE3 9, SSE4.1 19, SSE4.2 20, POPCNT 23)
        for (bit, name) in [
            (0, "SSE3"),
            (9, "SSSE3"),
            (19, "SSE4.1"),
            (20, "SSE4.2"),
            (23, "POPCNT"),
        ] {
            if ecx & (1 << bit) == 0 {
                return Some(name);
            }
        }
    }
    None
}
