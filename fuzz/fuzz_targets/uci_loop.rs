//! The UCI command loop on any input. Searches are kept short: every `go` line's arguments are
//! parsed with `parse_go` (the code the loop uses), then the line is replaced by a bounded
//! search; `go perft` depths are capped at 2, `Hash` sizes at 64 MB.
#![no_main]

#[path = "common.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((v, rest)) = common::split(data) else {
        return;
    };
    let mut input: Vec<u8> = Vec::with_capacity(rest.len() + 16);
    for line in rest.split(|&b| b == b'\n') {
        let text = String::from_utf8_lossy(line);
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.first() == Some(&"go") {
            if words.get(1) == Some(&"perft") {
                let d = words
                    .get(2)
                    .and_then(|d| d.parse::<u32>().ok())
                    .unwrap_or(1);
                input.extend_from_slice(format!("go perft {}\n", d.min(2)).as_bytes());
            } else {
                let _ = myriad::uci::parse_go(&words[1..]);
                input.extend_from_slice(b"go depth 1 nodes 200\n");
            }
            continue;
        }
        // a big `Hash` is honoured by allocating it: keep the fuzzer within its memory limit
        if words.first() == Some(&"setoption")
            && text.to_ascii_lowercase().contains("hash")
            && words
                .last()
                .and_then(|w| w.parse::<usize>().ok())
                .is_some_and(|mb| mb > 64)
        {
            input.extend_from_slice(b"setoption name Hash value 64\n");
            continue;
        }
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    let mut out = Vec::new();
    // a 1 MB table: the default 16 MB, zeroed for every input, would make most of the time
    myriad::uci::run_with_hash(v.clone(), std::io::Cursor::new(input), &mut out, 1);
    assert!(std::str::from_utf8(&out).is_ok());
});
