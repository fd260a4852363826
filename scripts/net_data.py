#!/usr/bin/env python3
"""Labelled positions for the evaluation's learnt correction (src/search/eval/net.rs).

Positions come from two sources, each position kept once:

1. games in PGN files (`--pgn`, for instance Myriad's games against Stockfish written by
   scripts/strength_match.py): every position from the eighth ply on that is not in check and
   not over;
2. Stockfish 15.1 against itself (`--sf-games N`) at a fixed depth (`--play-depth`, 6) from
   random Chess484 openings (each side's array drawn among Regroupment Chess's 22), its first
   16 plies now and then (one in five) a random legal move so that the games spread out; the
   same positions are kept from them.

Stockfish then searches each position to `--depth` (9). As for the Texel fits
(scripts/texel_tune.py), positions whose best move captures or promotes (not quiet) or whose
score is beyond 15 pawns are dropped (scripts/sf_label.py). Each line of the output is
`fen ; cp ; game` (Shredder FEN, Stockfish's score in centipawns from White's view, and the
number of the game the position came from: the PGN games first, in order, then the self-play
games), so that the trainer can hold out whole games.

    D=docs/data
    python3 scripts/net_data.py --out data.txt --depth 9 --jobs 2 --sf-games 2500 \\
        --pgn $D/seed11-main.pgn $D/seed13-main.pgn ...

The work is shared among `--jobs` processes, each with its own Stockfish; a progress line
goes to standard error. Each process writes its labels as it makes them to `OUT.partN`, so a
run that is stopped keeps what it labelled: `--assemble` then writes OUT from those parts
alone (and a finished run removes them). The seed-7 and seed-484 openings' games should stay
out of the data, so that the screens and the declared runs play openings the network was not
trained on.
"""

import argparse
import multiprocessing
import os
import random
import sys
import time

import chess
import chess.engine

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from sf_label import game_plies, open_stockfish, quiet_label  # noqa: E402
from strength_match import chess484_arrays, start_fen  # noqa: E402

MIN_PLY = 8


def key(board):
    """A position's identity: pieces, side to move, castling rights, en-passant square."""
    return (board.board_fen(), board.turn, board.castling_rights, board.ep_square)


def wanted(board, ply):
    return ply >= MIN_PLY and not board.is_check() and not board.is_game_over()


def selfplay_game(eng, rng, play_depth, arrays):
    board = chess.Board(start_fen(rng.choice(arrays), rng.choice(arrays)), chess960=True)
    out = []
    ply = 0
    while not board.is_game_over(claim_draw=True) and ply < 300:
        moves = list(board.legal_moves)
        if ply < 16 and rng.random() < 0.2:
            move = rng.choice(moves)
        else:
            move = eng.play(board, chess.engine.Limit(depth=play_depth)).move
        board.push(move)
        ply += 1
        if wanted(board, ply):
            out.append(board.copy(stack=False))
    return out


def worker(args):
    (index, jobs, fens, sf_games, first_game, seed, depth, play_depth, stockfish, part,
     queue) = args
    eng = open_stockfish(stockfish)
    seen = set()
    with open(part, "w") as out:
        def keep(board, game):
            row = quiet_label(eng, board, depth)
            if row:
                out.write(f"{row[0]} ; {row[1]} ; {game}\n")
                out.flush()

        for fen, game in fens[index::jobs]:
            keep(chess.Board(fen, chess960=True), game)
            queue.put(("pgn", 1))
        rng = random.Random(seed * 1000 + index)
        arrays = chess484_arrays()
        for g in range(index, sf_games, jobs):
            for board in selfplay_game(eng, rng, play_depth, arrays):
                k = key(board)
                if k not in seen:
                    seen.add(k)
                    keep(board, first_game + g)
            queue.put(("game", 1))
    eng.quit()


def assemble(out, parts, seed, header):
    """Writes `out` from the labelled parts: each position once (its first game's), shuffled."""
    rows = []
    keys = set()
    for part in parts:
        with open(part) as f:
            for line in f:
                fields = line.rstrip("\n").split(" ; ")
                if len(fields) != 3:
                    continue  # (a line cut short by a stopped run)
                k = " ".join(fields[0].split()[:4])
                if k not in keys:
                    keys.add(k)
                    rows.append(fields)
    random.Random(seed).shuffle(rows)
    with open(out, "w") as f:
        f.write(f"# {len(rows)} quiet positions ({header}), labelled by Stockfish: "
                f"fen ; cp (White's view) ; game\n")
        for fields in rows:
            f.write(" ; ".join(fields) + "\n")
    return len(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--pgn", nargs="*", default=[])
    ap.add_argument("--sf-games", type=int, default=0)
    ap.add_argument("--depth", type=int, default=9, help="Stockfish's depth for the labels")
    ap.add_argument("--play-depth", type=int, default=6, help="Stockfish's depth in self-play")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--assemble", action="store_true",
                    help="write OUT from the OUT.partN files of a stopped run, label nothing")
    a = ap.parse_args()
    parts = [f"{a.out}.part{i}" for i in range(a.jobs)]
    header = (f"{len(a.pgn)} PGN files, {a.sf_games} Stockfish self-play games at depth "
              f"{a.play_depth}, seed {a.seed}, labels at depth {a.depth}")
    if a.assemble:
        n = assemble(a.out, [p for p in parts if os.path.exists(p)], a.seed, header)
        print(f"{n} labelled positions in {a.out}", file=sys.stderr)
        return

    seen = set()
    fens = []
    games = 0
    for game, ply, board in game_plies(a.pgn):
        games = game + 1
        if wanted(board, ply):
            k = key(board)
            if k not in seen:
                seen.add(k)
                fens.append((board.fen(shredder=True), game))
    print(f"{len(fens)} positions from {games} games in {len(a.pgn)} PGN files",
          file=sys.stderr, flush=True)

    manager = multiprocessing.Manager()
    queue = manager.Queue()
    tasks = [(i, a.jobs, fens, a.sf_games, games, a.seed, a.depth, a.play_depth, a.stockfish,
              parts[i], queue) for i in range(a.jobs)]
    start = time.time()
    with multiprocessing.Pool(a.jobs) as pool:
        result = pool.map_async(worker, tasks)
        done = {"pgn": 0, "game": 0}
        last = 0.0
        while not result.ready():
            while not queue.empty():
                kind, n = queue.get()
                done[kind] += n
            now = time.time()
            if now - last > 10:
                last = now
                print(f"\r{done['pgn']}/{len(fens)} PGN positions, "
                      f"{done['game']}/{a.sf_games} self-play games, "
                      f"{now - start:.0f} s", end="", file=sys.stderr, flush=True)
            time.sleep(0.5)
        result.get()
    print(file=sys.stderr)
    n = assemble(a.out, parts, a.seed, header)
    for p in parts:
        os.remove(p)
    print(f"{n} labelled positions in {a.out} ({time.time() - start:.0f} s)",
          file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
