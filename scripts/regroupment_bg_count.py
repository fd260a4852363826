#!/usr/bin/env python3
"""Counts Regroupment Chess start positions whose kings are not on the b- or g-file.

An independent check of `require K not on b g at end` (tests/setup_requirements.rs), written
from the source text (Mats Winther, Regroupment Chess, 2009), not from Myriad's code:
"the players may ... swap the positions of their king and queen with another piece,
excluding the rooks: first the king, then the queen. ... the relocatee moves to the king's
original square ... the bishops must not end up on squares of the same colour ... the king
cannot be a relocatee" (so the queen swaps with a bishop or a knight only).

Prints: arrays per side, positions, mirrored positions; first for Regroupment itself (22,
484, 22 in the source text), then with the king kept off the b- and g-files, then with the
queen kept off the d-file.
Plain Python; no chess library needed.
"""

ORTHODOX = "RNBQKBNR"  # files a..h of a side's back rank (rank 1 for White, 8 for Black)


def swapped(rank, i, j):
    r = list(rank)
    r[i], r[j] = r[j], r[i]
    return "".join(r)


def bishops_on_opposite_colours(rank):
    # on a side's own back rank, files a, c, e, g have one colour and b, d, f, h the other
    # (the same split on rank 1 and rank 8)
    files = [f for f, p in enumerate(rank) if p == "B"]
    return len({f % 2 for f in files}) == 2


def side_arrays():
    out = set()
    king_options = [ORTHODOX] + [
        swapped(ORTHODOX, ORTHODOX.index("K"), j)
        for j, p in enumerate(ORTHODOX)
        if p in "QBN"
    ]
    for after_king in king_options:
        q = after_king.index("Q")
        queen_options = [after_king] + [
            swapped(after_king, q, j) for j, p in enumerate(after_king) if p in "BN"
        ]
        for final in queen_options:
            if bishops_on_opposite_colours(final):
                out.add(final)
    return sorted(out)


def count(keep):
    arrays = [a for a in side_arrays() if keep(a)]
    # every pair (White's, Black's) is a position; it is mirrored when both are the same
    return len(arrays), len(arrays) ** 2, len(arrays)


def main():
    print("regroupment: %d arrays a side, %d positions, %d mirrored" % count(lambda a: True))
    print(
        "regroupment, K not on b g: %d arrays a side, %d positions, %d mirrored"
        % count(lambda a: a.index("K") not in (1, 6))
    )
    # a second reading of the same construct, with other files and another piece
    print(
        "regroupment, Q not on d: %d arrays a side, %d positions, %d mirrored"
        % count(lambda a: a.index("Q") != 3)
    )


if __name__ == "__main__":
    main()
