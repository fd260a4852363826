//! Move generation checked against an implementation we did not write: shakmaty, in Chess960
//! mode. At every position the two must produce the same set of legal moves (as UCI strings,
//! castling as king takes rook) and the same perft counts.
//!
//! Positions: the standard perft suite, all 960 Chess960 start positions (Scharnagl
//! numbering), Regroupment-style starts (king on b, c, d, f or g; queen anywhere), and
//! positions reached by random games from them: castling legal and illegal, en passant,
//! promotion, check. Quick depths run in `cargo test`; deeper ones are `#[ignore]`d.

use myriad::position::AnyPosition;
use myriad::variant::Variant;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::collections::BTreeSet;

/// The standard perft test positions (chessprogramming.org "Perft Results").
const STANDARD: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    // en passant and check subtleties
    "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
    "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    "4k3/8/8/2KPp2r/8/8/8/8 w - e6 0 2",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
];

fn chess() -> std::sync::Arc<Variant> {
    myriad::rules::load("chess").expect("bundled chess compiles")
}

/// The Chess960 start array with Scharnagl number `n` (0..960), as a back rank string.
fn chess960_rank(n: usize) -> String {
    let mut rank = [' '; 8];
    let mut n = n;
    // light-squared bishop (b, d, f, h files), dark-squared (a, c, e, g)
    rank[(n % 4) * 2 + 1] = 'B';
    n /= 4;
    rank[(n % 4) * 2] = 'B';
    n /= 4;
    let q = n % 6;
    n /= 6;
    let empties = |r: &[char; 8]| (0..8).filter(|&i| r[i] == ' ').collect::<Vec<_>>();
    let e = empties(&rank);
    rank[e[q]] = 'Q';
    const KN: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KN[n];
    let e = empties(&rank);
    rank[e[a]] = 'N';
    rank[e[b]] = 'N';
    let e = empties(&rank);
    rank[e[0]] = 'R';
    rank[e[1]] = 'K';
    rank[e[2]] = 'R';
    rank.iter().collect()
}

fn start_fen(white: &str, black: &str) -> String {
    let files: Vec<char> = (b'A'..=b'H').map(|c| c as char).collect();
    let rooks = |r: &str| -> String {
        let mut v: Vec<char> = r
            .chars()
            .enumerate()
            .filter(|(_, c)| *c == 'R')
            .map(|(i, _)| files[i])
            .collect();
        v.reverse();
        v.into_iter().collect()
    };
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} w {}{} - 0 1",
        black.to_lowercase(),
        white,
        rooks(white),
        rooks(black).to_lowercase()
    )
}

/// Back ranks a Regroupment side can reach: king swapped with nothing or any non-rook, then
/// queen swapped with nothing or any minor piece, bishops on opposite colours (shakmaty counts
/// a second same-coloured bishop as a promoted piece, which the array cannot have).
fn regroupment_ranks() -> Vec<String> {
    let base: Vec<char> = "RNBQKBNR".chars().collect();
    let mut out = BTreeSet::new();
    for k in [None, Some(1), Some(2), Some(3), Some(5), Some(6)] {
        let mut a = base.clone();
        if let Some(k) = k {
            a.swap(4, k);
        }
        let q = a.iter().position(|&c| c == 'Q').unwrap();
        for s in [None, Some(1), Some(2), Some(5), Some(6), Some(4), Some(3)] {
            let mut b = a.clone();
            if let Some(s) = s {
                if b[s] == 'K' || b[s] == 'R' || s == q {
                    continue;
                }
                b.swap(q, s);
            }
            let bishops: Vec<usize> = (0..8).filter(|&i| b[i] == 'B').collect();
            if bishops[0] % 2 != bishops[1] % 2 {
                out.insert(b.iter().collect::<String>());
            }
        }
    }
    out.into_iter().collect()
}

/// The project's own reproducible generator (SplitMix64).
use myriad::game::setup::Rng;

fn shakmaty_position(fen: &str) -> Chess {
    let f: Fen = fen
        .parse()
        .unwrap_or_else(|e| panic!("shakmaty rejects fen `{fen}`: {e}"));
    f.into_position(CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("shakmaty rejects position `{fen}`: {e}"))
}

/// Compares legal move sets; returns the number of moves.
fn compare_moves(v: &Variant, pos: &AnyPosition) -> usize {
    let fen = pos.fen_shredder(v);
    let sk = shakmaty_position(&fen);
    let theirs: BTreeSet<String> = sk
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Chess960).to_string())
        .collect();
    let ours: BTreeSet<String> = pos
        .legal_moves(v)
        .iter()
        .map(|&m| pos.uci(v, m, true))
        .collect();
    assert_eq!(
        ours,
        theirs,
        "legal moves differ at {fen}\nonly myriad: {:?}\nonly shakmaty: {:?}",
        ours.difference(&theirs).collect::<Vec<_>>(),
        theirs.difference(&ours).collect::<Vec<_>>()
    );
    ours.len()
}

fn compare_perft(v: &Variant, fen: &str, depth: u32) -> u64 {
    let pos =
        AnyPosition::from_fen(v, fen).unwrap_or_else(|e| panic!("myriad rejects `{fen}`: {e}"));
    let ours = pos.perft(v, depth);
    let theirs = shakmaty::perft(&shakmaty_position(fen), depth);
    assert_eq!(ours, theirs, "perft({depth}) differs at {fen}");
    ours
}

/// Plays a random game from `fen`, comparing move sets at every ply; returns positions seen.
fn random_walk(v: &Variant, fen: &str, plies: usize, rng: &mut Rng) -> usize {
    let mut pos = AnyPosition::from_fen(v, fen).unwrap();
    let mut seen = 0;
    for _ in 0..plies {
        let n = compare_moves(v, &pos);
        seen += 1;
        if n == 0 {
            break;
        }
        let moves = pos.legal_moves(v);
        // Prefer captures, castling and promotions now and then, to reach the rarer rules.
        let special: Vec<_> = moves
            .iter()
            .copied()
            .filter(|m| {
                !matches!(m.kind, myriad::types::MoveKind::Normal) || pos.piece_at(m.to).is_some()
            })
            .collect();
        let m = if !special.is_empty() && rng.below(3) == 0 {
            special[rng.below(special.len())]
        } else {
            moves.as_slice()[rng.below(moves.len())]
        };
        pos.play(v, m);
        assert_eq!(
            pos.hash(),
            pos.compute_hash(),
            "incremental hash after {}",
            pos.fen(v)
        );
    }
    seen
}

#[test]
fn standard_positions_match_shakmaty() {
    let v = chess();
    for fen in STANDARD {
        compare_perft(&v, fen, 3);
    }
}

#[test]
fn all_960_chess960_starts_match_shakmaty() {
    let v = chess();
    let mut total = 0;
    for n in 0..960 {
        let r = chess960_rank(n);
        let fen = start_fen(&r, &r);
        total += compare_perft(&v, &fen, 2);
        compare_moves(&v, &AnyPosition::from_fen(&v, &fen).unwrap());
    }
    assert!(total > 960 * 300);
    // Scharnagl number 518 is the orthodox array.
    assert_eq!(chess960_rank(518), "RNBQKBNR");
}

#[test]
fn regroupment_starts_and_random_games_match_shakmaty() {
    let v = chess();
    let ranks = regroupment_ranks();
    assert!(
        ranks.iter().any(|r| r.find('K') == Some(1))
            && ranks.iter().any(|r| r.find('K') == Some(6))
    );
    let mut rng = Rng(20261129);
    let mut positions = 0;
    // every Regroupment-style start against a random opponent array, perft 3
    for (i, w) in ranks.iter().enumerate() {
        let b = &ranks[rng.below(ranks.len())];
        let fen = start_fen(w, b);
        compare_perft(&v, &fen, if i % 4 == 0 { 3 } else { 2 });
        positions += 1;
        // and a random game from it, checked at every ply
        positions += random_walk(&v, &fen, 60, &mut rng);
    }
    // random games from Chess960 starts and the standard positions
    for k in 0..40 {
        let r = chess960_rank(rng.below(960));
        positions += random_walk(&v, &start_fen(&r, &r), 80, &mut rng);
        let fen = STANDARD[k % STANDARD.len()];
        positions += random_walk(&v, fen, 40, &mut rng);
    }
    assert!(positions >= 500, "only {positions} positions compared");
    println!("compared {positions} positions move by move with shakmaty");
}

/// Deeper: `cargo test --release --test perft_shakmaty -- --ignored`.
#[test]
#[ignore = "deep perft; minutes"]
fn deep_perft_matches_shakmaty() {
    let v = chess();
    for fen in STANDARD {
        compare_perft(&v, fen, 5);
    }
    for n in (0..960).step_by(37) {
        let r = chess960_rank(n);
        compare_perft(&v, &start_fen(&r, &r), 5);
    }
    for w in regroupment_ranks().iter().step_by(5) {
        compare_perft(&v, &start_fen(w, "RNBQKBNR"), 5);
    }
}
