//! The setup phase of every bundled file: position counts from exploring the whole setup game
//! tree, legality details quoted from the source texts, castling after relocation, and the
//! uniformity of random starts.

use std::collections::HashMap;
use std::sync::Arc;

use myriad::game::setup::{self, explore, random_start, Rng, StartArrays};
use myriad::game::Game;
use myriad::types::{Color, Move, MoveKind};
use myriad::variant::Variant;

fn load(name: &str) -> Arc<Variant> {
    myriad::rules::load(name).unwrap_or_else(|d| panic!("{name}: {d}"))
}

/// Plays moves as a user types them.
fn play(game: &mut Game, moves: &[&str]) {
    for m in moves {
        let mv = game
            .parse_move(m)
            .unwrap_or_else(|e| panic!("`{m}` in {}: {e}", game.fen()));
        game.play(mv).unwrap();
    }
}

fn sans(game: &Game) -> Vec<String> {
    let mut v: Vec<String> = game.legal_moves().iter().map(|&m| game.san(m)).collect();
    v.sort();
    v
}

/// The numbers the source texts print: "the number of possible positions is sixtyfour ...
/// Only eight of these are mirrored" (Relocation), "484 ... Only 22 ... are mirrored"
/// (Regroupment), "randomly creates 196 positions" (no king-knight swap), "Diagrams of the 20
/// possible positions" (Placement), and 960 for Fischer Random Chess.
#[test]
fn every_bundled_file_gives_the_source_counts() {
    let table: &[(&str, usize, usize)] = &[
        ("chess", 1, 1),
        ("capablanca", 1, 1),
        // Fairy-Stockfish's variants without a setup phase: their one array.
        ("nocastle", 1, 1),
        ("almost", 1, 1),
        ("amazon", 1, 1),
        ("gardner", 1, 1),
        ("losalamos", 1, 1),
        ("gothic", 1, 1),
        ("embassy", 1, 1),
        ("janus", 1, 1),
        ("chancellor", 1, 1),
        ("knightmate", 1, 1),
        ("hoppelpoppel", 1, 1),
        // Modern Chess: minister and queen change places between the sides, so the one
        // array does not mirror.
        ("modern", 1, 0),
        // asymmetric arrays (knights against bishops; Makruk's kings on different files)
        ("chigorin", 1, 0),
        ("makruk", 1, 0),
        ("grand", 1, 1),
        ("kingofthehill", 1, 1),
        ("3check", 1, 1),
        ("5check", 1, 1),
        // (its array is not the mirror image of itself)
        ("racingkings", 1, 0),
        ("shatranj", 1, 1),
        ("courier", 1, 1),
        ("extinction", 1, 1),
        ("antichess", 1, 1),
        ("giveaway", 1, 1),
        ("kinglet", 1, 1),
        ("codrus", 1, 1),
        ("losers", 1, 1),
        ("newzealand", 1, 1),
        // (Makruk's kings on different files)
        ("ai-wok", 1, 0),
        ("centaur", 1, 1),
        ("breakthrough", 1, 1),
        ("clobber", 1, 1),
        ("threekings", 1, 1),
        ("suicide", 1, 1),
        ("jesonmor", 1, 1),
        ("crazyhouse", 1, 1),
        ("loop", 1, 1),
        ("chessgi", 1, 1),
        ("pocketknight", 1, 1),
        ("xiangqi", 1, 1),
        ("minixiangqi", 1, 1),
        // Shogi's arrays are turned, not mirrored (the bishop and rook change wings)
        ("minishogi", 1, 0),
        ("shogi", 1, 0),
        ("euroshogi", 1, 0),
        // Horde's array is not mirrored: 36 white pawns against Black's army
        ("horde", 1, 0),
        ("relocation", 64, 8),
        ("relocation-curtailed", 64, 8),
        ("chess64", 64, 8),
        ("regroupment", 484, 22),
        ("regroupment-bwbw", 484, 22),
        ("regroupment-curtailed", 484, 22),
        // King of the Hill over Regroupment's setup phase: Regroupment's positions
        ("regroupment-koth", 484, 22),
        ("regroupment-no-knight", 196, 14),
        ("chess484", 484, 22),
        ("placement", 20, 20),
        ("fischer-placement", 25, 25),
        ("chess960", 960, 960),
        // Issue 10: "8 arrays a side and 57 positions, one of them mirrored"; "3 arrays a
        // side, 9 positions, 3 mirrored".
        ("chess57", 57, 1),
        ("pawn-exchange", 9, 3),
        // Each side an independent Chess960 array: 960 x 960, and a position is mirrored when
        // Black's array is White's reflected, once for each of White's 960 (see
        // `independent_shuffles_count_from_the_definition`).
        ("double-fischer-random", 960 * 960, 960),
        // Each side an independent arrangement with the bishops on opposite colours:
        // 4 x 4 x 6! / (2! 2!) = 2,880 a side.
        ("transcendental", 2880 * 2880, 2880),
    ];
    for &(name, n, mirrored) in table {
        let v = load(name);
        // The count `myriad positions` prints, from each side's arrays.
        let census = setup::census(&v);
        assert_eq!(
            (census.positions, census.mirrored),
            (n as u64, mirrored as u64),
            "{name}: census"
        );
        if n > 100_000 {
            // Too many to list in a test: the census is compared with the definition.
            continue;
        }
        // The slow reference: every line of the setup phase played through the game.
        let ex = explore(&v, |_| {});
        assert_eq!((ex.len(), ex.mirrored), (n, mirrored), "{name}");
        // The arrays random starts draw from are exactly the explored positions.
        let arrays = StartArrays::new(&v);
        assert_eq!(arrays.len(), n, "{name}: start arrays");
        let fens: std::collections::HashSet<&String> = ex.fens.iter().collect();
        for i in 0..arrays.len() {
            let p = myriad::position::AnyPosition::from_array(&v, &arrays.get(&v, i));
            assert!(fens.contains(&p.fen_shredder(&v)), "{name}: array {i}");
        }
        // Every explored FEN is White to move at move 1 with castling from the rules.
        for fen in &ex.fens {
            assert!(fen.ends_with(" w - - 0 1") || fen.contains(" w "), "{fen}");
        }
    }
    // Every bundled file is in the table, but for the placement variants, whose positions are
    // counted side by side without walking the setup tree (tests/prechess_positions.rs).
    for (name, _) in myriad::rules::bundled() {
        if load(name).has_hands() {
            continue;
        }
        assert!(
            table.iter().any(|t| t.0 == *name),
            "{name} has no expected count"
        );
    }
}

#[test]
fn black_begins_and_white_makes_move_one() {
    let v = load("regroupment");
    let mut g = Game::new(v);
    assert!(g.in_setup());
    assert_eq!(g.turn(), Color::Black);
    play(&mut g, &["pass"]);
    // "While the turn remains with Black, he then has the option of relocating the queen."
    assert_eq!(g.turn(), Color::Black);
    play(&mut g, &["pass", "pass"]);
    assert_eq!(g.turn(), Color::White);
    play(&mut g, &["pass"]);
    assert!(!g.in_setup());
    assert_eq!(g.turn(), Color::White);
    assert_eq!(g.position().fullmove_number(), 1);
    assert_eq!(g.history().len(), 4);
    assert!(g.history().iter().all(|p| p.san == "pass"));
}

/// "Note that the king may be swapped with the kingside bishop. However, this requires the
/// queen to be swapped with one of the bishops."
#[test]
fn regroupment_king_to_f8_obliges_the_queen_to_take_a_bishop() {
    let v = load("regroupment");
    let mut g = Game::new(v);
    assert_eq!(
        sans(&g),
        [
            "pass",
            "swap e8 b8",
            "swap e8 c8",
            "swap e8 d8",
            "swap e8 f8",
            "swap e8 g8"
        ]
    );
    play(&mut g, &["swap e8 f8"]);
    // Bishops on c8 and e8 are both light now: passing is not offered, nor the knights.
    assert_eq!(sans(&g), ["swap d8 c8", "swap d8 e8"]);
    assert!(g.parse_move("pass").is_err());
    play(&mut g, &["swap d8 e8"]);
    assert_eq!(g.turn(), Color::White);
}

/// "The king cannot be a relocatee, meaning that it cannot subsequently be swapped by the
/// queen": it follows from `swap Q with B N`, which does not list the king.
#[test]
fn the_king_is_never_a_relocatee() {
    let v = load("regroupment");
    let mut g = Game::new(v.clone());
    play(&mut g, &["swap e8 d8"]); // king to d8, queen to e8
    let king = g.position().king(Color::Black);
    for m in g.legal_moves() {
        if m.kind == MoveKind::Swap {
            assert!(m.from != king && m.to != king, "{}", g.san(m));
        }
    }
    // Placement: the White queen step never touches the king either.
    let v = load("placement");
    let mut g = Game::new(v);
    play(&mut g, &["swap e8 d8", "swap e1 d1"]);
    let king = g.position().king(Color::White);
    assert!(g
        .legal_moves()
        .iter()
        .all(|m| m.kind != MoveKind::Swap || (m.from != king && m.to != king)));
}

/// Relocation: one swap per side, king or queen; bishops on opposite colours after the swap.
#[test]
fn relocation_offers_eight_choices_per_side() {
    let v = load("relocation");
    let mut g = Game::new(v);
    assert_eq!(
        sans(&g),
        [
            "pass",
            "swap d8 b8",
            "swap d8 f8",
            "swap d8 g8",
            "swap e8 b8",
            "swap e8 c8",
            "swap e8 d8",
            "swap e8 g8"
        ]
    );
    play(&mut g, &["swap e8 g8"]);
    assert_eq!(g.turn(), Color::White);
    assert_eq!(g.legal_moves().len(), 8);
    play(&mut g, &["swap d1 f1"]);
    assert!(!g.in_setup());
    assert_eq!(
        g.fen(),
        "rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBBKQNR w HAha - 0 1"
    );
}

/// Placement: "The white player then mirrors black's swap ... White can now relocate the
/// queen, if he so wishes, and black then mirrors this."
#[test]
fn placement_mirror_steps_are_forced() {
    let v = load("placement");
    let mut g = Game::new(v);
    play(&mut g, &["swap e8 c8"]);
    assert_eq!(g.turn(), Color::White);
    assert_eq!(sans(&g), ["swap e1 c1"]);
    assert!(g.parse_move("pass").is_err());
    play(&mut g, &["c1e1"]);
    assert_eq!(g.turn(), Color::White);
    play(&mut g, &["swap d1 f1"]);
    assert_eq!(g.turn(), Color::Black);
    assert_eq!(sans(&g), ["swap d8 f8"]);
    play(&mut g, &["swap d8 f8"]);
    assert!(!g.in_setup());
    assert_eq!(
        g.fen(),
        "rnkbbqnr/pppppppp/8/8/8/8/PPPPPPPP/RNKBBQNR w HAha - 0 1"
    );
    // A mirrored pass is a pass.
    let mut g = Game::new(load("placement"));
    play(&mut g, &["pass"]);
    assert_eq!(sans(&g), ["pass"]);
}

/// Fischer Placement: the queen may swap with a rook "provided the king stays between the
/// rooks"; the king never swaps with a rook.
#[test]
fn fischer_placement_keeps_the_king_between_the_rooks() {
    let v = load("fischer-placement");
    let mut g = Game::new(v);
    assert!(sans(&g)
        .iter()
        .all(|s| !s.contains("a8") && !s.contains("h8")));
    play(&mut g, &["pass", "pass"]);
    let s = sans(&g);
    assert!(s.contains(&"swap d1 a1".to_string()), "{s:?}");
    assert!(!s.contains(&"swap d1 h1".to_string()), "{s:?}");
    assert!(g.parse_move("0000").is_ok());
    play(&mut g, &["swap d1 a1"]);
    // Black's mirror step is forced: the reflected swap, not a pass.
    assert!(g.parse_move("0000").is_err());
    play(&mut g, &["d8a8"]);
    assert!(!g.in_setup(), "{}", g.fen());
    assert_eq!(
        g.fen(),
        "qnbrkbnr/pppppppp/8/8/8/8/PPPPPPPP/QNBRKBNR w HDhd - 0 1"
    );
}

#[test]
fn setup_moves_undo_redo_and_notation() {
    let v = load("relocation");
    let mut g = Game::new(v);
    let start = g.fen();
    play(&mut g, &["e8g8"]);
    assert_eq!(g.history()[0].san, "swap e8 g8");
    assert_eq!(
        g.undo(),
        Some(Move::swap(
            g.variant().geometry().parse_square("e8").unwrap(),
            g.variant().geometry().parse_square("g8").unwrap()
        ))
    );
    assert_eq!(g.fen(), start);
    assert!(g.in_setup());
    assert_eq!(g.turn(), Color::Black);
    g.redo();
    assert_eq!(g.turn(), Color::White);
    // The swap written either way round, and `pass` as `0000`.
    let m = g.parse_move("swap f1 d1").unwrap();
    assert_eq!(g.san(m), "swap d1 f1");
    play(&mut g, &["0000"]);
    assert!(!g.in_setup());
    play(&mut g, &["e4"]);
    // Undo back into the setup phase.
    g.undo();
    g.undo();
    assert!(g.in_setup());
    assert_eq!(g.turn(), Color::White);
    // A chess move during the setup phase is refused with a hint.
    let e = g.parse_move("e4").unwrap_err();
    assert!(e.help.unwrap().contains("allowed"));
}

#[test]
fn uci_and_perft_accept_setup_moves() {
    let v = load("relocation");
    let g =
        myriad::uci::parse_position(&v, &["startpos", "moves", "e8g8", "0000", "e2e4"]).unwrap();
    assert_eq!(
        g.fen(),
        "rnbqnbkr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1"
    );
    // Perft counts setup steps as plies: 8 Black choices, then 8 White ones, then 20 moves.
    let mut g = Game::new(v);
    assert_eq!(g.perft(1), 8);
    assert_eq!(g.perft(2), 64);
    assert_eq!(g.perft(3), 64 * 20);
}

/// "Note that the king retains his castling rights even if it has been relocated ... King and
/// rook end up on their usual squares." Black puts the king on c8 and castles long: the king
/// stays, the rook goes to d8.
#[test]
fn a_relocated_king_castles_chess960_style() {
    let v = load("regroupment");
    let mut g = Game::new(v);
    play(&mut g, &["swap e8 c8", "pass", "pass", "pass"]);
    assert_eq!(
        g.fen(),
        "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    play(&mut g, &["e4", "Nc6", "d4", "d6", "Nf3", "Qd7", "Bd3"]);
    play(&mut g, &["O-O-O"]);
    let g8 = |s: &str| g.variant().geometry().parse_square(s).unwrap();
    let at = |s: &str| {
        g.position()
            .piece_at(g8(s))
            .map(|p| g.variant().piece_char(p))
    };
    assert_eq!(at("c8"), Some('k'));
    assert_eq!(at("d8"), Some('r'));
    assert_eq!(at("a8"), None);
    let fen = g.position().fen_shredder(g.variant());
    assert!(fen.contains(" w HA "), "{fen}");

    // Relocation: the king on g8 castles short by moving the rook to f8 ("If the king starts
    // the game on a castling destination square, castling on that side is done by moving the
    // rook").
    let mut g = Game::new(load("relocation"));
    play(
        &mut g,
        &["swap e8 g8", "pass", "e4", "e6", "d4", "Be7", "Nf3"],
    );
    let m = g.parse_move("O-O").unwrap();
    assert_eq!(g.uci(m, true), "g8h8");
    g.play(m).unwrap();
    assert!(g.fen().starts_with("rnbqnrk1/"), "{}", g.fen());

    // The king on d1 (swapped with the queen) castles short only once the queen, now on e1,
    // is out of the way; and long with a one-square step: king to c1, rook to d1.
    let mut g = Game::new(load("regroupment"));
    play(&mut g, &["pass", "pass", "swap e1 d1", "pass"]);
    play(&mut g, &["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]);
    assert!(
        g.parse_move("O-O").is_err(),
        "the queen on e1 is in the way"
    );
    let mut g = Game::new(load("regroupment"));
    play(&mut g, &["pass", "pass", "swap e1 d1", "pass"]);
    play(&mut g, &["d4", "e5", "Nc3", "Nc6", "Bf4", "Nf6", "O-O-O"]);
    let sq = |s: &str| g.variant().geometry().parse_square(s).unwrap();
    let at = |s: &str| {
        g.position()
            .piece_at(sq(s))
            .map(|p| g.variant().piece_char(p))
    };
    assert_eq!((at("c1"), at("d1"), at("a1")), (Some('K'), Some('R'), None));
}

/// Curtailed castling: "if the king is positioned on the g or b file, the castling right is
/// forfeited"; otherwise the rights of both rooks survive.
#[test]
fn curtailed_castling_after_relocation() {
    let cases: &[(&str, &[&str], &str)] = &[
        // relocation: the king on g8 keeps both rights; curtailed loses them
        ("relocation", &["swap e8 g8", "pass"], "HAha"),
        ("relocation-curtailed", &["swap e8 g8", "pass"], "HA"),
        ("relocation-curtailed", &["swap e8 b8", "swap e1 g1"], "-"),
        (
            "relocation-curtailed",
            &["swap e8 c8", "swap e1 d1"],
            "HAha",
        ),
        (
            "regroupment-curtailed",
            &["swap e8 b8", "pass", "pass", "pass"],
            "HA",
        ),
        (
            "regroupment-curtailed",
            &["swap e8 d8", "swap e8 g8", "pass", "pass"],
            "HAha",
        ),
        (
            "regroupment-curtailed",
            &["pass", "pass", "swap e1 g1", "swap d1 e1"],
            "ha",
        ),
        (
            "placement",
            &["swap e8 b8", "swap e1 b1", "pass", "pass"],
            "HAha",
        ),
        (
            "fischer-placement",
            &["pass", "pass", "swap d1 a1", "swap d8 a8"],
            "HDhd",
        ),
    ];
    for &(name, moves, rights) in cases {
        let mut g = Game::new(load(name));
        play(&mut g, moves);
        assert!(!g.in_setup(), "{name} {moves:?}");
        let fen = g.position().fen_shredder(g.variant());
        let field = fen.split(' ').nth(2).unwrap();
        assert_eq!(field, rights, "{name} {moves:?}: {fen}");
    }
}

/// Every explored position of the curtailed files has no rights for a king on b or g.
#[test]
fn curtailed_rights_over_every_position() {
    for name in ["relocation-curtailed", "regroupment-curtailed"] {
        let v = load(name);
        for fen in explore(&v, |_| {}).fens {
            let ranks: Vec<&str> = fen.split(['/', ' ']).collect();
            let rights = fen.split(' ').nth(2).unwrap();
            for (rank, upper) in [(ranks[7], true), (ranks[0], false)] {
                let file = king_file(rank, if upper { 'K' } else { 'k' });
                let has = rights
                    .chars()
                    .any(|c| c != '-' && c.is_ascii_uppercase() == upper);
                assert_eq!(has, !matches!(file, 1 | 6), "{name}: {fen}");
            }
        }
    }
}

fn king_file(rank: &str, king: char) -> usize {
    let mut f = 0;
    for c in rank.chars() {
        if c == king {
            return f;
        }
        f += c.to_digit(10).map(|d| d as usize).unwrap_or(1);
    }
    usize::MAX
}

fn white_back_rank(g: &Game) -> String {
    g.fen().split(['/', ' ']).nth(7).unwrap().to_string()
}

fn black_back_rank(g: &Game) -> String {
    g.fen().split('/').next().unwrap().to_string()
}

/// "The initial position of each side is independently randomized": each side's array is
/// uniform among the 22 it can reach (not a uniform choice at each step, which would give the
/// king-to-f1 branch 1/6 instead of 2/22), and the sides are independent.
#[test]
fn chess484_random_starts_are_uniform() {
    let v = load("chess484");
    let n = 22 * 300;
    let mut white: HashMap<String, usize> = HashMap::new();
    let mut black: HashMap<String, usize> = HashMap::new();
    let mut pairs: HashMap<(bool, bool), usize> = HashMap::new();
    let mut rng = Rng(2024);
    for _ in 0..n {
        let g = Game::new_seeded(v.clone(), rng.next_u64());
        assert!(!g.in_setup());
        let (w, b) = (white_back_rank(&g), black_back_rank(&g));
        pairs
            .entry((w == "RNBQKBNR", b == "rnbqkbnr"))
            .and_modify(|c| *c += 1)
            .or_insert(1);
        *white.entry(w).or_default() += 1;
        *black.entry(b).or_default() += 1;
    }
    for (side, counts) in [("white", &white), ("black", &black)] {
        assert_eq!(counts.len(), 22, "{side}");
        let e = n as f64 / 22.0;
        let chi2: f64 = counts.values().map(|&c| (c as f64 - e).powi(2) / e).sum();
        // 21 degrees of freedom: p = 0.001 at 46.8.
        assert!(chi2 < 46.8, "{side}: chi-square {chi2}");
        let f1 = counts
            .iter()
            .filter(|(r, _)| king_file(r, if side == "white" { 'K' } else { 'k' }) == 5)
            .map(|(_, &c)| c)
            .sum::<usize>() as f64
            / n as f64;
        assert!((f1 - 2.0 / 22.0).abs() < 0.02, "{side}: king on f {f1}");
    }
    // Independence: both standard about n/484 times.
    let both = pairs.get(&(true, true)).copied().unwrap_or(0) as f64;
    assert!((both - n as f64 / 484.0).abs() < 4.0 * (n as f64 / 484.0).sqrt() + 1.0);
}

#[test]
fn chess64_and_chess960_random_starts() {
    let v = load("chess64");
    let mut counts: HashMap<String, usize> = HashMap::new();
    let n = 8 * 400;
    for seed in 0..n as u64 {
        let p = random_start(&v, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let fen = p.fen_shredder(&v);
        *counts
            .entry(fen.split('/').nth(7).unwrap().to_string())
            .or_default() += 1;
    }
    assert_eq!(counts.len(), 8);
    let e = n as f64 / 8.0;
    let chi2: f64 = counts.values().map(|&c| (c as f64 - e).powi(2) / e).sum();
    assert!(chi2 < 24.3, "chi-square {chi2}"); // 7 dof, p = 0.001
                                               // Chess960: mirrored, bishops on opposite colours, king between the rooks, 960 arrays.
    let v = load("chess960");
    let explored = explore(&v, |_| {});
    let set: std::collections::HashSet<String> = explored.fens.into_iter().collect();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..3000u64 {
        let p = random_start(&v, seed.wrapping_mul(0xD1B5_4A32_D192_ED03));
        assert!(setup::is_mirrored(&v, &p));
        let fen = p.fen_shredder(&v);
        assert!(set.contains(&fen), "{fen}");
        seen.insert(fen);
    }
    // 3000 uniform draws from 960 miss about 960 * e^-3.1 = 43 arrays.
    assert!(seen.len() > 880, "{}", seen.len());
}

/// A hand-made setup phase with a constraint that needs look-ahead across both sides' steps
/// and a mirror: White mirrors Black's king swap, and the opposite-colour rule is checked only
/// at the end.
#[test]
fn mirror_with_final_constraint_never_gets_stuck() {
    let text = r#"
extends "chess"
name "Mirror Test"
setup {
  step black swap K with Q B N optional
  step white mirror
  step white swap Q with B N optional
  step black swap Q with B N optional
  require opposite-colours B at end
}
"#;
    let v = myriad::rules::compile_source(text, "mirror-test.rules").unwrap();
    let ex = explore(&v, |_| {});
    // Each side: the king's 6 choices (mirrored) and the queen's, 22 arrays per side in all,
    // but White's king choice is Black's: 6 king choices x queen choices per side.
    let per_king = [4usize, 4, 4, 2, 4, 4];
    let expected: usize = per_king.iter().map(|q| q * q).sum();
    assert_eq!(ex.len(), expected);
    assert_eq!(ex.mirrored, 22);
    // Walk every line: there is always a legal move until the game proper begins.
    fn walk(g: &mut Game) {
        if !g.in_setup() {
            return;
        }
        let moves = g.legal_moves();
        assert!(!moves.is_empty(), "stuck at {}", g.fen());
        for m in moves {
            g.play(m).unwrap();
            walk(g);
            g.undo();
        }
    }
    walk(&mut Game::new(v));
}

/// `myriad positions FILE [--list]`: one Shredder FEN per line, then `N positions, M mirrored`.
#[test]
fn the_positions_command() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(["positions", "placement", "--list"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[20], "20 positions, 20 mirrored");
    assert_eq!(
        lines[0],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
    assert!(lines[..20]
        .iter()
        .all(|l| l.contains(" w ") && l.ends_with(" 0 1")));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(["positions", "relocation-curtailed"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "64 positions, 8 mirrored\n"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_myriad"))
        .args(["positions", "no-such-file"])
        .output()
        .unwrap();
    assert!(!out.status.success());
}
