#!/bin/sh
# Seeds fuzz/corpus/<target>/ from the bundled rules files, the bad rules files, the tutorial
# files, FENs and PGNs. Run from anywhere; safe to rerun (existing corpus files are kept).
# Inputs of the targets that pick a bundled variant start with one selector byte (0 = chess,
# 1 = capablanca, 2 = relocation, ... in the order of myriad::rules::bundled()).
set -eu
cd "$(dirname "$0")"
root=..
c=corpus
mkdir -p $c/rules_compile $c/fen $c/move_text $c/pgn_import $c/uci_loop $c/random_play

# rules_compile: every rules file we have
for f in $root/rules/*.rules $root/tests/bad_rules/*.rules $root/tests/tutorial/*.rules; do
    cp "$f" "$c/rules_compile/$(basename "$(dirname "$f")")-$(basename "$f")"
done

# new setup syntax that no bundled file uses: swaps in the game proper, files to avoid
cat > $c/rules_compile/seed-at-move.rules <<'EOF2'
extends "chess"
name "Swap at Move 1"
castling none
setup {
  at move 1 swap K Q R B N with K Q R B N
  at move 2 swap c1 f1 or b1 g1
  require opposite-colours B
  require K not on a h
}
EOF2

# piece pictures: figures of the set, combined, or SVG files next to the rules file
cat > $c/rules_compile/seed-image.rules <<'EOF2'
extends "capablanca"
name "Pictures"
piece Archbishop A moves "BN" image bishop+knight
piece Chancellor C moves "RN" image "chancellor.svg" "chancellor-black.svg"
piece Knight N moves "N" image knight
EOF2

n=0
seed() { # target selector text [second-byte]
    n=$((n + 1))
    {
        printf "\\$(printf %03o "$2")"
        if [ $# -ge 4 ]; then printf "\\$(printf %03o "$4")"; fi
        printf '%s' "$3"
    } > "$c/$1/seed-$n"
}

# fen: start positions of the variants and FENs quoted in the tests
seed fen 0 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
seed fen 0 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
seed fen 0 '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'
seed fen 0 'rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 2'
seed fen 1 'rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1'
seed fen 12 'bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1'
# Pre-Chess: pieces in hand after the board, `[]` once placed; drops as `N@b1`
pre=17 # pre-chess's index in myriad::rules::bundled()
for t in N@b1 K@e1 n@b1 B@c1 'N@' '@b1' 'NN@b1' 'K@e9'; do
    seed move_text $pre "$t" 0
    seed move_text $pre "$t" 3
done
seed random_play $pre "$(printf '\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020')" 0
seed fen $pre '8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1'
seed fen $pre '4k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K3[QRBBNqrbbnn] b Qk - 5 3'
seed fen $pre 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 16 9'
grep -ho '^[^;]*' $root/tests/golden/prechess.perft | grep -v '^#' | while IFS= read -r fen; do
    seed fen $pre "$fen"
done
seed fen 5 'rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w HAha - 0 1'
# xiangqi and minixiangqi (selected by their index in src/rules/mod.rs): 10 ranks,
# Fairy-Stockfish's letters (tests/golden/fs/)
index_of() {
    n=$(sed -n '/^static BUNDLED/,/^);/p' $root/src/rules/mod.rs | grep -o '"[^"]*"' | tr -d '"' \
        | grep -n "^$1\$" | cut -d: -f1)
    echo $((n - 1))
}
xq=$(index_of xiangqi)
mxq=$(index_of minixiangqi)
seed fen $xq 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
seed fen $xq '1n1akabn1/r2c4r/c3b4/p3p1p1p/2p6/P1P3BC1/4P1P1P/R1C6/9/1NBAKA1NR b - - 15 8'
seed fen $mxq 'rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1'
grep -ho '"[rnbqkpRNBQKPacACx0-9]*/[^"]*[wb] [^"]*"' $root/tests/*.rs $root/src/position/tests.rs 2>/dev/null \
    | tr -d '"' | sort -u | head -200 | while IFS= read -r fen; do
    seed fen 0 "$fen"
done

# move_text: selector, moves to play first, text
for t in e4 Nf3 O-O e2e4 g1f3 e7e8=Q exd5 'swap e8 g8' pass 0000 e8d8 Kxe8 'a7a8q' 'Nbd2'; do
    seed move_text 0 "$t" 0
    seed move_text 5 "$t" 1
    seed move_text 2 "$t" 3
done

# each family's own notation: Shogi's Hodges (`notation hodges`), the chess SAN older Shogi
# games hold, broken forms; Xiangqi's horse and elephant as `H`/`E` and as their FEN letters
for t in P-76 'Bx22+' 'P*34' 'G69-58' '+R-22' 'Bx57=' 'P-13+' 'P-76=' 'S-68=+S' c4 'P@e4' \
    'Nd7=+N' 'P-7' 'P-700' '+-76' '+Z-11' 'G*' 'G69*58' 'P76' 'x76' 'P-76=Q' 'P-76=+' '-'; do
    seed move_text "$(index_of shogi)" "$t" 0
    seed move_text "$(index_of shogi)" "$t" 5
    seed move_text "$(index_of minishogi)" "$t" 3
done
for t in Hc3 Nc3 Ee3 Be3 'H@e4' Hbc3 'Hxc3+' E; do
    seed move_text "$(index_of xiangqi)" "$t" 0
    seed move_text "$(index_of minixiangqi)" "$t" 2
done

# named-square swaps (pawn-exchange, 14) and a requirement comparing the sides (chess57, 13)
for t in 'swap c1 f2' 'swap f1 c2' c1f2 pass; do
    seed move_text 14 "$t" 0
done
for t in 'swap e8 d8' pass 'swap e1 c1'; do
    seed move_text 13 "$t" 3
done

# drops in play (crazyhouse, selected by its index in src/rules/mod.rs): drops, bad drops,
# promoted marks and hands in the FEN
ch=$(sed -n '/^static BUNDLED/,/^);/p' $root/src/rules/mod.rs | grep -o '"[^"]*"' | tr -d '"' \
    | grep -n '^crazyhouse$' | cut -d: -f1)
ch=$((ch - 1))
for t in 'P@e4' 'N@f3' 'p@e4' '@e4' 'X@e4' 'P@z9' 'N@f7+' 'Q@'; do
    seed move_text $ch "$t" 4
done
seed fen $ch 'rNbqkbnr/1pp1pppp/8/8/P7/8/2PPPPPP/q~NBQKB1R[NPrp] w Kkq - 0 6'
seed fen $ch 'r~nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QQQQPPPPPPPPpppppppp] b KQkq - 0 1'

# pgn_import
seed pgn_import 0 '[Event "x"]
[Result "*"]

1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6 3. d4) 3. Bb5 a6 $1 4. Ba4 Nf6 5. O-O *'
seed pgn_import 5 '[Variant "Regroupment Chess"]
[SetupSteps "swap e8 c8, pass, swap e1 d1, pass"]
[SetUp "1"]
[FEN "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w HAha - 0 1"]

1. e4 e5 2. Nf3 *'
seed pgn_import 5 '1. swap e8 c8 pass e1d1 0000 2. e4 *'
seed pgn_import 12 '[Variant "Chess960"]
[SetUp "1"]
[FEN "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"]

1. e4 e5 2. O-O *'

# the tags other programs read (Chess960/Standard, X-FEN) and Myriad's own tags naming the rules
seed pgn_import 5 '[White "Player"]
[Black "Myriad level 5"]
[Variant "Chess960"]
[MyriadRules "regroupment"]
[SetupSteps "swap e8 c8, pass, swap e1 d1, pass"]
[SetUp "1"]
[FEN "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1"]

1. e4 e5 2. Nf3 *'
seed pgn_import 0 '[Variant "Standard"]
[MyriadRules "chess"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *'
seed pgn_import 0 '[Variant "Chess"]
[MyriadRulesFile "/home/me/my.rules"]
[MyriadRulesHash "cbf29ce484222325"]

1. e4 *'
seed pgn_import 5 '[MyriadRules "regroupmnet"]

*'

# uci_loop
seed uci_loop 0 'uci
isready
setoption name Hash value 4
setoption name UCI_Chess960 value true
ucinewgame
position startpos moves e2e4 e7e5
go depth 2
go perft 2
d
quit'
# helper threads (Lazy SMP): a search with three threads, stopped, then a bad count
seed uci_loop 0 'setoption name Threads value 3
position startpos moves e2e4
go depth 3
go movetime 20
go infinite
stop
setoption name Threads value 0
setoption name Threads value 1
go nodes 200'
seed uci_loop 5 'position startpos moves e8c8 0000 e1d1 0000 e2e4
go nodes 100
position fen rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w HAha - 0 1 moves e2e4
go movetime 10
stop'

seed pgn_import $pre '[Variant "Pre-Chess"]
[SetUp "1"]
[FEN "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"]

1. K@e1 K@e8 2. R@a1 R@h8 3. N@b1 *'
seed uci_loop $pre 'position startpos moves K@e1 K@e8 R@a1 R@h8 N@b1
go depth 2
position fen 4k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K3[QRBBNqrbbnn] b Qk - 5 3 moves N@b8
go perft 2
d
go nodes 100'

# UCI_Variant by Fairy-Stockfish's names (placement is Pre-Chess), and a pgn-variant name read back
seed uci_loop 0 'uci
setoption name UCI_Variant value placement
position startpos moves K@e1
go perft 1
setoption name UCI_Variant value winther-placement
setoption name UCI_Variant value fischerandom
position fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1
go depth 2
setoption name UCI_Variant value janus
position startpos
go nodes 100
setoption name UCI_Variant value nonesuch'
seed pgn_import 12 '[Variant "chess 960"]
[SetUp "1"]
[FEN "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1"]

1. e4 e5 *'

# random_play: selector, mode, then move choices
for v in 0 1 2 3 4 5 6 7 8 9 10 11 12; do
    seed random_play $v "$(printf '\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020')" 0
    seed random_play $v "$(printf '\001\377\376\375\374\373\372\371\370\367\366\365\364\363\362\361')"
done
# fen, random_play, uci_loop: the Fairy-Stockfish families (goals, extinction, counting,
# promotion zones): positions of their golden files (check counters, counts, game-over
# positions), each with its variant's selector (its index in myriad::rules::bundled(), read
# from src/rules/mod.rs)
i=0
for name in $(sed -n '/^static BUNDLED/,/^);/p' $root/src/rules/mod.rs | grep -o '"[^"]*"' | tr -d '"'); do
    g=$root/tests/golden/fs/$name.perft
    if [ -f "$g" ]; then
        k=0
        grep -v '^#' "$g" | cut -d';' -f1 | sed 's/ *$//' | head -6 > "$c/.fens"
        while read -r fen; do
            k=$((k + 1))
            { printf "\\$(printf %03o $((i % 256)))"; printf '%s' "$fen"; } > "$c/fen/fs-$name-$k"
        done < "$c/.fens"
        { printf "\\$(printf %03o $((i % 256)))\\000"; printf '\001\002\003\004\005\006\007\010\011\012\013\014'; } > "$c/random_play/fs-$name"
        printf '\000uci\nsetoption name UCI_Variant value %s\nposition startpos\ngo perft 2\ngo depth 2\n' "$name" > "$c/uci_loop/fs-$name"
    fi
    i=$((i + 1))
done
rm -f "$c/.fens"
# pgn_import, move_text: the game lines of tests/golden/fs/san/ (Fairy-Stockfish's SAN in each
# family's notation, tests/san_fairy.rs), as a PGN from their FEN, and their first moves alone
i=0
for name in $(sed -n '/^static BUNDLED/,/^);/p' $root/src/rules/mod.rs | grep -o '"[^"]*"' | tr -d '"'); do
    g=$root/tests/golden/fs/san/$name.san
    if [ -f "$g" ]; then
        line=$(grep '^game ' "$g" | head -1 | sed 's/^game //')
        fen=${line%% ; *}
        sans=${line##* ; }
        { printf "\\$(printf %03o $((i % 256)))"; printf '[SetUp "1"]\n[FEN "%s"]\n\n%s *\n' "$fen" "$sans"; } > "$c/pgn_import/fs-san-$name"
        for t in $(echo "$sans" | tr ' ' '\n' | head -4); do
            { printf "\\$(printf %03o $((i % 256)))\\000"; printf '%s' "$t"; } > "$c/move_text/fs-san-$name-$t"
        done
    fi
    i=$((i + 1))
done
for d in $c/*; do echo "$(ls "$d" | wc -l) $d"; done
