#!/usr/bin/env python3
"""Tunes the evaluation's weights Texel-style (src/search/weights.rs), in three steps:

1. positions: Myriad plays itself (`myriad match chess960` at a few levels, whose choice among
   their best moves gives varied games); every third position from the eighth ply on, not in
   check, is kept;
2. labels: Stockfish 15.1 (Debian `stockfish`) searches each to a fixed depth; positions whose
   best move captures or promotes (not quiet) or whose score is beyond 15 pawns are dropped;
   the label is Stockfish's score as an expected result, 1 / (1 + 10^(-cp/400)); each
   label is written to OUT as soon as it is made, and a run stopped part-way and started again
   with the same arguments labels only the positions it had not reached;
3. fit: `examples/texel.rs` adjusts the weights by coordinate descent to bring Myriad's static
   evaluation, times a scale fitted first (Stockfish's centipawns are not Myriad's), through
   the same curve, closest to the labels (mean squared error), on 90% of the positions, and
   reports the scale and the error on the other 10% before and after.

    python3 scripts/texel_tune.py --out /tmp/texel --games 400 --depth 9

With `--pgn FILE ...` the positions come from those games instead of self-play (for instance
Myriad's games against Stockfish from scripts/strength_match.py --pgn, where its mistakes are
punished); with `--only NAME,...` only those weights are fitted.

The evaluation stays derived from the rules file: only the weights of its generic terms
(centralisation, mobility, pawn advance, royal safety, pawn structure) are fitted, once, on
chess positions; every variant uses them.
"""

import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from sf_label import game_plies, open_stockfish, quiet_label  # noqa: E402


def play_games(myriad, out, games, seed):
    """Self-play PGNs at levels 3, 5 and 7 (most games at the faster levels)."""
    paths = []
    for level, share in [(3, 0.5), (5, 0.35), (7, 0.15)]:
        n = max(2, int(games * share))
        path = os.path.join(out, f"selfplay-{level}.pgn")
        print(f"self-play: {n} games at level {level}", file=sys.stderr, flush=True)
        subprocess.run(
            [myriad, "match", "chess960", "--games", str(n), "--level", str(level),
             "--seed", str(seed + level), "--pgn", path],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        paths.append(path)
    return paths


def positions(paths, rng):
    for _, ply, board in game_plies(paths):
        # (ply - 1: the plies before this one)
        if ply - 1 >= 8 and (ply - 1) % 3 == rng.randrange(3) and not board.is_check() \
                and not board.is_game_over():
            yield board.copy(stack=False)


def label(boards, stockfish, depth, out, jobs=1):
    """Labels `boards` with Stockfish's scores, in `jobs` processes (each its own engine):
    `(fen, cp)` for each quiet one, in the order of `boards`.

    Each process writes every result to its own file in `out` as it goes
    (`labels-dDEPTH-N.txt`: `fen ; cp`, or `fen ; -` for a position that is not quiet), so
    that a run stopped part-way keeps what it labelled: run again with the same arguments and
    the positions already labelled at this depth are not labelled again."""
    fens = [b.fen(shredder=True) for b in boards]
    known = read_labels(out, depth)
    # (each position once, however often the games reach it)
    todo = list({fen: b for fen, b in zip(fens, boards) if fen not in known}.values())
    before = len(set(fens) & known.keys())
    if before:
        print(f"{before} positions labelled before, in {out}", file=sys.stderr, flush=True)
    if jobs > 1 and len(todo) > 1:
        import multiprocessing
        parts = [(todo[i::jobs], stockfish, depth, out, i) for i in range(jobs)]
        with multiprocessing.Pool(jobs) as pool:
            pool.starmap(label_part, parts)
    elif todo:
        label_part(todo, stockfish, depth, out, 0)
    done = read_labels(out, depth)
    return [(fen, done[fen]) for fen in fens if done.get(fen) is not None]


def label_part(boards, stockfish, depth, out, part):
    """One process's share of `label`: its results appended to `out/labels-dDEPTH-PART.txt`."""
    eng = open_stockfish(stockfish)
    path = os.path.join(out, f"labels-d{depth}-{part}.txt")
    # (a line cut short by a stopped run is ended, so that it stays alone)
    cut = os.path.exists(path) and os.path.getsize(path) > 0 and not ends_line(path)
    with open(path, "a") as f:
        if cut:
            f.write("\n")
        for i, b in enumerate(boards):
            row = quiet_label(eng, b, depth)
            f.write(f"{row[0]} ; {row[1]}\n" if row else f"{b.fen(shredder=True)} ; -\n")
            if i % 100 == 0:
                f.flush()
            if i % 500 == 0:
                print(f"labelled {i}/{len(boards)}", file=sys.stderr, flush=True)
    eng.quit()


def ends_line(path):
    """Does the file at `path` end with a line's end?"""
    with open(path, "rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1) == b"\n"


def read_labels(out, depth):
    """What the `labels-dDEPTH-N.txt` files in `out` hold: the score of each FEN at `depth`,
    None where it was not quiet. A line cut short by a stopped run is left out."""
    done = {}
    for name in sorted(os.listdir(out)):
        if not (name.startswith(f"labels-d{depth}-") and name.endswith(".txt")):
            continue
        with open(os.path.join(out, name)) as f:
            for line in f:
                # (a line without its end was cut short: its score may be too)
                fen, sep, cp = line.rstrip("\n").partition(" ; ")
                if not sep or not line.endswith("\n"):
                    continue
                if cp == "-":
                    done[fen] = None
                elif cp.lstrip("-").isdigit():
                    done[fen] = int(cp)
    return done


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True, help="a directory for the games and the data")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--depth", type=int, default=9, help="Stockfish's search depth per label")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--myriad", default=os.path.join(ROOT, "target", "release", "myriad"))
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--skip-data", action="store_true", help="reuse OUT/data.txt")
    ap.add_argument("--pgn", nargs="+", help="take the positions from these games, not self-play")
    ap.add_argument("--only", help="fit only these weights (comma-separated names)")
    ap.add_argument("--jobs", type=int, default=1, help="Stockfish processes labelling at once")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    data = os.path.join(a.out, "data.txt")
    if not a.skip_data:
        rng = random.Random(a.seed)
        paths = a.pgn or play_games(a.myriad, a.out, a.games, a.seed)
        boards = list(positions(paths, rng))
        print(f"{len(boards)} positions", file=sys.stderr, flush=True)
        rows = label(boards, a.stockfish, a.depth, a.out, a.jobs)
        rng.shuffle(rows)
        with open(data, "w") as f:
            source = "games " + " ".join(a.pgn) if a.pgn else "Myriad's self-play (chess960)"
            f.write(f"# {len(rows)} quiet positions from {source}, labelled "
                    f"by Stockfish at depth {a.depth}: fen ; cp (White's view)\n")
            for fen, cp in rows:
                f.write(f"{fen} ; {cp}\n")
        print(f"{len(rows)} labelled positions in {data}", file=sys.stderr, flush=True)
    only = ["--only", a.only] if a.only else []
    subprocess.run(["cargo", "run", "--release", "--no-default-features", "--example", "texel",
                    "--", data] + only, check=True, cwd=ROOT)


if __name__ == "__main__":
    main()
