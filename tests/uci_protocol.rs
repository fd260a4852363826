//! The UCI loop, driven through its reader and writer: handshake, options, positions with
//! setup steps, searches with every kind of limit, perft output, and bad input.

use std::io::Cursor;

fn run(file: &str, input: &str) -> String {
    let v = myriad::rules::load(file).unwrap();
    let mut out = Vec::new();
    myriad::uci::run(v, Cursor::new(input.to_string()), &mut out);
    String::from_utf8(out).unwrap()
}

fn bestmove(out: &str) -> &str {
    out.lines()
        .rev()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove line")
}

#[test]
fn handshake_and_options() {
    let out = run(
        "chess",
        "uci\nsetoption name Hash value 4\nsetoption name Threads value 2\nsetoption name Skill Level value 3\nisready\nquit\n",
    );
    assert!(out.contains("id name Myriad"));
    assert!(out.contains("option name UCI_Chess960 type check"));
    assert!(out.contains("option name Hash type spin"));
    assert!(out.contains("option name Threads type spin default 1 min 1 max 64"));
    assert!(out.contains("option name Skill Level type spin default 10 min 1 max 10"));
    assert!(out.contains("uciok"));
    assert!(out.contains("readyok"));
    assert!(!out.contains("info string"), "{out}");
}

/// The deepest `info depth` of a session.
fn deepest(out: &str) -> u32 {
    out.lines()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split(' ').next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

#[test]
fn limit_strength_plays_the_level_rated_nearest_the_elo() {
    use myriad::search::{level_params, levels};
    let out = run("chess", "uci\nquit\n");
    let (low, high) = levels::rating_range().expect("rated levels");
    assert!(
        out.contains("option name UCI_LimitStrength type check default false"),
        "{out}"
    );
    assert!(
        out.contains("option name UCI_Elo type spin default "),
        "{out}"
    );
    assert!(out.contains(&format!(" min {low} max {high}")), "{out}");
    // a rating among the weak levels: the level it names searches to its own depth only
    let level = levels::level_for_elo(low + 1);
    let depth = level_params(level).depth;
    assert!(depth < 6, "level {level}");
    let out = run(
        "chess",
        &format!(
            "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value {}\n\
             position startpos\ngo movetime 3000\n",
            low + 1
        ),
    );
    assert_eq!(deepest(&out), depth, "{out}");
    assert_eq!(bestmove(&out).len(), 4, "{out}");
    assert!(!out.contains("info string"), "{out}");
    // without UCI_LimitStrength the rating does nothing: `Skill Level` (full strength) rules
    let out = run(
        "chess",
        &format!(
            "setoption name UCI_Elo value {low}\nposition startpos\ngo depth {}\n",
            depth + 1
        ),
    );
    assert_eq!(deepest(&out), depth + 1, "{out}");
    // a rating that is not a number is answered, and changes nothing
    let out = run("chess", "setoption name UCI_Elo value strong\nisready\n");
    assert!(out.contains("info string bad UCI_Elo `strong`"), "{out}");
}

#[test]
fn go_depth_reports_and_answers() {
    let out = run("chess", "position startpos moves e2e4 e7e5\ngo depth 4\n");
    for d in 1..=4 {
        assert!(out.contains(&format!("info depth {d} ")), "{out}");
    }
    assert!(out.contains(" score cp "));
    assert!(out.contains(" nps "));
    assert!(out.contains(" pv "));
    let m = bestmove(&out);
    assert_eq!(m.len(), 4, "{out}");
}

#[test]
fn go_with_clock_nodes_and_movetime() {
    for go in [
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go nodes 5000",
        "go movetime 100",
        "go wtime 500 btime 500 movestogo 5",
    ] {
        let out = run("chess", &format!("position startpos\n{go}\n"));
        assert_eq!(bestmove(&out).len(), 4, "{go}: {out}");
    }
}

#[test]
fn helper_threads_search_and_answer() {
    for go in ["go depth 6", "go movetime 150", "go wtime 800 btime 800"] {
        let out = run(
            "chess",
            &format!("setoption name Threads value 3\nposition startpos moves e2e4\n{go}\n"),
        );
        assert!(!out.contains("info string"), "{go}: {out}");
        assert_eq!(bestmove(&out).len(), 4, "{go}: {out}");
        // the reports count the nodes of all the threads, and never go back (a helper's
        // deeper iteration, when its move is played, is reported last)
        let nodes: Vec<u64> = out
            .lines()
            .filter(|l| l.starts_with("info depth"))
            .filter_map(|l| l.split(" nodes ").nth(1)?.split(' ').next()?.parse().ok())
            .collect();
        assert!(!nodes.is_empty(), "{go}: {out}");
        assert!(nodes.windows(2).all(|w| w[0] <= w[1]), "{go}: {out}");
    }
    let out = run(
        "chess",
        "setoption name Threads value 2\nposition startpos\ngo infinite\nisready\nstop\nquit\n",
    );
    assert!(out.contains("readyok"));
    assert_eq!(bestmove(&out).len(), 4, "{out}");
}

#[test]
fn go_infinite_then_stop() {
    let out = run(
        "chess",
        "position startpos\ngo infinite\nisready\nstop\nquit\n",
    );
    assert!(out.contains("readyok"));
    assert_eq!(bestmove(&out).len(), 4, "{out}");
}

#[test]
fn mate_score_and_chess960_castling() {
    let out = run(
        "chess",
        "position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 3\n",
    );
    assert!(out.contains("score mate 1"), "{out}");
    assert_eq!(bestmove(&out), "d1d8");
    // Shredder FEN of a Chess484 start: castling given as king takes rook
    let out = run(
        "chess",
        "setoption name UCI_Chess960 value true\nposition fen rkbnnbqr/pppppppp/8/8/8/8/PPPPPPPP/RKBNNBQR w HAha - 0 1 moves g2g3 g7g6 f1g2 f8g7 e1f3 e8f6\ngo depth 3\n",
    );
    assert!(!out.contains("info string"), "{out}");
    assert_eq!(bestmove(&out).len(), 4);
}

#[test]
fn setup_phase_through_uci() {
    // Black's king swap and queen swap, then White's: the engine answers with a setup step
    let out = run(
        "regroupment",
        "position startpos moves e8g8 0000\ngo depth 2\n",
    );
    let m = bestmove(&out);
    assert!(m == "0000" || m.len() == 4, "{out}");
    let out = run("regroupment", "position startpos\ngo depth 2\n");
    assert!(!out.contains("info string"), "{out}");
    bestmove(&out);
}

#[test]
fn perft_output_is_kept() {
    let out = run("chess", "position startpos\ngo perft 2\n");
    assert!(out.contains("e2e4: 20\n"));
    assert!(out.contains("\n\nNodes searched: 400\n"), "{out}");
}

#[test]
fn bad_input_is_answered_and_ignored() {
    let out = run(
        "chess",
        "bogus\nposition fen not a fen\nposition startpos moves e2e5\ngo depth x\nsetoption name Hash value lots\nsetoption name Threads value 0\nsetoption name Threads value many\nisready\n",
    );
    assert!(out.matches("info string").count() >= 7, "{out}");
    assert!(out.contains("bad Threads value `0` (1..64)"), "{out}");
    assert!(out.contains("readyok"));
}

#[test]
fn game_over_answers_0000() {
    // checkmated: no legal move
    let out = run(
        "chess",
        "position fen 3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1\ngo depth 3\n",
    );
    assert_eq!(bestmove(&out), "0000");
}

/// `go perft` counts in the search thread: `isready` is answered while it runs and `stop`
/// ends it, through the real binary as a GUI would drive it.
#[test]
fn a_long_perft_answers_isready_and_stops() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::{Duration, Instant};

    let mut child = Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(["uci", "chess"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("myriad starts");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let mut wait_for = |prefix: &str, within: Duration| -> Duration {
        let start = Instant::now();
        loop {
            let left = within.saturating_sub(start.elapsed());
            match rx.recv_timeout(left) {
                Ok(l) => {
                    let hit = l.starts_with(prefix);
                    seen.push(l);
                    if hit {
                        return start.elapsed();
                    }
                }
                Err(_) => panic!("no `{prefix}` within {within:?}; got {seen:?}"),
            }
        }
    };
    // depth 9 from the start would count for hours
    writeln!(stdin, "position startpos\ngo perft 9\nisready").unwrap();
    wait_for("readyok", Duration::from_secs(10));
    writeln!(stdin, "stop").unwrap();
    let t = wait_for("info string perft stopped", Duration::from_secs(10));
    writeln!(stdin, "go perft 2").unwrap();
    wait_for("Nodes searched: 400", Duration::from_secs(30));
    writeln!(stdin, "quit").unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
    assert!(t < Duration::from_secs(10), "stop took {t:?}");
}

/// `myriad perft` on the command line: `--divide` lists every root move with its count, then
/// a blank line and the total, as the UCI `go perft` does; setup steps are plies too.
#[test]
fn the_perft_command_divides_and_totals() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let out = run(&["perft", "chess", "3", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 22, "{out}");
    assert!(lines.contains(&"e2e4: 600"), "{out}");
    let sum: u64 = lines[..20]
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 8902);
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 8902");
    assert_eq!(run(&["perft", "chess", "0"]), "Nodes searched: 1\n");
    // Black's king step of Regroupment: keep, or swap with the queen, a bishop or a knight
    let out = run(&["perft", "regroupment", "1", "--divide"]);
    assert!(
        out.contains("0000: 1\n") && out.contains("e8d8: 1\n"),
        "{out}"
    );
}

/// `MultiPV N`: after each depth, N lines numbered 1..N with different first moves, the best
/// first; never more lines than legal moves; `bestmove` is line 1's move.
#[test]
fn multipv_reports_the_best_lines() {
    let lines_at = |out: &str, depth: u32| -> Vec<(u32, String, String)> {
        out.lines()
            .filter(|l| l.starts_with(&format!("info depth {depth} ")))
            .map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                let at = |k: &str| w.iter().position(|x| *x == k).unwrap();
                let n = w[at("multipv") + 1].parse().unwrap();
                let score = w[at("score") + 1..at("score") + 3].join(" ");
                (n, score, w[at("pv") + 1].to_string())
            })
            .collect()
    };
    let out = run(
        "chess",
        "uci\nsetoption name MultiPV value 3\nposition fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 2\n",
    );
    assert!(out.contains("option name MultiPV type spin default 1 min 1 max 256"));
    let d2 = lines_at(&out, 2);
    assert_eq!(
        d2.iter().map(|l| l.0).collect::<Vec<_>>(),
        [1, 2, 3],
        "{out}"
    );
    assert_eq!(d2[0].1, "mate 1");
    assert_eq!(d2[0].2, "d1d8");
    assert!(
        d2[1].1.starts_with("cp ") && d2[2].1.starts_with("cp "),
        "{out}"
    );
    assert_ne!(d2[1].2, d2[2].2);
    assert_eq!(bestmove(&out), "d1d8");
    // three legal moves, ten lines asked for
    let out = run(
        "chess",
        "setoption name MultiPV value 10\nposition fen k7/8/8/8/8/8/8/K6R b - - 0 1\ngo depth 3\n",
    );
    let d3 = lines_at(&out, 3);
    let mut firsts: Vec<&str> = d3.iter().map(|l| l.2.as_str()).collect();
    assert_eq!(bestmove(&out), firsts[0]);
    firsts.sort();
    assert_eq!(firsts, ["a8a7", "a8b7", "a8b8"], "{out}");
    // the default is one line
    let out = run("chess", "position startpos\ngo depth 3\n");
    assert_eq!(lines_at(&out, 3).len(), 1);
    assert!(out.contains(" multipv 1 "));
    let out = run("chess", "setoption name MultiPV value 0\nisready\n");
    assert!(
        out.contains("info string bad MultiPV `0` (1..256)"),
        "{out}"
    );
}

/// A forced setup step (Placement Chess: White mirrors Black's king swap) is answered at once,
/// without a search, however long the search may be.
#[test]
fn a_forced_step_is_answered_at_once() {
    let start = std::time::Instant::now();
    let out = run(
        "placement",
        "position startpos moves e8d8\ngo movetime 600000\n",
    );
    assert_eq!(bestmove(&out), "e1d1", "{out}");
    assert!(!out.contains("info depth"), "no search: {out}");
    assert!(
        start.elapsed() < std::time::Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}
