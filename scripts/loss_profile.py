#!/usr/bin/env python3
"""Where a strength match was lost: Stockfish at full strength scores every position of every
game of a match's PGN, and the loss of each move (how much worse the position became for its
player, by Stockfish's scores before and after it) is summed by phase of the game, for Myriad
and for its opponent alike.

    python3 scripts/loss_profile.py docs/data/strength2200-5.pgn --depth 13 --jobs 2 \\
        --json /tmp/run5.json

Phases: the opening (the first 20 plies), then by the material left on the board (pawn 1,
knight and bishop 3, rook 5, queen 9, both sides): the middlegame (40 or more), the late
middlegame (20 to 39) and the endgame (below 20). A "big" loss is one of 150 cp or more from
a position that was not already lost (the mover's score above -150 before the move). Scores
are capped at 10 pawns, mates counting as that. For the big losses of the middlegame, the
script also says whether the move was a capture, and whether Stockfish's best move (in the
position before) and its refutation (after) were captures: a capture missed is a tactic, a
quiet move refuted by a quiet move is judgement.

A second table sums the losses of the opening and of the middlegame by the kind of move: the
piece moved (SAN's letter; castling apart), pawn captures and pushes, the pushes split by
whether the pawn then attacks an enemy piece (not a pawn, not the king), and the pushes of a
pawn on a file at or beside the mover's own royal piece while it stands on its back rank
(its shelter), so that a kind of move one side plays worse or more often stands out.

With --json the scores are saved, and --from-json reads them back instead of searching again
(give the PGN too for the rows of pushes: the scores alone do not say what a push attacks
nor where the king stood).
--big-epd FILE writes the positions of Myriad's big losses of the middlegame, with the move
played, Stockfish's best and the kind of move, as EPD.
Myriad is the player whose name contains --name.
"""

import argparse
import collections
import json
from concurrent.futures import ThreadPoolExecutor

import chess
import chess.engine
import chess.pgn

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
CAP = 1000
# A big loss (cp): a move that loses this much, from a position not already lost by as much.
BIG = 150
PHASES = ["opening", "middlegame", "late middlegame", "endgame"]


def read_games(path):
    games = []
    with open(path) as f:
        while (g := chess.pgn.read_game(f)) is not None:
            games.append(g)
    return games


def material(board):
    return sum(len(board.pieces(p, c)) * v for p, v in VALUES.items() for c in chess.COLORS)


def score_game(game, engine_path, depth, name):
    """Each position before a move: ply, whose move (Myriad's or not), Stockfish's score from
    Myriad's side, its best move and the move played (SAN), the material on the board."""
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    try:
        engine.configure({"Hash": 64})
        me = chess.WHITE if name in game.headers["White"] else chess.BLACK
        board = game.board()
        rows = []
        for move in game.mainline_moves():
            info = engine.analyse(board, chess.engine.Limit(depth=depth))
            best = (info.get("pv") or [None])[0]
            rows.append({
                "ply": board.ply(),
                "mine": board.turn == me,
                "score": info["score"].pov(me).score(mate_score=CAP),
                "best": board.san(best) if best else "",
                "played": board.san(move),
                "material": material(board),
            })
            board.push(move)
        return {"result": game.headers["Result"], "moves": rows}
    finally:
        engine.quit()


def phase(row):
    if row["ply"] <= 20:
        return "opening"
    if row["material"] >= 40:
        return "middlegame"
    return "late middlegame" if row["material"] >= 20 else "endgame"


def cap(score):
    return max(-CAP, min(CAP, score))


def move_losses(rows):
    """Each move of a game's scored rows: the row before it, who moved ("myriad" or
    "opponent"), its loss (Myriad's score falling on its move, rising on the opponent's), and
    whether it is a big one (150 cp or more, from a position the mover had not already lost)."""
    for before, after in zip(rows, rows[1:]):
        drop = cap(before["score"]) - cap(after["score"])
        who, loss, was = (
            ("myriad", drop, before["score"]) if before["mine"]
            else ("opponent", -drop, -before["score"])
        )
        yield before, after, who, loss, loss >= BIG and was > -BIG


def report(games):
    losses = {who: collections.defaultdict(list) for who in ("myriad", "opponent")}
    big = {who: collections.Counter() for who in ("myriad", "opponent")}
    kinds = collections.Counter()
    by_ply = collections.defaultdict(list)
    for g in games:
        rows = g["moves"]
        for row in rows:
            by_ply[min(row["ply"] // 10, 12) * 10].append(cap(row["score"]))
        for before, after, who, loss, is_big in move_losses(rows):
            ph = phase(before)
            losses[who][ph].append(max(0, loss))
            if is_big:
                big[who][ph] += 1
                if who == "myriad" and ph == "middlegame":
                    kinds["big losses"] += 1
                    kinds["played a capture"] += "x" in before["played"]
                    kinds["best move a capture"] += "x" in before["best"]
                    kinds["refutation a capture"] += "x" in after["best"]
                    kinds["quiet refuted by quiet"] += (
                        "x" not in before["played"] and "x" not in after["best"]
                    )
    print("| phase | Myriad's moves | mean loss (cp) | big losses | opponent's moves | mean loss (cp) | big losses |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for ph in PHASES:
        m, o = losses["myriad"][ph], losses["opponent"][ph]
        mean = lambda l: sum(l) / max(1, len(l))
        print(f"| {ph} | {len(m)} | {mean(m):.1f} | {big['myriad'][ph]} | "
              f"{len(o)} | {mean(o):.1f} | {big['opponent'][ph]} |")
    print()
    print("Myriad's big losses in the middlegame:", dict(kinds))
    print("Stockfish's mean score for Myriad, by ply:",
          ", ".join(f"{p}: {round(sum(v) / len(v))}" for p, v in sorted(by_ply.items())))


def is_push(board, move):
    """Is `move` a pawn's move that captures nothing?"""
    return board.piece_type_at(move.from_square) == chess.PAWN and not board.is_capture(move)


def move_kind_rows(board, move):
    """The kinds of move `move` counts under in the second table."""
    san = board.san(move)
    if san.startswith("O-"):
        return ["castling"]
    piece = board.piece_type_at(move.from_square)
    if piece != chess.PAWN:
        return [chess.piece_symbol(piece).upper()]
    if not is_push(board, move):
        return ["pawn capture"]
    rows = ["pawn push"]
    after = board.copy(stack=False)
    after.push(move)
    hits = any(after.color_at(sq) == (not board.turn)
               and after.piece_type_at(sq) not in (chess.PAWN, chess.KING)
               for sq in after.attacks(move.to_square))
    rows.append("pawn push attacking a piece" if hits else "pawn push attacking none")
    king = board.king(board.turn)
    back = 0 if board.turn == chess.WHITE else 7
    if king is not None and chess.square_rank(king) == back and \
            abs(chess.square_file(king) - chess.square_file(move.from_square)) <= 1:
        rows.append("pawn push of the shelter")
    return rows


def kinds_report(games, pgn_games, epd=None):
    """The second table: the losses of the opening and the middlegame by kind of move. With
    `epd` (a file open for writing, and the PGN given), Myriad's big losses of the middlegame
    are written there too, one position a line, to look at."""
    losses = {who: collections.defaultdict(list) for who in ("myriad", "opponent")}
    for i, g in enumerate(games):
        rows = g["moves"]
        board = moves = None
        if pgn_games is not None:
            board = pgn_games[i].board()
            moves = list(pgn_games[i].mainline_moves())
        for j, (before, _, who, loss, is_big) in enumerate(move_losses(rows)):
            ph = phase(before)
            if ph in ("opening", "middlegame"):
                if board is not None:
                    kinds = move_kind_rows(board, moves[j])
                else:
                    san = before["played"]
                    kinds = ["castling"] if san.startswith("O-") else \
                        [san[0]] if san[0] in "NBRQK" else \
                        ["pawn capture" if "x" in san else "pawn push"]
                for k in kinds:
                    losses[who][(ph, k)].append(max(0, loss))
                if epd and board is not None and who == "myriad" and ph == "middlegame" \
                        and is_big:
                    epd.write(f'{board.epd()} c0 "{pgn_games[i].headers.get("Round", i + 1)}"; '
                              f'c1 "played {before["played"]}, best {before["best"]}, '
                              f'loss {loss}, {" / ".join(kinds)}";\n')
            if board is not None:
                board.push(moves[j])
    order = ["pawn push", "pawn push attacking a piece", "pawn push attacking none",
             "pawn push of the shelter", "pawn capture", "N", "B", "R", "Q", "K",
             "castling"]
    print("| phase | move | Myriad's moves | mean loss (cp) | opponent's moves | mean loss (cp) |")
    print("|---|---|---:|---:|---:|---:|")
    mean = lambda l: sum(l) / max(1, len(l))
    for ph in ("opening", "middlegame"):
        for k in order:
            m, o = losses["myriad"][(ph, k)], losses["opponent"][(ph, k)]
            if m or o:
                print(f"| {ph} | {k} | {len(m)} | {mean(m):.1f} | {len(o)} | {mean(o):.1f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pgn", nargs="?")
    ap.add_argument("--stockfish", default="/usr/games/stockfish")
    ap.add_argument("--depth", type=int, default=13)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--name", default="Myriad")
    ap.add_argument("--json", help="save the scores here")
    ap.add_argument("--from-json", help="read the scores from here instead of searching")
    ap.add_argument("--big-epd", help="write Myriad's big middlegame losses here (EPD; "
                    "needs the PGN)")
    a = ap.parse_args()
    if a.big_epd and not a.pgn:
        ap.error("--big-epd needs the PGN")
    pgn_games = read_games(a.pgn) if a.pgn else None
    if a.from_json:
        with open(a.from_json) as f:
            games = json.load(f)
    else:
        if not a.pgn:
            ap.error("give a PGN file, or --from-json")
        with ThreadPoolExecutor(a.jobs) as ex:
            games = list(ex.map(lambda g: score_game(g, a.stockfish, a.depth, a.name), pgn_games))
        if a.json:
            with open(a.json, "w") as f:
                json.dump(games, f)
    report(games)
    print()
    if pgn_games is not None and len(pgn_games) != len(games):
        ap.error(f"{a.pgn} has {len(pgn_games)} games, the scores {len(games)}")
    if a.big_epd:
        with open(a.big_epd, "w") as f:
            kinds_report(games, pgn_games, f)
    else:
        kinds_report(games, pgn_games)


if __name__ == "__main__":
    main()
