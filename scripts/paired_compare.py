#!/usr/bin/env python3
"""Two engines' matches against the same opponent on the same openings, compared game by
game: the difference of their points and its 95% interval from the paired differences (each
game's Round is its opening and colour, as `scripts/strength_match.py` writes them), so that a
screening sample says whether a change's gain stands out from the noise of the games.

    python3 scripts/paired_compare.py docs/data/seed7-pawn-eg80.pgn \\
        docs/data/seed7-pawn-mg52.pgn

The games pair on their Round; the pair of games of one opening (both colours) is the unit
of the interval, since the two colours of an opening are not independent. Myriad is the
player whose name contains --name.
"""

import argparse
import math

import chess.pgn

POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def points(path, name):
    """Myriad's points in each game of `path`, by Round."""
    out = {}
    with open(path) as f:
        while (g := chess.pgn.read_game(f)) is not None:
            p = POINTS.get(g.headers["Result"])
            if p is None:
                continue
            out[int(g.headers["Round"])] = p if name in g.headers["White"] else 1 - p
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--name", default="Myriad")
    a = ap.parse_args()
    old, new = points(a.old, a.name), points(a.new, a.name)
    rounds = sorted(set(old) & set(new))
    # the two colours of an opening: rounds 2k-1 and 2k
    pairs = {}
    for r in rounds:
        pairs.setdefault((r + 1) // 2, []).append(new[r] - old[r])
    diffs = [sum(d) for d in pairs.values()]
    n = len(diffs)
    total = sum(diffs)
    mean = total / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd * math.sqrt(n)
    print(f"{len(rounds)} games in {n} openings: old {sum(old[r] for r in rounds):g}, "
          f"new {sum(new[r] for r in rounds):g} points")
    games = len(rounds)
    print(f"new - old: {total:+g} points, 95% interval {total - half:+.1f} .. {total + half:+.1f}"
          f" (in percent of the games: {100 * total / games:+.1f}, "
          f"{100 * (total - half) / games:+.1f} .. {100 * (total + half) / games:+.1f})")

if __name__ == "__main__":
    main()
