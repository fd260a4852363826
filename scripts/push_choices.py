#!/usr/bin/env python3
"""Push choices: how often Myriad binaries choose a pawn push, and what their choices lose, in
Myriad's middlegame positions of a strength match whose moves `scripts/loss_profile.py` scored.

The loss profile (docs/levels.md, "Space (tried, not kept), and the pushes of the shelter")
found that Myriad pushes more pawns in the middlegame than Stockfish, and worse ones. This asks
whether a change of the engine (a weight, more time) changes that, on the same positions:

1. From the PGN and its saved scores (`loss_profile.py --json`), the positions where Myriad
   moved in the middlegame, not already decided (Stockfish's score within 4 pawns), a fixed
   sample of --positions of them.
2. Each engine (`LABEL=BINARY`, with --movetime, or `LABEL=BINARY@SECONDS`) chooses its move
   in each; Stockfish scores the position after it at --depth (cached by position and move).
3. Printed per engine: the mean loss of its choices (the saved score before, minus
   Stockfish's after, 0 at least), how many of them lose 1.5 pawns or more (blunders), how
   many are pawn pushes and what those lose, how many agree with the move played in the
   game, and how often it pushes again where the game's move was a push.

With --blunders the positions are instead every one where Myriad's move in the game lost 1.5
pawns or more from a score within 3 pawns (any phase): does a change, or more time, still
play them? Several matches can be given, each PGN followed by its scores. More time removes
them (of 213: about 70 at 0.2 s, 54 at 1 s, 35 at 4 s), but the count does not rank changes:
the change that counted most of them (84 against main's 69) scored better than main against
Stockfish on the same 200 openings (docs/levels.md, "A double threat on the side to move").
Screen a change in a match.

    python3 scripts/push_choices.py docs/data/seed7-pawn-eg80.pgn seed7.json \\
        --engine main=target/release/myriad --engine slow=target/release/myriad@1.0

The same binary run four times lost 34.4 to 35.8 cp a move, with 101 to 105 pushes, on 600
positions: compare differences of well over 1 cp, not less. And it is coarse: twice the time
(about 100 Elo against Stockfish) moved it by 0.2 cp, five times the time by 1.8.
`--env LABEL:NAME=VALUE` sets an environment variable for the engine called LABEL only (an
experimental build may read its weights from there).
"""

import argparse
import json
import os
import random
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import loss_profile as lp  # noqa: E402
from move_quality import score_after  # noqa: E402


def big_mistake(before, loss):
    """Did a move lose 1.5 pawns or more from a score (`before`, a saved row) within 3 pawns?"""
    return loss >= lp.BIG and abs(before["score"]) < 300


def game_positions(pgn, scores, blunders=False):
    """(fen, Myriad's score before, the move played, whether it was a pawn push): where Myriad
    moved in the middlegame, not already decided; or, with `blunders`, where its move in the
    game lost 1.5 pawns or more (any phase) from a score within 3 pawns."""
    out = []
    for g, game in zip(scores, lp.read_games(pgn)):
        board = game.board()
        moves = list(game.mainline_moves())
        for j, (before, _, who, loss, _) in enumerate(lp.move_losses(g["moves"])):
            m = moves[j]
            wanted = (
                big_mistake(before, loss) if blunders
                else lp.phase(before) == "middlegame" and abs(before["score"]) < 400
            )
            if who == "myriad" and wanted:
                out.append((board.fen(), before["score"], m.uci(), lp.is_push(board, m)))
            board.push(m)
    return out


class Scores:
    """Stockfish's scores after a move, for the side that played it, cached in a file."""

    def __init__(self, path, depth):
        self.path, self.depth, self.lock = path, depth, threading.Lock()
        self.cache = json.load(open(path)) if path and os.path.exists(path) else {}

    def after(self, sf, fen, uci):
        key = f"{fen} {uci} {self.depth}"
        with self.lock:
            if key in self.cache:
                return self.cache[key]
        v = score_after(sf, chess.Board(fen, chess960=True), chess.Move.from_uci(uci), self.depth)
        with self.lock:
            self.cache[key] = v
        return v

    def save(self):
        if self.path:
            with self.lock, open(self.path, "w") as f:
                json.dump(self.cache, f)


def run(args, label, binary, movetime, env, positions, scores):
    def work(chunk):
        me = chess.engine.SimpleEngine.popen_uci([binary, "uci", "chess"], env=env)
        me.configure({"Hash": 16})
        sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        sf.configure({"Threads": 1, "Hash": 64})
        out = []
        try:
            for fen, before, played, played_push in chunk:
                b = chess.Board(fen, chess960=True)
                mv = me.play(b, chess.engine.Limit(time=movetime), game=object()).move
                after = scores.after(sf, fen, mv.uci())
                loss = max(0, lp.cap(before) - lp.cap(after))
                out.append((loss, lp.is_push(b, mv), played_push, mv.uci() == played))
        finally:
            me.quit()
            sf.quit()
        return out

    with ThreadPoolExecutor(args.jobs) as ex:
        res = [r for part in ex.map(work, [positions[k::args.jobs] for k in range(args.jobs)])
               for r in part]
    scores.save()
    mean = lambda xs: sum(xs) / max(1, len(xs))
    pushes = [r[0] for r in res if r[1]]
    again = [r for r in res if r[2]]
    print(f"| {label} | {movetime} | {len(res)} | {mean([r[0] for r in res]):.1f} | "
          f"{sum(r[0] >= lp.BIG for r in res)} | "
          f"{len(pushes)} | {mean(pushes):.1f} | {sum(r[3] for r in res)} | "
          f"{sum(r[1] for r in again)} of {len(again)} |", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("pgn", nargs="+", help="PGN SCORES [PGN SCORES ...]: each match's games "
                    "and its scores, saved by loss_profile.py --json")
    ap.add_argument("--blunders", action="store_true",
                    help="every position where Myriad's move in the game lost 1.5 pawns or "
                    "more from a score within 3 pawns, instead of a sample of the middlegame")
    ap.add_argument("--engine", action="append", required=True,
                    help="LABEL=BINARY or LABEL=BINARY@SECONDS (repeat)")
    ap.add_argument("--env", action="append", default=[],
                    help="LABEL:NAME=VALUE, environment for that engine (repeat)")
    ap.add_argument("--movetime", type=float, default=0.2)
    ap.add_argument("--positions", type=int, default=600)
    ap.add_argument("--depth", type=int, default=13)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--cache", default="/tmp/push_choices_cache.json")
    args = ap.parse_args()
    if len(args.pgn) % 2:
        ap.error("give each PGN with its saved scores")
    args.pgn, args.scores = args.pgn[0::2], args.pgn[1::2]
    positions = []
    for pgn, saved in zip(args.pgn, args.scores):
        positions += game_positions(pgn, json.load(open(saved)), args.blunders)
    if not args.blunders:
        random.Random(args.seed).shuffle(positions)
        positions = positions[:args.positions]
    scores = Scores(args.cache, args.depth)
    print("| engine | s/move | positions | mean loss (cp) | blunders | pushes | their loss (cp) | "
          "as played | pushes again where the game pushed |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for spec in args.engine:
        label, rest = spec.split("=", 1)
        binary, _, t = rest.partition("@")
        env = dict(os.environ)
        for e in args.env:
            who, kv = e.split(":", 1)
            if who == label:
                k, v = kv.split("=", 1)
                env[k] = v
        run(args, label, binary, float(t) if t else args.movetime, env, positions, scores)


if __name__ == "__main__":
    main()
