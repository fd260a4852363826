#!/usr/bin/env python3
"""Rates Myriad's levels 1-10 (src/search/levels.rs) on one Elo scale.

Where a level reaches Stockfish's strength ladder (Stockfish 15.1 with `UCI_LimitStrength` and
`UCI_Elo`, from 1350 up) it plays Stockfish; below, neighbouring levels play each other, the
chain hanging from the rated ones. Every match: random Chess484 openings (each side's array
drawn among the 22 Regroupment Chess allows), each opening twice with colours reversed, the
same fixed time per move for both engines, through UCI (python-chess). The ratings are the
weighted least-squares fit of all the matches' Elo differences, Stockfish's `UCI_Elo` fixed.

    python3 scripts/level_ladder.py --games 40 --movetime 0.2 --jobs 2 \\
        --anchor 10:1800 --anchor 8:1500 --anchor 6:1350 --out /tmp/ladder

prints each match as it ends, then the table (also as the `RATINGS` line of levels.rs).

A ladder may be measured in parts: `--known A-B:POINTS/GAMES` gives a match played before (A
and B a level, or `sfELO` for Stockfish at that `UCI_Elo`; A's points), which is fitted with
the others and not played again. With `--chain 1-1` and no anchor nothing is played, and the
known matches alone are fitted:

    python3 scripts/level_ladder.py --chain 1-1 --known 2-1:40/40 --known 10-sf2200:20/40 ...
"""

import argparse
import concurrent.futures
import math
import os
import random
import sys

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from strength_match import chess484_arrays, play_game, start_fen  # noqa: E402


def elo(score, games):
    """The Elo difference a score means; a clean sweep counts as half a game dropped."""
    eps = 0.5 / games
    score = min(max(score, eps), 1 - eps)
    return -400 * math.log10(1 / score - 1)


def open_player(spec, args):
    """`("level", L)` or `("sf", elo)` -> (engine, name)."""
    kind, x = spec
    if kind == "level":
        e = chess.engine.SimpleEngine.popen_uci([args.engine, "uci", "chess"])
        e.configure({"Hash": 32, "Skill Level": x})
        return e, f"Myriad level {x}"
    e = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    e.configure({"UCI_LimitStrength": True, "UCI_Elo": x, "Threads": 1, "Hash": 16})
    return e, f"Stockfish UCI_Elo {x}"


def parse_known(text):
    """`A-B:POINTS/GAMES` -> (a, b, points, games), a and b as `open_player` takes them."""
    try:
        pair, result = text.split(":")
        a, b = pair.split("-")
        points, games = result.split("/")
        side = [("sf", int(x[2:])) if x.startswith("sf") else ("level", int(x)) for x in (a, b)]
        return side[0], side[1], float(points), int(games)
    except ValueError:
        raise SystemExit(f"--known {text!r}: expected A-B:POINTS/GAMES, as 10-sf2200:20.5/40")


def run_match(a, b, args, seed):
    """Plays `args.games` games between a and b; returns a's points and the PGN text."""
    arrays = chess484_arrays()
    rng = random.Random(seed)
    openings = [start_fen(rng.choice(arrays), rng.choice(arrays))
                for _ in range((args.games + 1) // 2)]
    ea, na = open_player(a, args)
    eb, nb = open_player(b, args)
    points = 0.0
    pgn = []
    try:
        for i in range(args.games):
            a_white = i % 2 == 0
            engines = {chess.WHITE: ea if a_white else eb, chess.BLACK: eb if a_white else ea}
            names = {chess.WHITE: na if a_white else nb, chess.BLACK: nb if a_white else na}
            result, game, bad = play_game(openings[i // 2], engines, names, args.movetime)
            if bad is not None:
                print(f"illegal move by {names[bad]}", file=sys.stderr, flush=True)
            if result == "1/2-1/2":
                points += 0.5
            elif (result == "1-0") == a_white:
                points += 1
            pgn.append(str(game))
    finally:
        ea.quit()
        eb.quit()
    return points, "\n\n".join(pgn)


def fit(matches):
    """Weighted least squares: R_a - R_b = d for each match; Stockfish's ratings fixed."""
    levels = sorted({x for (a, b, _, _) in matches for (k, x) in (a, b) if k == "level"})
    index = {l: i for i, l in enumerate(levels)}
    n = len(levels)
    ata = [[0.0] * n for _ in range(n)]
    atb = [0.0] * n
    for a, b, points, games in matches:
        d = elo(points / games, games)
        w = games
        row = [0.0] * n
        rhs = d
        for sign, (k, x) in ((1, a), (-1, b)):
            if k == "level":
                row[index[x]] += sign
            else:
                rhs -= sign * x
        for i in range(n):
            atb[i] += w * row[i] * rhs
            for j in range(n):
                ata[i][j] += w * row[i] * row[j]
    # Gaussian elimination
    m = [ata[i][:] + [atb[i]] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            raise SystemExit("the matches do not tie every level to a Stockfish anchor")
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return {levels[i]: m[i][n] / m[i][i] for i in range(n)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="target/release/myriad")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--games", type=int, default=40, help="games per match")
    ap.add_argument("--movetime", type=float, default=0.2, help="seconds a move, both engines")
    ap.add_argument("--anchor", action="append", default=[],
                    help="LEVEL:ELO, a match of that level against Stockfish at that UCI_Elo")
    ap.add_argument("--chain", default="1-10", help="levels whose neighbours play each other")
    ap.add_argument("--jobs", type=int, default=1, help="matches played at once (one per core)")
    ap.add_argument("--seed", type=int, default=1350)
    ap.add_argument("--out", default=None, help="a directory for the PGNs")
    ap.add_argument("--known", action="append", default=[],
                    help="A-B:POINTS/GAMES, a match played before (A a level, B a level or "
                         "sfELO), fitted with the others")
    args = ap.parse_args()
    known = [parse_known(k) for k in args.known]

    lo, hi = map(int, args.chain.split("-"))
    plan = [(("level", l + 1), ("level", l)) for l in range(lo, hi)]
    for an in args.anchor:
        l, e = an.split(":")
        plan.append((("level", int(l)), ("sf", int(e))))
    print(f"plan: {len(plan)} matches of {args.games} games at {args.movetime} s a move",
          flush=True)
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    matches = list(known)
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_match, a, b, args, args.seed + i): (a, b)
                   for i, (a, b) in enumerate(plan)}
        for f in concurrent.futures.as_completed(futures):
            a, b = futures[f]
            points, pgn = f.result()
            matches.append((a, b, points, args.games))
            s = points / args.games
            print(f"{a[0]} {a[1]} vs {b[0]} {b[1]}: {points}/{args.games} ({100 * s:.1f}%), "
                  f"Elo difference {elo(s, args.games):+.0f}", flush=True)
            if args.out:
                with open(os.path.join(args.out, f"{a[0]}{a[1]}-{b[0]}{b[1]}.pgn"), "w") as o:
                    o.write(pgn + "\n")
    ratings = fit(matches)
    print("\n| level | rating |\n|---:|---:|")
    for l in sorted(ratings):
        print(f"| {l} | {ratings[l]:.0f} |")
    line = ", ".join(f"Some({round(ratings[l] / 10) * 10})" if l in ratings else "None"
                     for l in range(1, 11))
    print(f"\nconst RATINGS: [Option<u32>; 10] = [{line}];")


if __name__ == "__main__":
    main()
