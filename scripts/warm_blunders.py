#!/usr/bin/env python3
"""Do the big mistakes depend on what the engine carried from its earlier moves?

`push_choices.py --blunders` searches each of Myriad's big mistakes afresh (a new game, the
table and histories empty): a fresh search avoids two thirds of them. This asks whether the
game's own search did worse because of what it had learnt in the game: for each big mistake
(its move in the game lost 1.5 pawns or more from a score within 3 pawns), the engine starts a
new game and first searches its own --warm moves before it in the game (the game's moves
between them, as the match sends them), then chooses in the position; --warm 0 is a fresh
search. Stockfish scores the choices at --depth (cached by position and move, as
push_choices.py does).

    python3 scripts/warm_blunders.py docs/data/strength2200-9.pgn run9.json \\
        docs/data/seed7-pawn-eg80.pgn seed7.json --engine BIN --warm 0 --warm 8
"""

import argparse
import json
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import loss_profile as lp  # noqa: E402
from push_choices import Scores, big_mistake  # noqa: E402


def mistakes(pgn, scores):
    """(game, index of Myriad's move, its score before): every big mistake of Myriad's."""
    out = []
    for g, game in zip(scores, lp.read_games(pgn)):
        for j, (before, _, who, loss, _) in enumerate(lp.move_losses(g["moves"])):
            if who == "myriad" and big_mistake(before, loss):
                out.append((game, j, before["score"]))
    return out


def choose(binary, hash_mb, movetime, warm, items, scores, stockfish, depth):
    me = chess.engine.SimpleEngine.popen_uci([binary, "uci", "chess"])
    me.configure({"Hash": hash_mb})
    sf = chess.engine.SimpleEngine.popen_uci(stockfish)
    sf.configure({"Threads": 1, "Hash": 64})
    out = []
    try:
        for game, j, before in items:
            moves = list(game.mainline_moves())
            tag = object()  # a new game: the engine empties its table and histories
            # one walk along the game: the engine searches its own moves from `start` on
            start = max(0, j - 2 * warm)
            b = game.board()
            for k, m in enumerate(moves[:j]):
                if k >= start and (k - start) % 2 == 0:
                    me.play(b, chess.engine.Limit(time=movetime), game=tag)
                b.push(m)
            mv = me.play(b, chess.engine.Limit(time=movetime), game=tag).move
            fen = b.fen()
            after = scores.after(sf, fen, mv.uci())
            out.append(max(0, lp.cap(before) - lp.cap(after)))
            if len(out) % 20 == 0:  # progress, on stderr
                print(f"  ({len(out)} of {len(items)})", file=sys.stderr, flush=True)
    finally:
        me.quit()
        sf.quit()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="+", help="PGN SCORES [PGN SCORES ...]")
    ap.add_argument("--engine", required=True)
    ap.add_argument("--warm", type=int, action="append", required=True,
                    help="how many of its own earlier moves the engine searches first (repeat)")
    ap.add_argument("--movetime", type=float, default=0.2)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--depth", type=int, default=13)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--cache", default="/tmp/push_choices_cache.json")
    args = ap.parse_args()
    if len(args.pgn) % 2:
        sys.exit("error: give each PGN followed by its scores (loss_profile.py --json)")
    items = []
    for pgn, js in zip(args.pgn[::2], args.pgn[1::2]):
        items += mistakes(pgn, json.load(open(js)))
    scores = Scores(args.cache, args.depth)
    print("| warm-up moves | positions | mean loss (cp) | choices losing 1.5 pawns or more |")
    print("|---:|---:|---:|---:|")
    for warm in args.warm:
        with ThreadPoolExecutor(args.jobs) as ex:
            parts = ex.map(lambda c: choose(args.engine, args.hash, args.movetime, warm, c,
                                            scores, args.stockfish, args.depth),
                           [items[k::args.jobs] for k in range(args.jobs)])
            res = [x for p in parts for x in p]
        scores.save()
        print(f"| {warm} | {len(res)} | {sum(res) / max(1, len(res)):.1f} | "
              f"{sum(x >= lp.BIG for x in res)} |", flush=True)


if __name__ == "__main__":
    main()
