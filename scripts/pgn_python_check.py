#!/usr/bin/env python3
"""Checks Myriad's PGN export with python-chess, as its users read games.

Usage: pgn_python_check.py GAME.pgn [GAME.pgn ...]

Each file is read with ``chess.pgn.read_game``, every tag kept (``Variant "Chess960"`` or
``"Standard"``, ``SetUp``/``FEN``, and Myriad's own ``MyriadRules``, ``SetupSteps`` ...), and:
- python-chess must report no error (``game.errors == []``): an unknown variant is a failure;
- ``game.board()``, the board python-chess builds from the tags, must keep every castling
  right of the ``FEN`` tag, and the tag must be the FEN python-chess writes for that board
  (X-FEN: ``KQkq`` for the outermost rooks, file letters otherwise);
- every move of the main line is replayed on that board by its SAN, and must be legal;
- when ``GAME.pgn.fen`` exists beside the file it holds the FEN Myriad reached at the end of
  the game, and python-chess must reach the same position (board, side to move, castling
  rights, move counters; en passant is compared only when both give one, since the two
  programs differ on when to print it; in Crazyhouse the halfmove clock is not compared, since
  python-chess does not reset it on a pawn drop and Fairy-Stockfish does). Castling rights are
  compared as rook files.

Exits 0 when every file passes, 1 otherwise; prints one line per file.
"""

import sys

import chess
import chess.pgn
import chess.variant


class SanCollector(chess.pgn.GameBuilder):
    """Builds the game and keeps each main-line move's SAN exactly as written."""

    def begin_game(self):
        super().begin_game()
        self.sans = []

    def parse_san(self, board, san):
        if len(self.variation_stack) <= 1:
            self.sans.append(san)
        return super().parse_san(board, san)

    def result(self):
        game = super().result()
        game.sans = self.sans
        return game


def fields(fen):
    parts = fen.split()
    parts += ["-"] * (6 - len(parts))
    return parts


def rook_files(board):
    """Castling rights as Shredder letters, whatever notation the FEN used."""
    return fields(board.fen(shredder=True))[2]


def check(path):
    with open(path, encoding="utf-8") as f:
        game = chess.pgn.read_game(f, Visitor=SanCollector)
    if game is None:
        return "no game in the file"
    if game.errors:
        return "python-chess reported: " + "; ".join(map(str, game.errors))
    fen = game.headers.get("FEN")
    if fen is None or game.headers.get("SetUp") != "1":
        return "missing SetUp/FEN tags"
    board = game.board()
    written = fields(fen)[2].replace("-", "")
    if len(rook_files(board).replace("-", "")) != len(written):
        return f"python-chess drops castling rights of the FEN tag `{fen}`: `{board.fen()}`"
    if board.fen().split()[:4] != fields(fen)[:4]:
        return f"the FEN tag `{fen}` is not X-FEN as python-chess writes it: `{board.fen()}`"
    if not board.is_valid():
        return f"python-chess finds the start invalid: {board.status()!r}"
    for i, san in enumerate(game.sans):
        try:
            board.push_san(san)
        except ValueError as e:
            return f"move {i + 1} `{san}` is not legal for python-chess in {board.fen()}: {e}"
    if len(game.sans) != len(list(game.mainline_moves())):
        return "python-chess read a different number of moves"
    try:
        with open(path + ".fen", encoding="utf-8") as f:
            want = fields(f.read().strip())
    except FileNotFoundError:
        return None
    got = fields(board.fen(shredder=True, en_passant="fen"))
    got[2] = rook_files(board)
    if isinstance(board, chess.variant.CrazyhouseBoard):
        # a pawn drop resets the halfmove clock for Fairy-Stockfish (and Myriad, which follows
        # it) but not for python-chess: the clocks are not compared in Crazyhouse
        got[4] = want[4]
    same = [got[0], got[1], got[2], got[4], got[5]] == [want[0], want[1], want[2], want[4], want[5]]
    if same and (got[3] == want[3] or "-" in (got[3], want[3])):
        return None
    return f"final position differs: python-chess {' '.join(got)}, myriad {' '.join(want)}"


def main(paths):
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
