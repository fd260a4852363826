//! Invariants over random play, for every bundled rules file: thousands of random games
//! (setup phase included) checked ply by ply.
//!
//! - every legal move leaves the mover's royal piece safe;
//! - `play` then `undo` restores the position and its hash exactly;
//! - the incremental hash equals a fresh hash of the position;
//! - FEN (X-FEN and Shredder) and PGN round-trip;
//! - the game ends only with a correct result and reason, and never fails to end when it must;
//! - perft from a position equals perft after a FEN round trip.
//!
//! Bounded: a few hundred games per file, most of them short, some long enough to reach the
//! move rule or a mate, so the whole file runs in seconds in the test profile.

use std::sync::Arc;

use myriad::game::pgn;
use myriad::game::setup::Rng;
use myriad::game::{insufficient_material, Game, Reason};
use myriad::position::{AnyPosition, EndRule};
use myriad::types::Move;
use myriad::variant::Variant;

/// Games per bundled file.
const GAMES_PER_FILE: u64 = 200;

fn load(name: &str) -> Arc<Variant> {
    myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

#[derive(Default)]
struct Totals {
    games: u64,
    plies: u64,
    setup_plies: u64,
    ended: [u64; 6],
    perfts: u64,
}

fn reason_index(r: Reason) -> usize {
    match r {
        Reason::Checkmate => 0,
        Reason::Stalemate => 1,
        Reason::Repetition { .. } => 2,
        Reason::MoveRule { .. } => 3,
        Reason::InsufficientMaterial => 4,
        Reason::Rule(_) => 5,
        // random play never resigns, agrees or runs out of time
        Reason::Resignation | Reason::Agreement | Reason::TimeForfeit { .. } => {
            panic!("a result off the board in random play: {r:?}")
        }
    }
}

/// Does side `c` have a royal piece? A side without one (Antichess, Horde's White) has no king
/// to keep safe.
fn has_royal(v: &Variant, pos: &AnyPosition, c: myriad::types::Color) -> bool {
    v.role(v.royal).royal
        && pos
            .pieces_on_board()
            .iter()
            .any(|&(_, p)| p.color == c && p.role == v.royal)
}

/// Every legal move of the game proper leaves the mover's royal piece unattacked.
fn check_royal_safety(v: &Variant, g: &Game, moves: &[Move], ctx: &str) {
    let pos = g.position();
    let mover = pos.turn();
    if !has_royal(v, pos, mover) {
        return;
    }
    for &m in moves {
        let mut p = *pos;
        p.play(v, m);
        let k = p.king(mover);
        assert!(
            !p.is_attacked(v, k, !mover),
            "{ctx}: `{}` leaves the {} king on {} attacked\n{}",
            g.san(m),
            mover.name(),
            v.geometry().name(k),
            g.fen()
        );
    }
}

/// The FEN of the position parses back to the same position (same FEN, same hash), in both
/// castling notations.
fn check_fen_round_trip(v: &Variant, pos: &AnyPosition, ctx: &str) {
    for shredder in [false, true] {
        let fen = if shredder {
            pos.fen_shredder(v)
        } else {
            pos.fen(v)
        };
        let back = AnyPosition::from_fen(v, &fen).unwrap_or_else(|e| panic!("{ctx}: {fen}: {e}"));
        let again = if shredder {
            back.fen_shredder(v)
        } else {
            back.fen(v)
        };
        assert_eq!(again, fen, "{ctx}: FEN round trip");
        assert_eq!(
            back.hash(),
            pos.hash(),
            "{ctx}: hash after FEN round trip of {fen}"
        );
        assert_eq!(back.hash(), back.compute_hash(), "{ctx}: {fen}");
        assert_eq!(
            back.legal_moves(v).len(),
            pos.legal_moves(v).len(),
            "{ctx}: legal moves after FEN round trip of {fen}"
        );
    }
}

/// The outcome the game reports is the one its position calls for.
fn check_outcome(v: &Variant, g: &Game, ctx: &str) {
    if g.in_setup() {
        assert_eq!(
            g.outcome(),
            None,
            "{ctx}: a game cannot end in its setup phase"
        );
        assert!(
            !g.legal_moves().is_empty(),
            "{ctx}: the setup phase is stuck"
        );
        return;
    }
    let pos = g.position();
    let moves = pos.legal_moves(v);
    let check = pos.is_check(v);
    let turn = pos.turn();
    let end = &v.spec.end;
    let fen = g.fen();
    match g.outcome() {
        Some(o) => {
            assert!(
                g.legal_moves().is_empty(),
                "{ctx}: moves offered after the end"
            );
            match o.reason {
                Reason::Checkmate => {
                    assert!(moves.is_empty() && check, "{ctx}: not a mate: {fen}");
                    // (`checkmate win`: the mated side wins, Losers; `drop-mate loss`: a mate
                    // by dropping a pawn loses for the dropper, Shogi)
                    let by_drop = g
                        .history()
                        .last()
                        .is_some_and(|p| myriad::position::drop_mate_loses(v, p.mv));
                    let want = if end.checkmate_win != by_drop {
                        turn
                    } else {
                        !turn
                    };
                    assert_eq!(o.winner, Some(want), "{ctx}: {fen}");
                }
                Reason::Stalemate => {
                    assert!(moves.is_empty() && !check, "{ctx}: not a stalemate: {fen}");
                    let n = |c| {
                        let mine = |s| pos.piece_at(s).is_some_and(|p| p.color == c);
                        v.geometry().squares().filter(|&s| mine(s)).count()
                    };
                    let want = if end.stalemate_draw {
                        None
                    } else if end.stalemate_fewer_pieces {
                        // (Suicide: fewer pieces win, as many draw)
                        match n(turn).cmp(&n(!turn)) {
                            std::cmp::Ordering::Less => Some(turn),
                            std::cmp::Ordering::Greater => Some(!turn),
                            std::cmp::Ordering::Equal => None,
                        }
                    } else if end.stalemate_win {
                        Some(turn)
                    } else {
                        Some(!turn)
                    };
                    assert_eq!(o.winner, want, "{ctx}: {fen}");
                }
                // Makruk's count ends the game like the move rule: moves remain
                Reason::Rule(myriad::position::EndRule::Counting) => {
                    assert!(!moves.is_empty(), "{ctx}: {fen}");
                    assert!(pos.counting_over() && o.winner.is_none(), "{ctx}: {fen}");
                }
                Reason::Rule(EndRule::PerpetualCheck) => {
                    // a repetition by perpetual check: the moves remain, the rule is on
                    assert!(end.perpetual_check, "{ctx}: {fen}");
                    assert!(o.winner.is_some(), "{ctx}: {fen}");
                }
                Reason::Rule(rule) => {
                    // a rule of the rules file ended it: no moves, and the position says so
                    assert!(moves.is_empty(), "{ctx}: moves after {rule:?}: {fen}");
                    let end = pos.rule_end(v).expect("the position knows the rule");
                    assert_eq!((end.rule, end.winner), (rule, o.winner), "{ctx}: {fen}");
                }
                Reason::Repetition { .. } => {
                    assert!(!moves.is_empty(), "{ctx}: {fen}");
                    // a draw, or the side `winner` names (Minishogi); with `perpetual-check`
                    // the side that checked throughout loses
                    if !end.perpetual_check {
                        assert_eq!(o.winner, end.repetition_winner, "{ctx}: {fen}");
                    }
                    let n = end.repetition.expect("repetition is on") as usize;
                    assert!(
                        occurrences(g) >= n,
                        "{ctx}: repetition claimed after {} occurrences: {fen}",
                        occurrences(g)
                    );
                }
                Reason::MoveRule { .. } => {
                    assert!(!moves.is_empty(), "{ctx}: {fen}");
                    assert_eq!(o.winner, None);
                    let n = end.move_rule.expect("the move rule is on") as u32;
                    assert!(pos.halfmove_clock() as u32 >= 2 * n, "{ctx}: {fen}");
                }
                Reason::InsufficientMaterial => {
                    assert!(!moves.is_empty(), "{ctx}: {fen}");
                    assert_eq!(o.winner, None);
                    assert!(end.insufficient_material, "{ctx}");
                    assert!(insufficient_material(v, pos), "{ctx}: {fen}");
                }
                Reason::Resignation | Reason::Agreement | Reason::TimeForfeit { .. } => {
                    panic!("{ctx}: a result off the board in random play: {o}")
                }
            }
        }
        None => {
            assert!(
                !moves.is_empty(),
                "{ctx}: no legal move but no result: {fen}"
            );
            if let Some(n) = end.move_rule {
                assert!(
                    (pos.halfmove_clock() as u32) < 2 * n as u32,
                    "{ctx}: the move rule should have ended the game: {fen}"
                );
            }
            if let Some(n) = end.repetition {
                assert!(
                    occurrences(g) < n as usize,
                    "{ctx}: repetition should have ended the game: {fen}"
                );
            }
            if end.insufficient_material {
                assert!(!insufficient_material(v, pos), "{ctx}: {fen}");
            }
            assert_eq!(g.legal_moves().len(), moves.len(), "{ctx}: {fen}");
        }
    }
}

/// How often the current position has occurred in the game proper (by FEN without clocks,
/// independently of the hash).
fn occurrences(g: &Game) -> usize {
    let v = g.variant();
    let key = |p: &AnyPosition| {
        let f = p.fen_shredder(v);
        // all but the two clocks (so with Three-check's check counters)
        let fields: Vec<&str> = f.split(' ').collect();
        fields[..fields.len() - 2].join(" ")
    };
    let now = key(g.position());
    let clock = g.position().halfmove_clock() as usize;
    1 + g
        .history()
        .iter()
        .rev()
        .take(clock)
        .filter(|p| !p.mv.is_setup() && key(&p.before) == now)
        .count()
}

fn check_pgn_round_trip(v: &Arc<Variant>, g: &Game, ctx: &str) {
    let text = pgn::export(g, &[("Event", "invariants")]);
    let back = pgn::import(v, &text).unwrap_or_else(|e| panic!("{ctx}: {e}\n{text}"));
    assert_eq!(back.moves(), g.moves(), "{ctx}: PGN moves\n{text}");
    assert_eq!(back.position(), g.position(), "{ctx}: PGN position\n{text}");
    assert_eq!(back.outcome(), g.outcome(), "{ctx}: PGN outcome\n{text}");
    assert_eq!(pgn::export(&back, &[("Event", "invariants")]), text);
}

fn check_perft_after_fen(v: &Variant, pos: &AnyPosition, depth: u32, ctx: &str) {
    let fen = pos.fen_shredder(v);
    let back = AnyPosition::from_fen(v, &fen).unwrap();
    assert_eq!(
        pos.perft(v, depth),
        back.perft(v, depth),
        "{ctx}: perft({depth}) differs after a FEN round trip of {fen}"
    );
}

fn random_game(v: &Arc<Variant>, name: &str, seed: u64, t: &mut Totals) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03);
    // Even seeds play the setup phase by hand (also for randomized variants); odd seeds take
    // the variant's own start (a random array for randomized ones).
    let mut g = if seed.is_multiple_of(2) {
        Game::new_with_setup(v.clone())
    } else {
        Game::new_seeded(v.clone(), rng.next_u64())
    };
    // Most games are short; every 16th is long enough to meet the move rule or a mate.
    let cap = if seed % 16 == 5 {
        600
    } else {
        20 + rng.below(60)
    };
    let mut plies = 0;
    let perft_at = rng.below(cap);
    loop {
        let ctx = format!("{name} seed {seed} ply {}", g.history().len());
        let pos = *g.position();
        assert_eq!(pos.hash(), pos.compute_hash(), "{ctx}: incremental hash");
        check_outcome(v, &g, &ctx);
        if !g.in_setup() {
            check_fen_round_trip(v, &pos, &ctx);
            if plies == perft_at {
                check_perft_after_fen(v, &pos, 2, &ctx);
                t.perfts += 1;
            }
        }
        let moves = g.legal_moves();
        if moves.is_empty() || plies >= cap {
            break;
        }
        if !g.in_setup() {
            check_royal_safety(v, &g, &moves, &ctx);
        }
        let m = moves[rng.below(moves.len())];
        // make, unmake, compare; then make for real
        let phase = g.phase();
        g.play(m).unwrap_or_else(|e| panic!("{ctx}: {e}"));
        assert_eq!(g.undo(), Some(m), "{ctx}");
        assert_eq!(
            *g.position(),
            pos,
            "{ctx}: undo did not restore the position"
        );
        assert_eq!(
            g.position().hash(),
            pos.hash(),
            "{ctx}: undo did not restore the hash"
        );
        assert_eq!(g.phase(), phase, "{ctx}: undo did not restore the phase");
        let mover = g.turn();
        let royal = has_royal(v, g.position(), mover);
        let in_setup = g.in_setup();
        g.play(m).unwrap_or_else(|e| panic!("{ctx}: {e}"));
        if in_setup {
            t.setup_plies += 1;
        } else {
            plies += 1;
            let p = g.position();
            assert!(
                !royal || !p.is_attacked(v, p.king(mover), !mover),
                "{ctx}: the mover's king is attacked after {}",
                g.history().last().unwrap().san
            );
        }
        t.plies += 1;
    }
    if let Some(o) = g.outcome() {
        t.ended[reason_index(o.reason)] += 1;
    }
    check_pgn_round_trip(v, &g, &format!("{name} seed {seed}"));
    t.games += 1;
}

#[test]
fn random_play_keeps_every_invariant_in_every_bundled_file() {
    let start = std::time::Instant::now();
    let mut all = Totals::default();
    for (name, _) in myriad::rules::bundled() {
        let v = load(name);
        let mut t = Totals::default();
        for seed in 0..GAMES_PER_FILE {
            random_game(&v, name, seed, &mut t);
        }
        eprintln!(
            "{name}: {} games, {} plies + {} setup plies, endings {:?}, {} perfts",
            t.games, t.plies, t.setup_plies, t.ended, t.perfts
        );
        all.games += t.games;
        all.plies += t.plies;
        all.setup_plies += t.setup_plies;
        all.perfts += t.perfts;
        for i in 0..6 {
            all.ended[i] += t.ended[i];
        }
    }
    eprintln!(
        "total: {} games, {} plies ({} setup), endings [mate, stalemate, repetition, move rule, material, rule] {:?}, {} perfts, {:.1?}",
        all.games, all.plies, all.setup_plies, all.ended, all.perfts, start.elapsed()
    );
    assert!(all.games >= 2000);
    // Long games reach real endings.
    assert!(all.ended.iter().sum::<u64>() > 0);
}

/// Random play almost never repeats a position three times; a knight shuffle does. In every
/// bundled file (after the setup phase, taking the first offered step each time): White's and
/// Black's first knight moves out and back, twice, end the game by repetition exactly when
/// the start position occurs for the third time.
#[test]
fn repetition_ends_the_game_exactly_at_the_third_occurrence() {
    let mut checked = 0;
    for (name, _) in myriad::rules::bundled() {
        let v = load(name);
        let mut g = Game::new_seeded(v.clone(), 3);
        while g.in_setup() {
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
        }
        // the line: two knight moves out, the same two knights back (no captures: Racing
        // Kings' knights start next to enemy pieces)
        let mut h = g.clone();
        let mut line: Vec<Move> = vec![];
        for _ in 0..2 {
            let Some(m) = h
                .legal_moves()
                .into_iter()
                .find(|&m| h.san(m).starts_with('N') && !h.san(m).contains('x'))
            else {
                break;
            };
            line.push(m);
            h.play(m).unwrap();
        }
        for i in 0..line.len() {
            let m = line[i];
            let Some(b) = h
                .legal_moves()
                .into_iter()
                .find(|b| b.from == m.to && b.to == m.from)
            else {
                break;
            };
            line.push(b);
            h.play(b).unwrap();
        }
        if line.len() != 4 {
            continue;
        }
        let start = g.position().hash();
        let mut cycles = 0;
        while g.outcome().is_none() && cycles < 5 {
            for &m in &line {
                check_outcome(&v, &g, name);
                g.play(m).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            cycles += 1;
            assert_eq!(g.position().hash(), start, "{name}");
        }
        let o = g
            .outcome()
            .unwrap_or_else(|| panic!("{name}: no repetition"));
        // the n-th occurrence the rules file sets (3 in chess, 4 in Shogi) ends the game
        let times = v.end().repetition.expect("repetition is on");
        assert_eq!(o.reason, Reason::Repetition { times }, "{name}");
        assert_eq!(o.winner, v.end().repetition_winner, "{name}");
        assert_eq!(
            cycles,
            times - 1,
            "{name}: the n-th occurrence ends the game"
        );
        check_outcome(&v, &g, name);
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} files had a knight shuffle");
}
