#!/usr/bin/env python3
"""King walks: in a strength match's PGN, how often each side moved its royal piece while it
still had castling rights, not in check and with the enemy queen on the board (so giving the
rights up by hand), and how often it castled.

    python3 scripts/king_walks.py docs/data/strength2200-3.pgn [more.pgn ...]

Counted once per game and side (the first such king move). Myriad is the player whose name
contains --name; the other side is its opponent.
"""

import argparse
import collections

import chess.pgn


def count(path, name):
    stats = collections.Counter()
    with open(path) as f:
        while (game := chess.pgn.read_game(f)) is not None:
            me = chess.WHITE if name in game.headers["White"] else chess.BLACK
            result = game.headers["Result"]
            lost = result == ("0-1" if me == chess.WHITE else "1-0")
            stats["games"] += 1
            stats["myriad lost"] += lost
            board = game.board()
            done = {chess.WHITE: False, chess.BLACK: False}
            for move in game.mainline_moves():
                side = board.turn
                who = "myriad" if side == me else "opponent"
                if not done[side]:
                    if board.is_castling(move):
                        stats[f"{who} castled"] += 1
                        done[side] = True
                    elif (
                        board.piece_type_at(move.from_square) == chess.KING
                        and board.has_castling_rights(side)
                        and board.pieces(chess.QUEEN, not side)
                        and not board.is_check()
                    ):
                        stats[f"{who} walked"] += 1
                        stats[f"{who} walked, myriad lost"] += lost
                        done[side] = True
                board.push(move)
    return stats


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--name", default="Myriad")
    args = ap.parse_args()
    for path in args.pgn:
        s = count(path, args.name)
        print(path)
        for k in sorted(s):
            print(f"  {k}: {s[k]}")


if __name__ == "__main__":
    main()
