#!/usr/bin/env python3
"""Who a strength match's repetition draws saved: Stockfish at full strength scores the last
position of every game drawn by a repetition (the position repeated, with the game's moves,
so that Stockfish knows the history), from Myriad's side, and the draws are counted by that
score. Many draws where Myriad stood better would call for contempt (a draw valued below 0);
draws where it stood worse are games it saved.

    python3 scripts/draw_profile.py docs/data/strength2200-9.pgn docs/data/strength2200-10.pgn

Myriad is the player whose name contains --name.
"""

import argparse

import chess
import chess.engine
import chess.pgn

BUCKETS = ["ahead by more than 100 cp", "ahead by 31 to 100", "level (-30 to +30)",
           "behind by 31 to 100", "behind by more than 100"]


def bucket(score):
    """The bucket of a score in centipawns, from Myriad's side."""
    if score > 100:
        return BUCKETS[0]
    if score > 30:
        return BUCKETS[1]
    if score >= -30:
        return BUCKETS[2]
    if score >= -100:
        return BUCKETS[3]
    return BUCKETS[4]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=14)
    ap.add_argument("--name", default="Myriad")
    a = ap.parse_args()
    engine = chess.engine.SimpleEngine.popen_uci(a.stockfish)
    try:
        for path in a.pgn:
            counts = {name: 0 for name in BUCKETS}
            draws = 0
            with open(path) as f:
                while (g := chess.pgn.read_game(f)) is not None:
                    if g.headers["Result"] != "1/2-1/2":
                        continue
                    draws += 1
                    board = g.end().board()
                    if not board.is_repetition(2):
                        continue
                    side = chess.WHITE if a.name in g.headers["White"] else chess.BLACK
                    info = engine.analyse(board, chess.engine.Limit(depth=a.depth))
                    counts[bucket(info["score"].pov(side).score(mate_score=10000))] += 1
            repeated = sum(counts.values())
            print(f"{path}: {draws} draws, {repeated} ended on a repeated position; Myriad was")
            for name in BUCKETS:
                print(f"  {name:>26}: {counts[name]}")
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
