#!/usr/bin/env python3
"""Generates tests/golden/fs/VARIANT.perft from Fairy-Stockfish alone (no Myriad code).

Positions: the variant's start position (Fairy-Stockfish's `position startpos`) and positions
reached by random games that Fairy-Stockfish plays itself: its legal moves ('go perft 1'), its
FENs ('d'). For each position the file records perft counts at depths 1..DEPTH as
Fairy-Stockfish computes them. The variant name is Fairy-Stockfish's (`UCI_Variant`), which
is also the name of the bundled rules file that tests/perft_fairy.rs checks against it.

    apt-get install -y fairy-stockfish
    python3 scripts/fs_golden.py nocastle > tests/golden/fs/nocastle.perft
    python3 scripts/fs_golden.py gardner --depth 4 > tests/golden/fs/gardner.perft

Games that end by a rule (King of the Hill, Three-check, Racing Kings) have positions with no
legal moves, where Fairy-Stockfish's perft is 0: `--ends N` also records up to N of the final
positions of the random games that ended so (not counted in --positions). `--fens FILE` takes
the positions from a file (one FEN a line) instead of random games, e.g. positions of a
bundled combination that Fairy-Stockfish does not know but whose game proper is VARIANT's.
`--bias king` (or `check`) makes the random games pick a king move (or a move that gives
check) half of the time where there is one (`up`: a king move to the highest rank it can
reach, the goal of Racing Kings), so that they reach the goal of King of the Hill,
Racing Kings or Three-check more often than uniformly random games do. `--starts FILE`
starts the random games from the FENs of a file (in turn) instead of the start position, and
`--chess960` sets UCI_Chess960 (Shredder castling letters), e.g. for King of the Hill over the
arrays of Regroupment Chess's setup phase:

    myriad positions regroupment-koth --list | awk 'NR % 60 == 2' > tests/golden/goals/regroupment-koth.starts
    python3 scripts/fs_golden.py kingofthehill --chess960 --starts tests/golden/goals/regroupment-koth.starts \
        --positions 16 --ends 2 --bias king --depth 4 > tests/golden/goals/regroupment-koth.perft
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
    """A random move; with `bias`, half of the time a king move or a checking move."""
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


def random_positions(e, rng, positions, ends, bias=None, starts=None):
    """The start position (or each of `starts`), `positions` positions of random games and up
    to `ends` final positions of random games that ended with no legal move."""
    starts = [e.fen(f"position fen {f}") for f in starts] if starts else [e.fen("position startpos")]
    fens, ended = list(starts), []
    game = 0
    while len(fens) < positions + len(starts):
        fen = starts[game % len(starts)]
        game += 1
        for ply in range(rng.randint(6, 70)):
            _, moves = e.perft(fen, 1)
            if not moves:
                if len(ended) < ends and fen not in ended + fens:
                    ended.append(fen)
                break
            fen = e.fen(f"position fen {fen} moves {pick(e, rng, fen, moves, bias)}")
            if ply % 9 == 5 and len(fens) < positions + len(starts):
                fens.append(fen)
    return fens + ended


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variant")
    ap.add_argument("--positions", type=int, default=24, help="random positions besides the start")
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--ends", type=int, default=0, help="final positions of ended games to add")
    ap.add_argument("--fens", help="take the positions from this file, one FEN a line")
    ap.add_argument("--bias", choices=["king", "up", "check"], help="prefer king or checking moves")
    ap.add_argument("--starts", help="start the random games from the FENs of this file")
    ap.add_argument("--chess960", action="store_true", help="set UCI_Chess960")
    a = ap.parse_args()
    rng = random.Random(f"{a.seed}-{a.variant}")
    e = Fsf(a.variant, a.chess960)
    if a.fens:
        fens = [l.strip() for l in open(a.fens) if l.strip() and not l.startswith("#")]
    else:
        starts = [l.strip() for l in open(a.starts) if l.strip()] if a.starts else None
        fens = random_positions(e, rng, a.positions, a.ends, a.bias, starts)
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
