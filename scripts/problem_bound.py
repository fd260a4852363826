#!/usr/bin/env python3
"""What setting problems could be worth against Stockfish's limited strength, at best.

Stockfish 15.1 with `UCI_LimitStrength` plays a noisy choice among its four best moves at a
fixed depth (`Skill::pick_best`: level 9.14 at `UCI_Elo` 2200, depth 1 + 9 = 10, MultiPV 4):
each candidate gets `weakness * (top - score) + delta * rand % weakness`, over 128, added to
its score, `weakness = 120 - 2 * level`, `delta = min(top - fourth, PawnValueMg = 126)`, in
internal units (361 to a pawn of its UCI centipawns). So it errs more where its second to
fourth moves are worse than its first: where only one move holds.

An engine that knew this could choose, among its own moves of about the best score, the one
after which the opponent's pick is most likely to go wrong. This script measures the most that
could give, with perfect knowledge: in positions of a match's PGN where Myriad is to move
(every third move of its own from ply 16 to 70, as White and as Black, scores within 3 pawns),
Stockfish at depth 10 finds Myriad's moves within --margin cp of the best; after each,
Stockfish's own MultiPV 4 at depth 10 gives the reply's four scores, and the pick above is
simulated (400 draws) for its expected loss. The choice by score plus the opponent's expected
loss is compared with the best move's.

With --judge-depth D, Myriad's moves and each of the four replies are judged by Stockfish at
depth D instead (the pick still made on the depth-10 scores), so that the mistakes of the
limited depth's horizon count as well as those of its noise.

    python3 scripts/problem_bound.py docs/data/seed7-pawn-eg80.pgn --positions 150
    python3 scripts/problem_bound.py docs/data/seed7-pawn-eg80.pgn --positions 150 --judge-depth 14
"""

import argparse
import random
import statistics

import chess
import chess.engine
import chess.pgn

NORM = 3.61  # Stockfish 15.1's internal units to a UCI centipawn
LEVEL = 9.14  # its skill level at UCI_Elo 2200: ((2200 - 1346.6) / 143.4) ** (1 / 0.806)
PAWN_MG = 126


def pick_odds(scores, rng, draws=400):
    """How often the limited-strength pick takes each of `scores` (cp, best first)."""
    if len(scores) < 2:
        return [1.0] * len(scores)
    counts = [0] * len(scores)
    v = [s * NORM for s in scores]
    top = v[0]
    delta = min(top - v[-1], PAWN_MG)
    weak = 120 - 2 * LEVEL
    for _ in range(draws):
        best, pick = -1e9, 0
        for i, s in enumerate(v):
            push = (weak * (top - s) + delta * rng.randrange(int(weak))) / 128
            if s + push >= best:
                best, pick = s + push, i
        counts[pick] += 1
    return [c / draws for c in counts]


def expected_loss(odds, judged):
    """The expected loss (cp) of a pick with these odds among replies judged `judged`."""
    return sum(p * (max(judged) - j) for p, j in zip(odds, judged))


def positions_of(path, name, rng, n):
    out = []
    with open(path) as f:
        while (g := chess.pgn.read_game(f)) is not None:
            ours_white = name in g.headers.get("White", "")
            b = g.board()
            for ply, mv in enumerate(g.mainline_moves()):
                # every third move of Myriad's own (its moves fall on odd plies as Black)
                if 16 <= ply <= 70 and (ply // 2) % 3 == 0 and (b.turn == chess.WHITE) == ours_white:
                    out.append(b.copy())
                b.push(mv)
    rng.shuffle(out)
    return out[:n]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("--positions", type=int, default=150)
    ap.add_argument("--margin", type=int, default=25, help="cp below the best move")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--name", default="Myriad")
    ap.add_argument(
        "--judge-depth",
        type=int,
        default=0,
        help="judge Myriad's moves, and the replies Stockfish picks among at --depth, by a search "
        "this deep (its horizon's mistakes too, not only its noise)",
    )
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    args = ap.parse_args()
    rng = random.Random(1)
    sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    sf.configure({"Threads": 1, "Hash": 64})
    limit = chess.engine.Limit(depth=args.depth)
    judge = chess.engine.Limit(depth=args.judge_depth or args.depth)

    def cp(info, turn):
        return info["score"].pov(turn).score(mate_score=3000)

    rows = []
    for b in positions_of(args.pgn, args.name, rng, args.positions):
        ours = sf.analyse(b, judge, multipv=4)
        top = cp(ours[0], b.turn)
        if abs(top) > 300:
            continue
        scored = []
        for info in ours:
            s = cp(info, b.turn)
            if top - s > args.margin:
                continue
            b.push(info["pv"][0])
            replies = sf.analyse(b, limit, multipv=4)
            scores = [cp(r, b.turn) for r in replies]
            judged = scores
            if args.judge_depth:
                judged = []
                for r in replies:
                    b.push(r["pv"][0])
                    judged.append(-cp(sf.analyse(b, judge), b.turn))
                    b.pop()
            b.pop()
            scored.append((s, expected_loss(pick_odds(scores, rng), judged)))
        best = scored[0]
        choice = max(scored, key=lambda x: x[0] + x[1])
        rows.append((len(scored), best[1], max(x[1] for x in scored), sum(choice) - sum(best)))
    sf.quit()
    if not rows:
        print("no position of the PGN qualifies (Myriad to move, within 3 pawns): nothing measured")
        return
    print(
        f"positions: {len(rows)} (margin {args.margin} cp, depth {args.depth}, "
        f"judged at {args.judge_depth or args.depth})"
    )
    print(f"moves within the margin, mean: {statistics.mean(r[0] for r in rows):.2f}")
    print(f"opponent's expected loss after the best move: {statistics.mean(r[1] for r in rows):.2f} cp")
    print(f"... after the move that maximises it: {statistics.mean(r[2] for r in rows):.2f} cp")
    print(f"gain of choosing by score + that loss: {statistics.mean(r[3] for r in rows):.2f} cp a move")


if __name__ == "__main__":
    main()
