#!/usr/bin/env python3
"""Strength benchmark: Myriad against Stockfish limited with UCI_LimitStrength/UCI_Elo.

Random Chess484 start positions (each side's array drawn independently among the 22 that
Regroupment Chess allows), each opening played twice with colours reversed, through UCI
(python-chess's chess.engine), a fixed time per move. Prints W/D/L from Myriad's side, the
score and the Elo difference with its 95% error bar; writes the games as PGN.

    python3 scripts/strength_match.py --games 40 --movetime 0.2 --elo 1800 \
        --engine target/release/myriad --pgn /tmp/strength.pgn --jobs 2

With --jobs N, N games are played at once, each pair of engines alone on its stream (one
engine of a game thinks at a time: N streams keep N cores busy). With --threads T each engine
searches with T threads (UCI Threads), so --jobs 1 --threads 2 gives both engines the two
cores of a two-core machine, one game at a time.
"""

import argparse
import math
import random
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine
import chess.pgn


def chess484_arrays():
    """The 22 back ranks one side can reach in Regroupment Chess (files a..h)."""
    start = list("RNBQKBNR")
    out = set()
    for ks in [None, 1, 2, 3, 5, 6]:  # king swaps with N, B, Q, B, N (or not)
        a = start[:]
        k = 4
        if ks is not None:
            a[k], a[ks] = a[ks], a[k]
        q = a.index("Q")
        for qs in [None] + [i for i, p in enumerate(a) if p in "BN"]:
            b = a[:]
            if qs is not None:
                b[q], b[qs] = b[qs], b[q]
            bishops = [i for i, p in enumerate(b) if p == "B"]
            if len(bishops) == 2 and (bishops[0] + bishops[1]) % 2 == 1:
                out.add("".join(b))
    return sorted(out)


def start_fen(white, black):
    return f"{black.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{white} w HAha - 0 1"


def play_game(fen, engines, names, movetime, max_plies=400):
    """engines: {chess.WHITE: engine, chess.BLACK: engine}. Returns (result, game, illegal_by)."""
    board = chess.Board(fen, chess960=True)
    game = chess.pgn.Game()
    game.setup(board)
    game.headers["White"] = names[chess.WHITE]
    game.headers["Black"] = names[chess.BLACK]
    game.headers["Variant"] = "Chess960"
    node = game
    limit = chess.engine.Limit(time=movetime)
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        side = board.turn
        res = engines[side].play(board, limit)
        if res.move is None or res.move not in board.legal_moves:
            game.headers["Result"] = "0-1" if side == chess.WHITE else "1-0"
            game.headers["Termination"] = f"illegal move {res.move} by {names[side]}"
            return game.headers["Result"], game, side
        board.push(res.move)
        node = node.add_variation(res.move)
    result = board.result(claim_draw=True)
    if result == "*":
        result = "1/2-1/2"
    game.headers["Result"] = result
    return result, game, None


def play_all(n_games, open_pair, play_one, jobs, first=0):
    """Plays games first..n_games on `jobs` streams at once, each with its own engines from
    `open_pair()` (a list to close after); `play_one(i, engines)` plays game i. Calls it in
    game order within a stream; returns when every game is done."""
    lock = threading.Lock()
    todo = list(range(first, n_games))

    def stream():
        engines = open_pair()
        try:
            while True:
                with lock:
                    if not todo:
                        return
                    i = todo.pop(0)
                play_one(i, engines, lock)
        finally:
            for e in engines:
                e.quit()

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for f in [pool.submit(stream) for _ in range(max(1, jobs))]:
            f.result()


def elo(score):
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engine", default="target/release/myriad")
    ap.add_argument("--rules", default="chess", help="rules file the engine plays")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--elo", type=int, default=1800)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--movetime", type=float, default=0.2)
    ap.add_argument("--seed", type=int, default=484)
    ap.add_argument("--hash", type=int, default=64)
    ap.add_argument("--pgn", default=None)
    ap.add_argument(
        "--first",
        type=int,
        default=0,
        help="play only the games from this one on (0-based; the openings of --games and "
        "--seed stay the same): finishes a match that was stopped",
    )
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (one per core)")
    ap.add_argument(
        "--threads",
        type=int,
        default=1,
        help="threads each engine may search with (UCI Threads; give both engines the "
        "cores: --jobs 1 --threads 2 on two cores)",
    )
    args = ap.parse_args()

    arrays = chess484_arrays()
    assert len(arrays) == 22, len(arrays)
    rng = random.Random(args.seed)
    openings = [
        start_fen(rng.choice(arrays), rng.choice(arrays)) for _ in range((args.games + 1) // 2)
    ]

    sf_name = f"Stockfish UCI_Elo {args.elo}"

    def open_pair():
        myriad = chess.engine.SimpleEngine.popen_uci([args.engine, "uci", args.rules])
        myriad.configure({"Hash": args.hash, "Threads": args.threads})
        sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        sf.configure(
            {"UCI_LimitStrength": True, "UCI_Elo": args.elo, "Threads": args.threads, "Hash": 64}
        )
        return [myriad, sf]

    tally = {"w": 0, "d": 0, "l": 0, "illegal": 0}
    pgn_out = open(args.pgn, "w") if args.pgn else None

    def play_one(i, engines, lock):
        myriad, sf = engines
        fen = openings[i // 2]
        myriad_white = i % 2 == 0
        sides = {
            chess.WHITE: myriad if myriad_white else sf,
            chess.BLACK: sf if myriad_white else myriad,
        }
        names = {
            chess.WHITE: "Myriad" if myriad_white else sf_name,
            chess.BLACK: sf_name if myriad_white else "Myriad",
        }
        for e in engines:
            e.protocol.send_line("ucinewgame")
        result, game, bad = play_game(fen, sides, names, args.movetime)
        game.headers["Round"] = str(i + 1)
        with lock:
            if bad is not None and names[bad] == "Myriad":
                tally["illegal"] += 1
            if result == "1/2-1/2":
                tally["d"] += 1
            elif (result == "1-0") == myriad_white:
                tally["w"] += 1
            else:
                tally["l"] += 1
            n = tally["w"] + tally["d"] + tally["l"]
            print(
                f"game {n:3} (#{i + 1}): {'W' if myriad_white else 'B'} {result:7} {fen}   "
                f"running +{tally['w']} ={tally['d']} -{tally['l']}",
                flush=True,
            )
            if pgn_out:
                print(game, file=pgn_out, end="\n\n", flush=True)

    try:
        play_all(args.games, open_pair, play_one, args.jobs, args.first)
    finally:
        if pgn_out:
            pgn_out.close()
    w, d, l, illegal = tally["w"], tally["d"], tally["l"], tally["illegal"]

    n = w + d + l
    score = (w + 0.5 * d) / n
    # per-game variance of the score, for the 95% interval
    var = (w * (1 - score) ** 2 + d * (0.5 - score) ** 2 + l * (0 - score) ** 2) / n
    sd = math.sqrt(var / n)
    lo, hi = elo(score - 1.96 * sd), elo(score + 1.96 * sd)
    e = elo(score)
    print()
    print(
        f"Myriad vs {sf_name}, {n} games, {args.movetime}s/move, {args.threads} thread(s) "
        "each, Chess484 openings"
    )
    print(f"W/D/L: {w}/{d}/{l}  score {100 * score:.1f}%  illegal moves by Myriad: {illegal}")
    print(
        f"Elo difference: {e:+.0f} (95% interval {lo:+.0f} .. {hi:+.0f}, "
        f"+/- {(hi - lo) / 2:.0f}); estimated Myriad rating {args.elo + e:.0f}"
    )
    return 0 if illegal == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
