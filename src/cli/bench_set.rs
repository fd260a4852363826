//! The fixed search set of `myriad bench`: positions searched to a fixed depth, so that the
//! time to reach the depth can be compared between builds (scripts/bench_compare.py runs the
//! same set on two binaries over UCI, from `myriad bench --print-set`).

/// (bundled file, FEN or empty for the file's start position, depth).
pub const SEARCH_SET: &[(&str, &str, u32)] = &[
    // orthodox chess: the start, Kiwipete, middlegames and an endgame
    ("chess", "", 12),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        10,
    ),
    (
        "chess",
        "r3k2r/2pb1ppp/2pp1q2/p7/1nP1B3/1P2P3/P2N1PPP/R2QK2R w KQkq a6 0 14",
        11,
    ),
    (
        "chess",
        "4rrk1/2p1b1p1/p1p3q1/4p3/2P2n1p/1P1NR2P/PB3PP1/3R1QK1 b - - 2 24",
        12,
    ),
    (
        "chess",
        "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
        10,
    ),
    (
        "chess",
        "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/3N4 b - - 0 1",
        16,
    ),
    // Chess484 (Regroupment Random Chess) arrays
    (
        "chess484",
        "rkbnnbqr/pppppppp/8/8/8/8/PPPPPPPP/RNKNBBQR w HAha - 0 1",
        12,
    ),
    (
        "chess484",
        "rqknbbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR w HAha - 0 1",
        12,
    ),
    (
        "chess484",
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w HAha - 0 1",
        12,
    ),
    // fairy files: other boards, pieces and ways to win
    ("capablanca", "", 9),
    ("grand", "", 8),
    ("shatranj", "", 16),
    ("makruk", "", 12),
    ("3check", "", 12),
    ("kingofthehill", "", 10),
    ("antichess", "", 14),
    ("horde", "", 9),
];
