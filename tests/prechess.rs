//! Pre-Chess (`rules/pre-chess.rules`): the figures of the placement phase computed from the
//! file, castling rights that depend on where the rook and the king were placed, the bishops
//! rule, drops in every front end. Expected FENs and move lists are Fairy-Stockfish's
//! (`placement`, `d` and `go perft 1`); counts come from the arithmetic stated below.

use myriad::game::placement::placement_arrays;
use myriad::game::Game;
use myriad::types::Color;

fn load() -> std::sync::Arc<myriad::variant::Variant> {
    myriad::rules::load("pre-chess").expect("bundled pre-chess compiles")
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = g.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        g.play(mv).unwrap();
    }
}

/// The independent source: a side's first rank takes one bishop on one of its 4 dark squares
/// and one on one of its 4 light squares (4 x 4), the other six squares K Q R R N N in
/// 6!/(2!2!) = 180 ways: 2,880 arrays a side. The sides place independently: 2,880^2 =
/// 8,294,400 positions, of which 2,880 are mirrored (Black's array White's reflected).
#[test]
fn positions_are_counted_side_by_side() {
    let v = load();
    let pa = placement_arrays(&v).expect("the sides place on different ranks");
    let per_side = 4 * 4 * (1..=6).product::<usize>() / (2 * 2);
    assert_eq!(per_side, 2880);
    assert_eq!(pa.arrays[Color::White].len(), per_side);
    assert_eq!(pa.arrays[Color::Black].len(), per_side);
    assert_eq!(pa.positions(), (per_side * per_side) as u64);
    assert_eq!(pa.positions(), 8_294_400);
    assert_eq!(pa.mirrored, per_side);
}

/// Castling rights come from where the king AND the rook were placed: a king on e1 with a
/// rook on a1 or h1, in either order; none for a king placed elsewhere.
#[test]
fn castling_rights_depend_on_the_king_and_the_rook() {
    let v = load();
    for (moves, fen) in [
        (
            "K@e1 K@e8 R@a1",
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[QRBBNNqrrbbnn] b Q - 3 2",
        ),
        (
            "R@h1 R@h8 K@e1 K@d8",
            "3k3r/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNqrbbnn] w K - 4 3",
        ),
        (
            "K@d1 K@e8 R@a1 R@a8",
            "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R2K4[QRBBNNqrbbnn] w q - 4 3",
        ),
    ] {
        let mut g = Game::new(v.clone());
        play(&mut g, moves);
        assert_eq!(g.fen(), fen, "{moves}");
    }
    // the same rule for arrays: a king on e1 with rooks on b1 and h1 castles only king-side (Black, untouched, keeps both)
    let text = "extends \"chess\"\nname \"Only\"\narray \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBNR\"\ncastling {\n  rook R\n  only king e rook a h\n}\n";
    let only = myriad::rules::compile_source(text, "only.rules").unwrap();
    let g = Game::new(only);
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBNR w Kkq - 0 1"
    );
}

/// "The second bishop may not go on the colour of the first": after B@c1 (dark) White's
/// second bishop may go only on b1, d1, f1 or h1, as Fairy-Stockfish lists.
#[test]
fn the_second_bishop_goes_on_the_other_colour() {
    let v = load();
    let mut g = Game::new(v);
    play(&mut g, "B@c1 N@b8");
    let mut bishops: Vec<String> = g
        .legal_moves()
        .iter()
        .map(|&m| g.san(m))
        .filter(|s| s.starts_with("B@"))
        .collect();
    bishops.sort();
    assert_eq!(bishops, ["B@b1", "B@d1", "B@f1", "B@h1"]);
    assert_eq!(g.legal_moves().len(), 32);
    assert!(g.parse_move("B@e1").is_err());
}

/// Drops through UCI: `position startpos moves N@b1 ...` and `go` answering a placement.
#[test]
fn uci_takes_and_gives_placements() {
    let v = load();
    let input = "uci\nposition startpos moves N@b1 K@e8\ngo depth 2\nisready\nquit\n";
    let mut out = Vec::new();
    myriad::uci::run(v, input.as_bytes(), &mut out);
    let text = String::from_utf8(out).unwrap();
    let best = text
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("an answer");
    assert!(
        best.len() == 4 && best.as_bytes()[1] == b'@' && best.ends_with('1'),
        "{best}"
    );
}

/// A mid-placement FEN resumes the placement: the side to move places next.
#[test]
fn a_fen_in_mid_placement_resumes_the_placement() {
    let v = load();
    let g = Game::from_fen(
        v.clone(),
        "4k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K3[QRBBNqrbbnn] b Qk - 5 3",
    )
    .unwrap();
    assert!(g.placing());
    assert_eq!(g.turn(), Color::Black);
    assert_eq!(g.legal_moves().len(), 24);
    let done = Game::from_fen(
        v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 16 9",
    );
    assert!(!done.unwrap().in_setup());
}

/// A position with a king still in hand is not one the game proper plays, but the position's
/// own move generator (the FEN fuzz target calls it on any accepted FEN) must not fail on it.
#[test]
fn positions_with_a_king_in_hand_do_not_break_the_move_generator() {
    let v = load();
    for fen in [
        "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
        "4k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K3[QRBBNqrbbnn] b Qk - 5 3",
        "q7/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkrrbbnn] w - - 1 1",
    ] {
        let pos = myriad::position::AnyPosition::from_fen(&v, fen).unwrap();
        assert_eq!(pos.fen(&v), fen);
        assert_eq!(pos.hash(), pos.compute_hash());
        for m in pos.legal_moves(&v).iter() {
            let mut p = pos;
            p.play(&v, *m);
            assert_eq!(p.hash(), p.compute_hash());
            let _ = pos.san(&v, *m);
        }
        let _ = pos.perft(&v, 2);
    }
}

/// Ranks per piece kind (`R ranks 1`): with pieces placed on the first and third ranks and the
/// rooks on the first only, White's first placement has 4 kinds x 16 squares + 8 rook squares
/// = 72 choices (no requirement); Black's reply likewise 72, so perft(2) = 72 x 72.
#[test]
fn ranks_per_kind() {
    let text = "extends \"chess\"\nname \"Three Ranks\"\narray \"8/pppppppp/8/8/8/8/PPPPPPPP/8\"\ncastling none\nsetup {\n  hand \"KQRRBBNN\"\n  place white first ranks 1 3 R ranks 1\n}\n";
    let v = myriad::rules::compile_source(text, "three.rules").unwrap();
    let mut g = Game::new(v);
    assert_eq!(g.legal_moves().len(), 4 * 16 + 8);
    assert_eq!(g.perft(2), 72 * 72);
    assert!(g.parse_move("R@a3").is_err());
    play(&mut g, "R@a1 N@c6");
    assert_eq!(
        g.fen(),
        "8/pppppppp/2n5/8/8/8/PPPPPPPP/R7[KQRBBNNkqrrbbn] w - - 2 2"
    );
}

/// Choose-your-own Chess960 (`rules/choose960.rules`): the placement with `require K between
/// R` gives each side exactly the arrays of Chess960. The independent source is the count of
/// Chess960 arrays (4 x 4 bishop squares x 6 queen squares x 10 knight pairs x 1 = 960, the
/// king between the rooks on the three squares left), and the set is compared with the arrays
/// the Chess960 file's own shuffle (a different mechanism) reaches.
#[test]
fn choose960_places_exactly_the_chess960_arrays() {
    let v = myriad::rules::load("choose960").expect("bundled choose960 compiles");
    let pa = placement_arrays(&v).expect("the sides place on different ranks");
    assert_eq!(4 * 4 * 6 * 10, 960);
    assert_eq!(pa.arrays[Color::White].len(), 960);
    assert_eq!(pa.arrays[Color::Black].len(), 960);
    assert_eq!(pa.positions(), 921_600);
    assert_eq!(pa.mirrored, 960);
    let back = |a: &[Option<myriad::types::Piece>]| -> String {
        a[..8]
            .iter()
            .map(|p| p.map_or('.', |p| v.role(p.role).letter))
            .collect()
    };
    let mut placed: Vec<String> = pa.arrays[Color::White].iter().map(|a| back(a)).collect();
    placed.sort();
    let c960 = myriad::rules::load("chess960").expect("bundled");
    let starts = myriad::game::setup::start_arrays(&c960);
    let mut shuffled: Vec<String> = (0..starts.len())
        .map(|i| back(&starts.get(&c960, i)))
        .collect();
    shuffled.sort();
    shuffled.dedup();
    assert_eq!(placed, shuffled);
    // a placement that would make the king unable to stand between the rooks is refused
    let mut g = Game::new(v.clone());
    assert!(
        g.parse_move("K@a1").is_err(),
        "a king on a1 can never be between the rooks"
    );
    play(&mut g, "R@b1 r@h8");
    assert!(
        g.parse_move("R@a1").is_err(),
        "both rooks left of every free square for the king"
    );
    assert!(g.parse_move("K@c1").is_ok());
}
