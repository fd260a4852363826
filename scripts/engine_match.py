#!/usr/bin/env python3
"""Two Myriad binaries against each other over UCI (e.g. a new search against the old).

The openings are those of scripts/strength_match.py (random Chess484 starts: each side's
array drawn among the 22 that Regroupment Chess allows; each opening played twice with the
colours reversed), a fixed time per move, both at full strength. Prints W/D/L from the first
engine's side, its score with the 95% interval, and the Elo difference.

    python3 scripts/engine_match.py --a target/release/myriad \\
        --b /work/baseline/myriad-s18-start --games 40 --movetime 0.1 --jobs 2
"""

import argparse
import math
import os
import random
import sys

import chess
import chess.engine
import chess.pgn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from strength_match import chess484_arrays, elo, play_all, play_game, start_fen  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", required=True, help="the engine scored (e.g. the new binary)")
    ap.add_argument("--b", required=True, help="its opponent (e.g. the old binary)")
    ap.add_argument("--rules", default="chess")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--movetime", type=float, default=0.1)
    ap.add_argument("--seed", type=int, default=484)
    ap.add_argument("--hash", type=int, default=32)
    ap.add_argument("--pgn", default=None)
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (one per core)")
    args = ap.parse_args()

    arrays = chess484_arrays()
    rng = random.Random(args.seed)
    openings = [
        start_fen(rng.choice(arrays), rng.choice(arrays)) for _ in range((args.games + 1) // 2)
    ]

    def open_pair():
        pair = [
            chess.engine.SimpleEngine.popen_uci([args.a, "uci", args.rules]),
            chess.engine.SimpleEngine.popen_uci([args.b, "uci", args.rules]),
        ]
        for e in pair:
            e.configure({"Hash": args.hash})
        return pair

    tally = {"w": 0, "d": 0, "l": 0}
    illegal = {"A": 0, "B": 0}
    pgn_out = open(args.pgn, "w") if args.pgn else None

    def play_one(i, engines, lock):
        a, b = engines
        fen = openings[i // 2]
        a_white = i % 2 == 0
        sides = {chess.WHITE: a if a_white else b, chess.BLACK: b if a_white else a}
        names = {chess.WHITE: "A" if a_white else "B", chess.BLACK: "B" if a_white else "A"}
        for e in engines:
            e.protocol.send_line("ucinewgame")
        result, game, bad = play_game(fen, sides, names, args.movetime)
        with lock:
            if bad is not None:
                illegal[names[bad]] += 1
            if result == "1/2-1/2":
                tally["d"] += 1
            elif (result == "1-0") == a_white:
                tally["w"] += 1
            else:
                tally["l"] += 1
            n = tally["w"] + tally["d"] + tally["l"]
            print(
                f"game {n:3} (#{i + 1}): A {'W' if a_white else 'B'} {result:7} {fen}   "
                f"running +{tally['w']} ={tally['d']} -{tally['l']}",
                flush=True,
            )
            if pgn_out:
                print(game, file=pgn_out, end="\n\n", flush=True)

    try:
        play_all(args.games, open_pair, play_one, args.jobs)
    finally:
        if pgn_out:
            pgn_out.close()
    w, d, l = tally["w"], tally["d"], tally["l"]
    n = w + d + l
    score = (w + 0.5 * d) / n
    var = (w * (1 - score) ** 2 + d * (0.5 - score) ** 2 + l * score**2) / n
    sd = math.sqrt(var / n)
    print()
    print(f"A: {args.a}\nB: {args.b}")
    print(f"{n} games, {args.movetime}s/move, Chess484 openings (seed {args.seed})")
    print(f"A's W/D/L: {w}/{d}/{l}  score {100 * score:.1f}% "
          f"(95% interval {100 * max(0, score - 1.96 * sd):.1f}..{100 * min(1, score + 1.96 * sd):.1f}%)"
          f"  illegal moves: A {illegal['A']}, B {illegal['B']}")
    print(f"Elo difference: {elo(score):+.0f} "
          f"(95% interval {elo(score - 1.96 * sd):+.0f} .. {elo(score + 1.96 * sd):+.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
