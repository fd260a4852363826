"""What scripts/texel_tune.py and scripts/net_data.py share: walking the positions of PGN games,
and labelling a position with Stockfish's score.

A label is kept only for a quiet position: Stockfish's best move neither captures nor promotes,
and its score lies within 15 pawns. It is Stockfish's score in centipawns from White's view,
beside the position in Shredder FEN.
"""

import chess
import chess.engine
import chess.pgn

LIMIT_CP = 1500


def open_stockfish(path):
    """One Stockfish on one thread with a small table, as the labels are made."""
    eng = chess.engine.SimpleEngine.popen_uci(path)
    eng.configure({"Threads": 1, "Hash": 16})
    return eng


def game_plies(paths):
    """Every position of every game in the PGN files `paths`: (game, ply, board), `game`
    counting the games from 0 over all the files and `ply` the plies played (1 after the first
    move). The board is the game's own: copy it to keep it."""
    game_no = 0
    for path in paths:
        with open(path) as f:
            while True:
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                board = game.board()
                for ply, move in enumerate(game.mainline_moves(), start=1):
                    board.push(move)
                    yield game_no, ply, board
                game_no += 1


def quiet_label(eng, board, depth):
    """(fen, cp) for a quiet position searched to `depth`; None for any other."""
    info = eng.analyse(board, chess.engine.Limit(depth=depth))
    pv = info.get("pv") or []
    if not pv:
        return None
    best = pv[0]
    if board.is_capture(best) or best.promotion:
        return None
    cp = info["score"].white().score(mate_score=100000)
    if cp is None or abs(cp) > LIMIT_CP:
        return None
    return (board.fen(shredder=True), cp)
