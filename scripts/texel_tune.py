#!/usr/bin/env python3
"""Tunes the evaluation's weights Texel-style (src/search/weights.rs), in three steps:

1. positions: Myriad plays itself (`myriad match chess960` at a few levels, whose choice among
   their best moves gives varied games); every third position from the eighth ply on, not in
   check, is kept;
2. labels: Stockfish 15.1 (Debian `stockfish`) searches each to a fixed depth; positions whose
   best move captures or promotes (not quiet) or whose score is beyond 15 pawns are dropped;
   the label is Stockfish's score as an expected result, 1 / (1 + 10^(-cp/400));
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


def label(boards, stockfish, depth, jobs=1):
    """Labels `boards` with Stockfish's scores, in `jobs` processes (each its own engine)."""
    if jobs > 1:
        import multiprocessing
        parts = [boards[i::jobs] for i in range(jobs)]
        with multiprocessing.Pool(jobs) as pool:
            done = pool.starmap(label, [(p, stockfish, depth) for p in parts])
        return [row for part in done for row in part]
    eng = open_stockfish(stockfish)
    out = []
    for i, b in enumerate(boards):
        row = quiet_label(eng, b, depth)
        if row:
            out.append(row)
        if i % 500 == 0:
            print(f"labelled {i}/{len(boards)}", file=sys.stderr, flush=True)
    eng.quit()
    return out


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
        rows = label(boards, a.stockfish, a.depth, a.jobs)
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
