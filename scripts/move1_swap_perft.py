#!/usr/bin/env python3
"""Perft of orthodox chess (no castling) where each side, on its first turn, may instead of a
move exchange any two pieces of its back rank, provided its bishops stay on opposite colours
(the in-game swap of Transcendental Chess, Maxwell Lawrence 1978, on the orthodox array).

An independent check of `at move 1 swap K Q R B N with K Q R B N` (tests/play_swaps.rs),
written from the rule, with python-chess for the ordinary moves: a swap is legal when the two
squares hold two of the mover's pieces of different kinds on its back rank, the bishops then
stand on squares of both colours, and the mover's king is not attacked afterwards.

Usage: move1_swap_perft.py [MAX_DEPTH [FEN]]   (prints `depth N: COUNT` for 1..MAX_DEPTH,
default 4, from FEN, default the orthodox array without castling rights)
"""
import sys

import chess


def swaps(board):
    """The boards after each legal first-turn swap of the side to move."""
    if board.fullmove_number != 1:
        return []
    us = board.turn
    rank = 0 if us == chess.WHITE else 7
    squares = [chess.square(f, rank) for f in range(8)]
    out = []
    for i, a in enumerate(squares):
        for b in squares[i + 1:]:
            pa, pb = board.piece_at(a), board.piece_at(b)
            if not pa or not pb or pa.color != us or pb.color != us:
                continue
            if pa.piece_type == pb.piece_type:
                continue
            nb = board.copy(stack=False)
            nb.set_piece_at(a, pb)
            nb.set_piece_at(b, pa)
            bishops = [s for s in nb.pieces(chess.BISHOP, us)]
            colours = {(chess.square_file(s) + chess.square_rank(s)) % 2 for s in bishops}
            if len(bishops) >= 2 and len(colours) < 2:
                continue
            king = nb.king(us)
            if nb.is_attacked_by(not us, king):
                continue
            # the swap is the side's move: the turn passes, the counters advance
            nb.turn = not us
            if us == chess.BLACK:
                nb.fullmove_number += 1
            nb.halfmove_clock += 1
            nb.ep_square = None
            out.append(nb)
    return out


def perft(board, depth):
    if depth == 0:
        return 1
    n = 0
    for m in board.legal_moves:
        board.push(m)
        n += perft(board, depth - 1)
        board.pop()
    for nb in swaps(board):
        n += perft(nb, depth - 1)
    return n


def main():
    max_depth = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    fen = sys.argv[2] if len(sys.argv) > 2 else "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    board = chess.Board(fen)
    for d in range(1, max_depth + 1):
        print(f"depth {d}: {perft(board, d)}")


if __name__ == "__main__":
    main()
