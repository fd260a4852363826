#!/usr/bin/env python3
"""Positions the search meets, for the learnt correction (src/search/eval/net.rs): Myriad
searches positions of games while a build with the feature `sample` writes one in N of the
positions its evaluation computes; the quiet ones, each once, are the output, ready for
`scripts/net_static.py` to label.

The networks before were trained on the positions of games (and a random ply or two from
them): positions a player chooses to reach. The evaluation, though, mostly judges positions
deep in the search's tree, after moves no player would choose, where the pieces stand
unbalanced and threatened; this samples those.

1. From each PGN, the positions of every 4th ply from the 9th on (not over), shuffled by
   --seed, at most --positions of them, split among --jobs Myriad processes;
2. each is searched from an empty table (`ucinewgame`, `go movetime --ms`) by the sampling
   build, with `MYRIAD_SAMPLE=PART:N` set, so that the evaluation appends the FEN of one in N
   of the positions it computes (chosen by the position's hash) to PART;
3. the parts are joined, each position kept once (by its placement, side, castling and en
   passant) and only if it is quiet for the side to move (scripts/net_static.py's test: not in
   check, no capture winning material at once), shuffled, written to --out.

    cargo build --release --no-default-features --features sample --target-dir target-sample
    python3 scripts/net_search_sample.py --engine target-sample/release/myriad \\
        --out searchq.txt --positions 2500 --ms 40 --jobs 2 docs/data/seed11-main.pgn ...
    python3 scripts/net_static.py searchq.txt --out lab-search.txt --children 0 --jobs 2

With --game-fens FILE it also writes every position of the games themselves (from the 8th ply
on, not in check, not over, each once) to FILE, for `net_static.py --children 2`, as the
network of docs/levels.md ("A network on the positions the search meets") was trained on both.
A progress line goes to standard error.
"""

import argparse
import multiprocessing
import os
import random
import subprocess
import sys

import chess
import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from net_static import fen_key, quiet  # noqa: E402


def played(paths):
    """(index of the move just played, the position after it) through every game of `paths`."""
    for path in paths:
        with open(path) as f:
            while (g := chess.pgn.read_game(f)) is not None:
                b = g.board()
                for i, m in enumerate(g.mainline_moves()):
                    b.push(m)
                    yield i, b


def game_positions(paths):
    return [b.fen(shredder=True) for i, b in played(paths)
            if i >= 8 and i % 4 == 0 and not b.is_game_over()]


def all_game_positions(paths, out):
    seen = set()
    with open(out, "w") as f:
        for i, b in played(paths):
            if i >= 7 and not b.is_check() and not b.is_game_over():
                fen = b.fen(shredder=True)
                if fen_key(fen) not in seen:
                    seen.add(fen_key(fen))
                    f.write(fen + "\n")
    print(f"{len(seen)} positions of the games in {out}", file=sys.stderr)


def search(args):
    engine, fens, ms, part, every, job = args
    if os.path.exists(part):
        os.remove(part)
    env = dict(os.environ, MYRIAD_SAMPLE=f"{part}:{every}")
    e = subprocess.Popen([engine, "uci", "chess"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1, env=env)

    def send(t):
        e.stdin.write(t + "\n")
        e.stdin.flush()

    send("uci")
    send("isready")
    while e.stdout.readline().strip() != "readyok":
        pass
    for i, fen in enumerate(fens):
        send("ucinewgame")
        send(f"position fen {fen}")
        send(f"go movetime {ms}")
        while not e.stdout.readline().startswith("bestmove"):
            pass
        if i % 200 == 0:
            print(f"job {job}: {i}/{len(fens)} searches", file=sys.stderr, flush=True)
    send("quit")
    e.wait()


def keep(fen):
    try:
        b = chess.Board(fen, chess960=True)
    except ValueError:
        return None
    if not b.is_valid() or b.is_game_over() or not quiet(b):
        return None
    return fen


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgns", nargs="+")
    ap.add_argument("--engine", required=True, help="a build with the feature `sample`")
    ap.add_argument("--out", required=True)
    ap.add_argument("--positions", type=int, default=2500, help="searches in all")
    ap.add_argument("--ms", type=int, default=40, help="each search's movetime")
    ap.add_argument("--every", type=int, default=64, help="sample one evaluation in N")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--game-fens", default=None, metavar="FILE",
                    help="also write every position of the games to FILE")
    a = ap.parse_args()

    if a.game_fens:
        all_game_positions(a.pgns, a.game_fens)

    fens = game_positions(a.pgns)
    random.Random(a.seed).shuffle(fens)
    fens = fens[:a.positions]
    parts = [f"{a.out}.part{j}" for j in range(a.jobs)]
    tasks = [(a.engine, fens[j::a.jobs], a.ms, parts[j], a.every, j) for j in range(a.jobs)]
    with multiprocessing.Pool(a.jobs) as pool:
        pool.map(search, tasks)
    seen, sampled = set(), []
    for part in parts:
        with open(part) as f:
            for line in f:
                fen = line.strip()
                if fen and fen_key(fen) not in seen:
                    seen.add(fen_key(fen))
                    sampled.append(fen)
        os.remove(part)
    with multiprocessing.Pool(a.jobs) as pool:
        kept = [f for f in pool.imap(keep, sampled, chunksize=2000) if f]
    random.Random(a.seed).shuffle(kept)
    with open(a.out, "w") as f:
        f.write("".join(fen + "\n" for fen in kept))
    print(f"{len(fens)} searches: {len(sampled)} positions sampled, {len(kept)} quiet, in "
          f"{a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
