#!/usr/bin/env python3
"""How deep an engine's search gets in a fixed time, on positions from a match's games.

Takes the positions after plies 20, 40 and 60 of the first --games games of a PGN (as
`scripts/strength_match.py` writes them: Chess960 boards), searches each with `go movetime`
from an empty table (a new game each time), and reports the depth and nodes of the last
iteration the engine completed, for each --threads value given. For instance, what a second
thread buys at the strength match's time control:

    python3 scripts/depth_at_time.py --engine target/release/myriad --threads 1 2 1 2 \\
        --pgn docs/data/seed7-pawn-eg80.pgn --games 20 --movetime 0.2
"""

import argparse
import statistics

import chess
import chess.engine
import chess.pgn


def boards(path, games, plies):
    out = []
    with open(path) as f:
        for _ in range(games):
            game = chess.pgn.read_game(f)
            if game is None:
                break
            board = game.board()
            for i, move in enumerate(game.mainline_moves()):
                board.push(move)
                if i + 1 in plies and not board.is_game_over():
                    out.append(board.copy())
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="target/release/myriad")
    ap.add_argument("--rules", default="chess")
    ap.add_argument("--pgn", default="docs/data/seed7-pawn-eg80.pgn")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--movetime", type=float, default=0.2)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    a = ap.parse_args()
    positions = boards(a.pgn, a.games, {20, 40, 60})
    for threads in a.threads:
        eng = chess.engine.SimpleEngine.popen_uci([a.engine, "uci", a.rules])
        eng.configure({"Threads": threads, "Hash": a.hash})
        depths, nodes = [], []
        for b in positions:
            # (a new game each time: `ucinewgame`, so the table starts empty)
            info = eng.analyse(b, chess.engine.Limit(time=a.movetime), game=object())
            depths.append(info.get("depth", 0))
            nodes.append(info.get("nodes", 0))
        eng.quit()
        print(
            f"threads {threads}: {len(positions)} positions, {a.movetime} s each: "
            f"mean depth {statistics.mean(depths):.2f}, "
            f"median nodes {statistics.median(nodes):.0f} (last completed iteration)",
            flush=True,
        )


if __name__ == "__main__":
    main()
