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

Several runs of the old engine on the same openings, joined with `+`, are one reference: their
mean in each game. `--more OLD NEW` (again for each further set of openings) pools other sets
with the first: each set is printed, then all of them as one sample of openings.

    python3 scripts/paired_compare.py \
        docs/data/seed7-pawn-eg80.pgn+docs/data/seed7-main-again.pgn docs/data/seed7-scale.pgn \
        --more docs/data/seed11-main.pgn docs/data/seed11-scale.pgn
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
    ap.add_argument("--more", nargs=2, action="append", default=[], metavar=("OLD", "NEW"),
                    help="another set of openings, pooled with the first")
    a = ap.parse_args()
    everything = []
    sets = [(a.old, a.new)] + [tuple(m) for m in a.more]
    for old_paths, new_path in sets:
        everything += compare(old_paths, new_path, a.name)
    if len(sets) > 1:
        report("all sets", everything)


def compare(old_paths, new_path, name):
    """The games of one set of openings, by opening: (old points, new points) of each, the
    old points the mean of the runs in `old_paths` (joined with `+`)."""
    runs = [points(p, name) for p in old_paths.split("+")]
    new = points(new_path, name)
    rounds = set(new)
    for r in runs:
        rounds &= set(r)
    rounds = sorted(rounds)
    # the two colours of an opening: rounds 2k-1 and 2k
    pairs = {}
    for r in rounds:
        old = sum(run[r] for run in runs) / len(runs)
        o, w, g = pairs.get((r + 1) // 2, (0.0, 0.0, 0))
        pairs[(r + 1) // 2] = (o + old, w + new[r], g + 1)
    openings = list(pairs.values())
    report(new_path, openings)
    return openings


def report(what, openings):
    """Print the difference of the points over `openings` ((old, new, games) each) and its
    95% interval, the opening the unit."""
    diffs = [new - old for old, new, _ in openings]
    n = len(diffs)
    if n == 0:
        print(f"{what}: no game in common")
        return
    games = sum(g for _, _, g in openings)
    total = sum(diffs)
    mean = total / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd * math.sqrt(n)
    old = sum(o for o, _, _ in openings)
    new = sum(w for _, w, _ in openings)
    print(f"{what}: {games} games in {n} openings: old {old:g}, new {new:g} points")
    print(f"new - old: {total:+g} points, 95% interval {total - half:+.1f} .. {total + half:+.1f}"
          f" (in percent of the games: {100 * total / games:+.1f}, "
          f"{100 * (total - half) / games:+.1f} .. {100 * (total + half) / games:+.1f})")


if __name__ == "__main__":
    main()
