#!/usr/bin/env python3
"""Generates tests/golden/fs/VARIANT.perft from Fairy-Stockfish alone (no Myriad code).

Positions: the variant's start position (Fairy-Stockfish's `position startpos`) and positions
reached by random games that Fairy-Stockfish plays itself: its legal moves ('go perft 1'), its
FENs ('d'). For each position the file records perft counts at depths 1..DEPTH as
Fairy-Stockfish computes them. The variant name is Fairy-Stockfish's (`UCI_Variant`), which
is also the name of the bundled rules file that tests/perft_fairy.rs checks against it.
The second header line of each file holds the exact arguments that made it, and
scripts/fs_golden_check.sh regenerates every golden file from them and compares.

    apt-get install -y fairy-stockfish
    python3 scripts/fs_golden.py nocastle > tests/golden/fs/nocastle.perft
    python3 scripts/fs_golden.py gardner --depth 4 > tests/golden/fs/gardner.perft

Options that take a FEN (`--from`, `--fen`) take it quoted or as its separate words (up to
the next option), so that the recorded header line can be run again as it stands. Each
option leaves the random games exactly as they were drawn before it existed when it is not
given (the random generator is seeded with "SEED-VARIANT").

Random games: `--max-plies N` (default 70) is the longest random game (each game is 6..N
plies long, at random). `--from FEN` (repeatable) adds positions the random games from the
start rarely reach (pawns about to promote, pawnless endings that count): each FEN, as
Fairy-Stockfish writes it back, is recorded after the start position, and each random game
then begins from the start or from one of them, at random (tests/golden/fs/makruk.perft and
grand.perft: their headers give the full lists):

    python3 scripts/fs_golden.py makruk --depth 4 --from "3k4/8/8/8/8/8/8/R2K1S2 w - - 0 1" \
        --from "3k4/3m4/8/8/8/8/8/RN1K4 b - - 0 1"

`--bias king` (or `check`) makes the random games pick a king move (or a move that gives
check) half of the time where there is one (`up`: a king move to the highest rank it can
reach, the goal of Racing Kings), so that they reach the goal of King of the Hill,
Racing Kings or Three-check more often than uniformly random games do; `--bias board` makes
them pick a move on the board rather than a drop nine times in ten, so that the hands of
Crazyhouse fill (drops otherwise outnumber the other moves and empty them at once). `--starts FILE`
starts the random games from the FENs of a file (in turn; all recorded) instead of the start
position, and `--chess960` sets UCI_Chess960 (Shredder castling letters), e.g. for King of
the Hill over the arrays of Regroupment Chess's setup phase:

    myriad positions regroupment-koth --list | awk 'NR % 60 == 2' > tests/golden/goals/regroupment-koth.starts
    python3 scripts/fs_golden.py kingofthehill --chess960 --starts tests/golden/goals/regroupment-koth.starts \
        --positions 16 --ends 2 --bias king --depth 4 > tests/golden/goals/regroupment-koth.perft

Ended games: where a game ends by a rule (King of the Hill, Three-check, Racing Kings, mate,
stalemate, extinction, a bare king) there is no legal move and Fairy-Stockfish's perft is 0.
`--ends N` records up to N final positions of the random games that ended so, after all
other random positions (not counted in --positions):

    python3 scripts/fs_golden.py kingofthehill --depth 4 --ends 6 --bias king > tests/golden/fs/kingofthehill.perft

`--ends-inline` instead records each such final position where the game reached it, among
the random positions (counted in --positions). `--fen FEN` (repeatable) appends a position
after all others (a rule end the random games seldom reach), and no game starts from it:

    python3 scripts/fs_golden.py kinglet --depth 4 --ends-inline --max-plies 150 \
        --fen "4k3/8/8/8/8/8/p7/4K3 b - - 0 1" --fen "4k3/P7/8/8/8/8/p7/4K3 w - - 0 1" > tests/golden/fs/kinglet.perft

`--fens FILE` takes the positions from a file (one FEN a line) instead of random games, e.g.
positions of a bundled combination that Fairy-Stockfish does not know but whose game proper
is VARIANT's. Order of the positions in the file: the start position (or those of --starts),
those of --from, the random positions, the --ends final positions, those of --fen.
"""
import argparse, random, subprocess, sys

ENGINE = "/usr/games/fairy-stockfish"


class Fsf:
    def __init__(self, variant, chess960=False):
        self.p = subprocess.Popen([ENGINE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci"); self.until("uciok")
        if chess960:
            self.send("setoption name UCI_Chess960 value true")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.sync()

    def send(self, s):
        self.p.stdin.write(s + "\n"); self.p.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine died")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def sync(self):
        self.send("isready"); self.until("readyok")

    def fen(self, position):
        self.send(position)
        self.send("d")
        for l in self.until("Checkers"):
            if l.startswith("Fen:"):
                return l[4:].strip()
        raise RuntimeError("no fen")

    def checkers(self, position):
        self.send(position)
        self.send("d")
        for l in self.until("Checkers"):
            if l.startswith("Checkers"):
                return l.split(":", 1)[1].strip()

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        lines = self.until("Nodes searched")
        moves = [l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")]
        return int(lines[-1].split(":")[1]), moves


def king_square(fen):
    """The square of the side to move's king, from the FEN's board."""
    board, turn = fen.split()[:2]
    king = "K" if turn == "w" else "k"
    for r, row in enumerate(board.split("[")[0].split("/")):
        f, i = 0, 0
        while i < len(row):
            if row[i].isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                f += int(row[i:j]); i = j
                continue
            if row[i] == king:
                return "abcdefghijkl"[f] + str(len(board.split("/")) - r)
            f += 1; i += 1
    return None


def pick(e, rng, fen, moves, bias):
    """A random move; with `bias`, half of the time a king move, a checking move or a move on
    the board (`board`: nine times in ten a move that is not a drop, so that Crazyhouse's
    hands fill)."""
    if bias == "board":
        board = [m for m in moves if "@" not in m]
        if board and rng.random() < 0.9:
            return rng.choice(board)
        return rng.choice(moves)
    if bias and rng.random() < 0.5:
        if bias in ("king", "up"):
            k = king_square(fen)
            good = [m for m in moves if k and m.startswith(k)]
            if bias == "up" and good:
                top = max(int(m[len(k) + 1:]) for m in good)
                good = [m for m in good if int(m[len(k) + 1:]) == top]
        else:
            good = []
            for m in rng.sample(moves, len(moves)):
                if e.checkers(f"position fen {fen} moves {m}"):
                    good = [m]
                    break
        if good:
            return rng.choice(good)
    return rng.choice(moves)


def random_positions(e, rng, positions, ends=0, bias=None, starts=None, extra=(),
                     max_plies=70, ends_inline=False):
    """The start position (or each of `starts`), each of `extra`, `positions` positions of
    random games and up to `ends` final positions of random games that ended with no legal
    move. Game k starts from starts[k % len(starts)] or, with `extra`, from it or one of
    `extra` at random; with `ends_inline` the final positions are also recorded in turn
    among the `positions`."""
    starts = [e.fen(f"position fen {f}") for f in starts] if starts else [e.fen("position startpos")]
    extra = [e.fen(f"position fen {f}") for f in extra]
    fens, ended = starts + extra, []
    want = positions + len(fens)
    game = 0
    while len(fens) < want:
        fen = starts[game % len(starts)]
        game += 1
        if extra:
            fen = rng.choice([fen] + extra)
        for ply in range(rng.randint(6, max_plies)):
            _, moves = e.perft(fen, 1)
            if not moves:
                if ends_inline and fen not in fens and len(fens) < want:
                    fens.append(fen)
                if len(ended) < ends and fen not in ended + fens:
                    ended.append(fen)
                break
            fen = e.fen(f"position fen {fen} moves {pick(e, rng, fen, moves, bias)}")
            if ply % 9 == 5 and len(fens) < want:
                fens.append(fen)
    return fens + ended


class JoinFen(argparse.Action):
    """A repeatable FEN option whose FEN may come as one word or as its separate words."""
    def __call__(self, parser, namespace, values, option_string=None):
        getattr(namespace, self.dest).append(" ".join(values))


def main():
    ap = argparse.ArgumentParser(allow_abbrev=False)
    ap.add_argument("variant")
    ap.add_argument("--positions", type=int, default=24, help="random positions besides the start")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--max-plies", type=int, default=70, help="longest random game")
    ap.add_argument("--from", dest="extra", action=JoinFen, nargs="+", default=[], metavar="FEN",
                    help="a further position to record after the start and to start random games from")
    ap.add_argument("--bias", choices=["king", "up", "check", "board"],
                    help="prefer king, checking or board (not drop) moves")
    ap.add_argument("--starts", help="start the random games from the FENs of this file")
    ap.add_argument("--chess960", action="store_true", help="set UCI_Chess960")
    ap.add_argument("--ends", type=int, default=0,
                    help="final positions of ended games (no legal move) to add after the others")
    ap.add_argument("--ends-inline", action="store_true",
                    help="record final positions of ended games where they occur (counted in --positions)")
    ap.add_argument("--fen", action=JoinFen, nargs="+", default=[], metavar="FEN",
                    help="an extra position to record after all others")
    ap.add_argument("--fens", help="take the positions from this file, one FEN a line")
    a = ap.parse_args()
    rng = random.Random(f"{a.seed}-{a.variant}")
    e = Fsf(a.variant, a.chess960)
    if a.fens:
        fens = [l.strip() for l in open(a.fens) if l.strip() and not l.startswith("#")]
    else:
        starts = [l.strip() for l in open(a.starts) if l.strip()] if a.starts else None
        fens = random_positions(e, rng, a.positions, a.ends, a.bias, starts, a.extra,
                                a.max_plies, a.ends_inline)
    fens += [e.fen(f"position fen {f}") for f in a.fen]
    print(f"# {a.variant} perft counts from Fairy-Stockfish (UCI_Variant {a.variant}"
          + (", UCI_Chess960 true" if a.chess960 else "") + ").")
    print(f"# Generated by scripts/fs_golden.py {' '.join(sys.argv[1:])}; "
          "format: fen ; D1 n ; D2 n ; ...")
    for fen in fens:
        counts = [e.perft(fen, d)[0] for d in range(1, a.depth + 1)]
        print(f"{fen} ; " + " ; ".join(f"D{d} {n}" for d, n in enumerate(counts, 1)))
        sys.stdout.flush()
    e.send("quit")


if __name__ == "__main__":
    main()
