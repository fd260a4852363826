#!/usr/bin/env python3
"""Move quality: how much a Myriad binary's choices lose, judged by Stockfish, on positions
where Myriad had to move in games against Stockfish (a strength match's PGN).

A match of 200 games takes 43 minutes and its 95% interval is 80 Elo wide; this takes a few
minutes and compares binaries on the very positions Myriad lost from. It is a screen, not a
rating: a change must still show in games.

1. From the PGN, the positions where Myriad is to move (in its lost games only, unless --all)
   are labelled by Stockfish at --depth: its score (and best move). The labels are cached.
2. Each --engine chooses its move in each of --positions of them (a fixed sample, the same
   for every engine) in --movetime; Stockfish scores the position after it at --depth
   (cached by position and move, so binaries that agree cost nothing more).
3. The loss of a move is the label minus the score after it, in centipawns (0 at least, at
   most 1000). Printed per engine: the mean loss, the median, and the moves losing 100 and
   200 or more. Stockfish's own best move loses about
   20 cp by this measure (a deeper horizon after the move); compare binaries, not with 0.

    python3 scripts/move_quality.py --pgn docs/data/strength2200-3.pgn \\
        --engine /tmp/old/myriad --engine target/release/myriad --positions 1000

Two positions run at once (--jobs), each with its own engine and Stockfish. Run the same
binary twice to see the noise: about 1.5 cp of mean loss at 1000 positions.

Checked against the four declared runs (docs/levels.md, "The screen checked against the
declared runs"): it did not rank their engines in the order of their match scores (a rank
correlation of -0.6). Do not pick a change for a declared run by this screen alone.
"""

import argparse
import json
import os
import random
import statistics
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine
import chess.pgn


def positions(pgn_path, name, lost_only):
    """(fen, colour) of each position where the player called `name` is to move."""
    out = []
    with open(pgn_path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            h = game.headers
            me = chess.WHITE if name in h["White"] else chess.BLACK
            lost = h["Result"] == ("0-1" if me == chess.WHITE else "1-0")
            if lost_only and not lost:
                continue
            board = game.board()
            for move in game.mainline_moves():
                if board.turn == me and not board.is_game_over():
                    out.append(board.fen())
                board.push(move)
    return out


def score_after(sf, board, move, depth):
    """Stockfish's score, for the side that played `move`, of the position after it."""
    b = board.copy()
    b.push(move)
    if b.is_game_over():
        r = b.result(claim_draw=False)
        return 0 if r == "1/2-1/2" else 10000
    info = sf.analyse(b, chess.engine.Limit(depth=depth), game=object())
    return -info["score"].pov(b.turn).score(mate_score=10000)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pgn", required=True)
    ap.add_argument("--engine", action="append", required=True, help="a Myriad binary (repeat)")
    ap.add_argument("--name", default="Myriad", help="Myriad's player name in the PGN")
    ap.add_argument("--rules", default="chess")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--movetime", type=float, default=0.2)
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--all", action="store_true", help="every game, not only the lost ones")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cache", default="/tmp/move_quality_cache.json")
    args = ap.parse_args()

    cache = {}
    if os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)
    fens = positions(args.pgn, args.name, not args.all)

    def open_sf():
        sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        sf.configure({"Threads": 1, "Hash": 64})
        return sf

    # 1. labels, for every position (the sample keeps only those not already decided)
    def label(chunk):
        sf = open_sf()
        for fen in chunk:
            if "label " + fen not in cache:
                b = chess.Board(fen, chess960=True)
                info = sf.analyse(b, chess.engine.Limit(depth=args.depth), game=object())
                cache["label " + fen] = info["score"].pov(b.turn).score(mate_score=10000)
        sf.quit()

    with ThreadPoolExecutor(args.jobs) as ex:
        list(ex.map(label, [fens[i :: args.jobs] for i in range(args.jobs)]))
    fens = [f for f in fens if abs(cache["label " + f]) < 300]
    random.Random(args.seed).shuffle(fens)
    sample = fens[: args.positions]

    # 2. each engine's choices, judged
    for binary in args.engine:

        def judge(chunk):
            me = chess.engine.SimpleEngine.popen_uci([binary, "uci", args.rules])
            me.configure({"Hash": 16})
            sf = open_sf()
            out = []
            for fen in chunk:
                b = chess.Board(fen, chess960=True)
                move = me.play(b, chess.engine.Limit(time=args.movetime), game=object()).move
                key = f"after {fen} {move.uci()}"
                if key not in cache:
                    cache[key] = score_after(sf, b, move, args.depth)
                loss = cache["label " + fen] - cache[key]
                out.append(max(0, min(loss, 1000)))
            me.quit()
            sf.quit()
            return out

        with ThreadPoolExecutor(args.jobs) as ex:
            losses = [x for part in ex.map(judge, [sample[i :: args.jobs] for i in range(args.jobs)]) for x in part]
        print(
            f"{binary}: {len(losses)} positions, mean loss {statistics.mean(losses):.1f} cp, "
            f"median {statistics.median(losses):.0f}, losing 100+: {sum(x >= 100 for x in losses)}, "
            f"200+: {sum(x >= 200 for x in losses)}",
            flush=True,
        )
    with open(args.cache, "w") as f:
        json.dump(cache, f)


if __name__ == "__main__":
    main()
