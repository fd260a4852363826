#!/usr/bin/env python3
"""Positions labelled by Stockfish's static evaluation, for the learnt correction
(src/search/eval/net.rs, trained by scripts/net_train.py).

scripts/net_data.py labels each position by a search of Stockfish at depth 9: some 70
positions a second with two processes. Stockfish 15.1's `eval` command gives its static
evaluation (its NNUE network, scaled as its search scores are) about 4,000 times a second in one
process, so that ten times the data costs minutes. A static evaluation means something only
where nothing hangs, so this script keeps quiet positions only, and it makes more of them:

1. every position of the input files (the first field of each line a FEN, as in
   scripts/net_data.py's output or an eval_dump of it), each once;
2. for each, up to `--children` (2) positions one or two random plies away: a random legal
   move that neither captures, nor promotes, nor gives check, and then, for two plies,
   another such move of the other side. Such a position is kept only if it is quiet for the
   side to move: not in check, and no capture of a piece worth more than the capturer or
   not defended (pawn 1, knight and bishop 3, rook 5, queen 9).

A random move leaves a piece somewhere worse (or better) than a player would, which is what
the correction has to learn to see; the parent and its children share a number (the output's
third field), so that the trainer holds them out together.

Each output line is `fen ; cp ; group` (Shredder FEN, Stockfish's static evaluation in
centipawns from White's view); `examples/eval_dump.rs` then adds Myriad's evaluation:

    python3 scripts/net_static.py dump-sp.txt --out static.txt --children 4 --jobs 2
    cargo run --release --no-default-features --example eval_dump -- static.txt > sdump.txt
    python3 scripts/net_train.py sdump.txt --out static.net --hidden 64 --epochs 40 \\
        --decay 0.1 --judge dump-pgn.txt

Positions with a score beyond 15 pawns are dropped. A progress line goes to standard error.
"""

import argparse
import multiprocessing
import random
import subprocess
import sys
import time

import chess

VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9,
         chess.KING: 100}
LIMIT = 1500


def fen_key(fen):
    """A position's identity in a FEN: pieces, side to move, castling rights, en passant."""
    return " ".join(fen.split()[:4])


def quiet(board):
    """Is the side to move out of check and without a capture that wins material at once
    (a piece worth more than the capturer, or one not defended)?"""
    if board.is_check():
        return False
    for m in board.generate_legal_captures():
        if m.promotion:
            return False
        victim = board.piece_type_at(m.to_square)
        if victim is None:  # en passant
            victim = chess.PAWN
        attacker = board.piece_type_at(m.from_square)
        if VALUE[victim] > VALUE[attacker]:
            return False
        if not board.is_attacked_by(not board.turn, m.to_square):
            return False
    return True


def random_quiet_move(board, rng):
    moves = [m for m in board.legal_moves
             if not m.promotion and not board.is_capture(m) and not board.gives_check(m)]
    return rng.choice(moves) if moves else None


def children(board, n, rng):
    """Up to `n` quiet positions one or two random plies from `board`."""
    out = []
    for i in range(n):
        child = board.copy(stack=False)
        for _ in range(1 + i % 2):
            m = random_quiet_move(child, rng)
            if m is None:
                child = None
                break
            child.push(m)
        if child is not None and quiet(child) and not child.is_game_over():
            out.append(child)
    return out


class Stockfish:
    """One Stockfish process answering `eval` for Chess960 positions."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci\nsetoption name UCI_Chess960 value true\nisready")
        while self.p.stdout.readline().strip() != "readyok":
            pass

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def static_eval(self, fen):
        """Stockfish's static evaluation in centipawns from White's view, or None (in check)."""
        self.send(f"position fen {fen}\neval")
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("Stockfish ended")
            if line.startswith("Final evaluation"):
                word = line.split()[2]
                try:
                    return round(100 * float(word))
                except ValueError:
                    return None

    def close(self):
        self.send("quit")
        self.p.wait()


def work(args):
    lines, first_group, n_children, seed, engine, part, offset = args
    rng = random.Random(seed + first_group)
    sf = Stockfish(engine)
    count, seen = 0, set()
    with open(part, "w") as f:
        for i, fen in enumerate(lines):
            group = offset + first_group + i
            try:
                board = chess.Board(fen, chess960=True)
            except ValueError:
                continue
            for b in [board] + children(board, n_children, rng):
                fen = b.fen(shredder=True)
                if fen_key(fen) in seen:
                    continue
                seen.add(fen_key(fen))
                cp = sf.static_eval(fen)
                if cp is None or abs(cp) > LIMIT:
                    continue
                f.write(f"{fen} ; {cp} ; {group}\n")
                count += 1
            if i % 2000 == 0:
                print(f"{part}: {i}/{len(lines)} positions, {count} labelled",
                      file=sys.stderr, flush=True)
    sf.close()
    return count


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", help="files whose lines begin with a FEN")
    ap.add_argument("--out", required=True)
    ap.add_argument("--children", type=int, default=2)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7007)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--limit", type=int, default=None, help="at most this many input positions")
    ap.add_argument("--first-group", type=int, default=0,
                    help="the first group number (so that files labelled apart and joined "
                    "keep their groups apart)")
    args = ap.parse_args()

    fens, seen = [], set()
    for path in args.inputs:
        with open(path) as f:
            for line in f:
                if line.startswith("#"):
                    continue
                fen = line.split(" ; ")[0].strip()
                if fen and fen_key(fen) not in seen:
                    seen.add(fen_key(fen))
                    fens.append(fen)
    if args.limit:
        fens = fens[:args.limit]
    start = time.time()
    step = (len(fens) + args.jobs - 1) // args.jobs
    tasks = [(fens[j * step:(j + 1) * step], j * step, args.children, args.seed, args.engine,
              f"{args.out}.part{j}", args.first_group) for j in range(args.jobs)]
    with multiprocessing.Pool(args.jobs) as pool:
        counts = pool.map(work, tasks)
    seen = set()
    total = 0
    with open(args.out, "w") as f:
        f.write(f"# {sum(counts)} quiet positions ({len(fens)} from {', '.join(args.inputs)} "
                f"and up to {args.children} children each, seed {args.seed}), labelled by "
                "Stockfish's static evaluation: fen ; cp (White's view) ; group\n")
        for t in tasks:
            with open(t[5]) as part:
                for line in part:
                    key = fen_key(line.split(" ; ")[0])
                    if key not in seen:
                        seen.add(key)
                        f.write(line)
                        total += 1
    print(f"{total} labelled positions in {args.out} ({time.time() - start:.0f} s)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
