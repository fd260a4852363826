#!/usr/bin/env python3
"""Checks Myriad's PGN export with python-chess.

Usage: pgn_python_check.py GAME.pgn [GAME.pgn ...]

Each file is read with ``chess.pgn.read_game``; its chess moves are then replayed, by their
SAN, on ``chess.Board(FEN tag, chess960=True)``: the position Myriad records after the setup
phase. Every move must be legal there. When ``GAME.pgn.fen`` exists beside the file it holds
the FEN Myriad reached at the end of the game, and python-chess must reach the same position
(board, side to move, castling rights, move counters; en passant is compared only when both
give one, since the two programs differ on when to print it).

The only error python-chess may report is the unknown ``Variant`` name (``Relocation Chess``
and the like are not python-chess variants: it falls back to standard chess rules with the
FEN, which is what these games are once the setup phase is over).

Exits 0 when every file passes, 1 otherwise; prints one line per file.
"""

import logging
import sys

import chess
import chess.pgn


class SanCollector(chess.pgn.GameBuilder):
    """Builds the game and keeps each move's SAN exactly as written."""

    def begin_game(self):
        super().begin_game()
        self.sans = []

    def parse_san(self, board, san):
        if not self.in_variation_stack():
            self.sans.append(san)
        return super().parse_san(board, san)

    def in_variation_stack(self):
        return len(self.variation_stack) > 1

    def result(self):
        game = super().result()
        game.sans = self.sans
        return game


def fields(fen):
    parts = fen.split()
    parts += ["-"] * (6 - len(parts))
    return parts


def check(path):
    with open(path, encoding="utf-8") as f:
        game = chess.pgn.read_game(f, Visitor=SanCollector)
    if game is None:
        return "no game in the file"
    errors = [e for e in game.errors if "unsupported variant" not in str(e)]
    if errors:
        return "python-chess reported: " + "; ".join(map(str, errors))
    fen = game.headers.get("FEN")
    if fen is None or game.headers.get("SetUp") != "1":
        return "missing SetUp/FEN tags"
    board = chess.Board(fen, chess960=True)
    if board.fen(shredder=True).split()[:4] != fields(fen)[:4] and board.fen(
        shredder=True
    ).split()[:3] != fields(fen)[:3]:
        return f"python-chess reads the FEN as {board.fen(shredder=True)}"
    for i, san in enumerate(game.sans):
        try:
            board.push_san(san)
        except ValueError as e:
            return f"move {i + 1} `{san}` is not legal for python-chess in {board.fen()}: {e}"
    try:
        with open(path + ".fen", encoding="utf-8") as f:
            want = fields(f.read().strip())
    except FileNotFoundError:
        return None
    got = fields(board.fen(shredder=True, en_passant="fen"))
    same = [got[0], got[1], got[2], got[4], got[5]] == [want[0], want[1], want[2], want[4], want[5]]
    if same and (got[3] == want[3] or "-" in (got[3], want[3])):
        return None
    return f"final position differs: python-chess {' '.join(got)}, myriad {' '.join(want)}"


def main(paths):
    # The unknown Variant name is expected (see above): keep it out of the output.
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    if not paths:
        print(__doc__)
        return 2
    failed = 0
    for p in paths:
        problem = check(p)
        if problem:
            failed += 1
            print(f"FAIL {p}: {problem}")
        else:
            print(f"ok   {p}")
    print(f"{len(paths) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
