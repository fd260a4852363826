#!/usr/bin/env python3
"""Trains the evaluation's learnt correction (src/search/eval/net.rs) with numpy.

Reads `fen ; cp ; eval ; game` lines (examples/eval_dump.rs: Stockfish's score and Myriad's
derived evaluation, both in centipawns from White's view, and the game the position came from)
and fits a network that adds to Myriad's evaluation what Stockfish's scores say it misses:

- inputs: one per (own or enemy piece, kind, square) seen from the side to move (the board
  turned round, a8 <-> a1, when Black is to move): 2 x 6 x 64 = 768;
- with `--buckets 8`, one such set per bucket of the side to move's royal piece (its file
  folded onto a-d, the board mirrored left-right when it stands on e-h; on its first rank or
  not): 8 x 768, fitted with one more set shared by all buckets and added to each when the
  network is written (the engine reads either kind);
- one hidden layer of `--hidden` units (ReLU), one output in pawns, from the side to move's
  view (the engine multiplies it by 100 and holds it within 4 pawns; the held-out and judged
  figures hold it so too).

First the scale k (Myriad's centipawns against Stockfish's) is fitted on the evaluation alone
(golden-section search); then the weights (Adam, batches of 4,096) so that
k * (eval + correction) through 1 / (1 + 10^(-cp/400)) comes closest (mean squared error) to
Stockfish's score through the same curve, on the positions of 95% of the games (drawn with
`--seed`); the epoch that does best on the positions of the other 5% is kept (whole games are
held out: the positions of one game are alike, and a game on both sides would flatter the
fit; data without the games, `fen ; cp ; eval`, is held out by position) and written in the
engine's format: b"MYRNET01", inputs and hidden units (u32, little-endian), then the first
layer's weights by input, its biases, the output weights and bias (f32, little-endian).

    cargo run --release --no-default-features --example eval_dump -- data.txt > dump.txt
    python3 scripts/net_train.py dump.txt --out nets/chess.net --hidden 64 --epochs 25 \
        --decay 1

`--decay` shrinks the first layer's weights a little at each step (AdamW's weight decay),
which keeps the corrections modest. Data made before `net_data.py` wrote each position's game
can still be held out by whole games: `--games-from` with the PGN files it was made from (in
the order of its `--pgn`) finds their games again; the self-play positions are then only
fitted.

`--judge DUMP` scores each epoch on every position of another dump too (never fitted), its
scale k fitted apart with and without the correction: a network trained on Stockfish's
self-play, judged on Myriad's own games against Stockfish (docs/levels.md).

At the end it prints the network's correction for the first held-out positions, to compare
with the engine's (`eval_dump -- FILE --net`).
"""

import argparse
import math
import os
import struct
import sys
import time

import numpy as np

KINDS = "pnbrqk"
PLAIN = 768
# The inputs of the network the engine reads: PLAIN, or one set of PLAIN per bucket of the
# side to move's royal piece (--buckets 8). Set by main() before the data is read.
INPUTS = PLAIN
BUCKETS = 1
# What the trainer fits: with buckets, one more set of PLAIN shared by every bucket (a
# "factoriser": what all buckets have in common is learnt from all the data), added to each
# bucket's weights when the network is written.
TRAINED = PLAIN
PAD = TRAINED  # an input index that stands for no piece
WIDTH = 32  # input indices per position (padded with PAD)


def bucket(ksq):
    """The bucket of a royal piece on `ksq` (seen from its own side, a1 = 0) and the file
    flip of the board it asks for: its file folded onto a-d (the board mirrored left-right
    when it stands on e-h), and whether it is still on its first rank."""
    file, rank = ksq & 7, ksq >> 3
    flip = 7 if file >= 4 else 0
    return (file ^ flip) + 4 * (rank > 0), flip


def features(fen):
    board, turn = fen.split()[:2]
    view = 0 if turn == "w" else 1
    pieces = []
    rank = 7
    file = 0
    for ch in board:
        if ch == "/":
            rank -= 1
            file = 0
        elif ch.isdigit():
            file += int(ch)
        else:
            colour = 0 if ch.isupper() else 1
            sq = rank * 8 + file
            if view == 1:
                sq ^= 56
            pieces.append((colour, KINDS.index(ch.lower()), sq))
            file += 1
    if BUCKETS == 1:
        return view, [(c != view) * 384 + k * 64 + sq for c, k, sq in pieces]
    kings = [sq for c, k, sq in pieces if k == 5 and c == view]
    b, flip = bucket(kings[0]) if kings else (0, 0)
    out = []
    for c, k, sq in pieces:
        plain = (c != view) * 384 + k * 64 + (sq ^ flip)
        out += [b * PLAIN + plain, INPUTS + plain]
    return view, out


def curve(cp):
    return 1.0 / (1.0 + np.power(10.0, -cp / 400.0))


def load(path):
    with open(path) as f:
        lines = sum(1 for _ in f)
    # (filled in place: a list of lists of 64 indices for millions of positions would not fit)
    idx = np.full((lines, WIDTH), PAD, dtype=np.int32)
    n = 0
    sign, evals, labels, fens, games = [], [], [], [], []
    with open(path) as f:
        for line in f:
            parts = line.rstrip("\n").split(" ; ")
            if len(parts) not in (3, 4):
                continue
            fen, cp, ev = parts[:3]
            game = int(parts[3]) if len(parts) == 4 else None
            view, feats = features(fen)
            if len(feats) > WIDTH:
                continue
            idx[n, :len(feats)] = feats
            n += 1
            sign.append(1.0 if view == 0 else -1.0)
            evals.append(float(ev))
            labels.append(float(cp))
            fens.append(fen)
            games.append(game)
    return (idx[:n], np.array(sign, dtype=np.float32),
            np.array(evals, dtype=np.float32), curve(np.array(labels, dtype=np.float64))
            .astype(np.float32), fens, games)


def held_out_first(games, rng):
    """An order of the positions with the held-out ones first, and how many they are: the
    positions of 5% of the games when every position has its game (a game of -1: only fitted,
    never held out), else 5% of the positions."""
    n = len(games)
    if n and all(g is not None for g in games):
        games = np.array(games, dtype=np.int64)
        ids = np.unique(games[games >= 0])
        held_games = rng.permutation(ids)[:max(1, len(ids) // 20)]
        held = np.isin(games, held_games)
        test, train = np.flatnonzero(held), np.flatnonzero(~held)
        what = f"{len(held_games)} of {len(ids)} games"
        return np.concatenate([rng.permutation(test), rng.permutation(train)]), len(test), what
    return rng.permutation(n), n // 20, "5% of the positions (no games in the data)"


def games_from(fens, paths):
    """The games of data made without them: each position found in the PGN files `paths` gets
    its game's number (as scripts/net_data.py numbers them), any other -1."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from sf_label import game_plies
    first = {}
    for game, _, board in game_plies(paths):
        first.setdefault(" ".join(board.fen(shredder=True).split()[:4]), game)
    return [first.get(" ".join(f.split()[:4]), -1) for f in fens]


def fit_scale(evals, labels):
    lo, hi = 0.1, 3.0
    g = (math.sqrt(5) - 1) / 2
    err = lambda k: float(np.mean((curve(k * evals.astype(np.float64)) - labels) ** 2))
    while hi - lo > 1e-4:
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if err(a) < err(b):
            hi = b
        else:
            lo = a
    k = (lo + hi) / 2
    return k, err


def dense(idx):
    """The inputs of the positions `idx` as a matrix: dense for the plain inputs, sparse
    (scipy) for the many of the buckets."""
    if BUCKETS > 1:
        from scipy.sparse import csr_matrix
        n = idx.shape[0]
        flat = idx.ravel()
        return csr_matrix(((flat != PAD).astype(np.float32), flat,
                           np.arange(0, n * WIDTH + 1, WIDTH)), shape=(n, TRAINED + 1))
    x = np.zeros((idx.shape[0], TRAINED + 1), dtype=np.float32)
    np.put_along_axis(x, idx.astype(np.int64), 1.0, axis=1)
    return x[:, :TRAINED]


class Net:
    def __init__(self, hidden, rng):
        w1 = rng.normal(0, math.sqrt(2 / 32), (TRAINED, hidden)).astype(np.float32) * 0.5
        if BUCKETS > 1:
            # the buckets start from the shared set alone; the padding row stays 0
            w1[:INPUTS] = 0
            w1 = np.vstack([w1, np.zeros((1, hidden), dtype=np.float32)])
        self.p = {
            "w1": w1,
            "b1": np.zeros(hidden, dtype=np.float32),
            "w2": rng.normal(0, 0.01, hidden).astype(np.float32),
            "b2": np.zeros(1, dtype=np.float32),
        }

    def engine_w1(self, params):
        """The first layer as the engine reads it: each bucket's rows with the shared set's
        added."""
        w1 = params["w1"]
        if BUCKETS == 1:
            return w1
        return w1[:INPUTS] + np.tile(w1[INPUTS:INPUTS + PLAIN], (BUCKETS, 1))

    def forward(self, x):
        pre = np.asarray(x @ self.p["w1"]) + self.p["b1"]
        h = np.maximum(pre, 0)
        return pre, h, h @ self.p["w2"] + self.p["b2"][0]

    def copy(self):
        return {k: v.copy() for k, v in self.p.items()}


def corrections(net, idx, batch=8192):
    """The correction of the positions `idx` (in pawns, held within 4 as the engine holds
    it), and the largest first-layer sum met."""
    outs, pres = [], 0.0
    for s in range(0, len(idx), batch):
        pre, _, out = net.forward(dense(idx[s:s + batch]))
        outs.append(out)
        pres = max(pres, float(np.abs(pre).max()))
    return np.clip(np.concatenate(outs), -4, 4), pres


def predict(net, idx, sign, evals, k):
    """The correction and the whole evaluation through the curve, for the positions `idx`
    (and the largest first-layer sum)."""
    out, pres = corrections(net, idx)
    return curve(k * (evals + 100 * sign * out)), out, pres


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dump")
    ap.add_argument("--out", required=True)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=80)
    ap.add_argument("--lr", type=float, default=0.002)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--buckets", type=int, choices=[1, 8], default=1,
                    help="8: the first layer's weights by the bucket of the side to move's "
                    "royal piece (its file folded onto a-d, first rank or not)")
    ap.add_argument("--games-from", nargs="*", default=None, metavar="PGN",
                    help="data without games: hold out whole games of these PGN files (the "
                    "data's --pgn, in order); their other positions are only fitted")
    ap.add_argument("--decay", type=float, default=0.0,
                    help="weight decay (AdamW) on the first layer's weights, per step")
    ap.add_argument("--judge", default=None, metavar="DUMP",
                    help="also judge each epoch on every position of this dump (never "
                    "fitted), its scale k fitted on it apart, with and without the correction")
    a = ap.parse_args()
    global INPUTS, BUCKETS, TRAINED, PAD, WIDTH
    if a.buckets > 1:
        BUCKETS = a.buckets
        INPUTS = BUCKETS * PLAIN
        TRAINED = INPUTS + PLAIN
        PAD = TRAINED
        WIDTH = 64

    t0 = time.time()
    idx, sign, evals, labels, fens, games = load(a.dump)
    if a.games_from is not None:
        games = games_from(fens, a.games_from)
    rng = np.random.default_rng(a.seed)
    order, held, what = held_out_first(games, rng)
    idx, sign, evals, labels = idx[order], sign[order], evals[order], labels[order]
    fens = [fens[i] for i in order]
    test = slice(0, held)
    train = slice(held, len(idx))
    print(f"{len(idx)} positions: {len(idx) - held} fitted, {held} held out ({what}; "
          f"{time.time() - t0:.0f} s to read)", flush=True)
    k, err = fit_scale(evals[train], labels[train])
    base = float(np.mean((curve(k * evals[test].astype(np.float64)) - labels[test]) ** 2))
    print(f"k = {k:.4f}; the derived evaluation alone: held out {base:.6f}", flush=True)

    judge = None
    if a.judge:
        j_idx, j_sign, j_eval, j_lab, _, _ = load(a.judge)
        jk, jerr = fit_scale(j_eval, j_lab)
        judge = (j_idx, j_sign, j_eval, j_lab)
        print(f"judged on {len(j_idx)} positions of {a.judge}: k = {jk:.4f}, the derived "
              f"evaluation alone {jerr(jk):.6f}", flush=True)

    net = Net(a.hidden, rng)
    m = {n: np.zeros_like(v) for n, v in net.p.items()}
    v2 = {n: np.zeros_like(v) for n, v in net.p.items()}
    b1_, b2_, eps = 0.9, 0.999, 1e-8
    step = 0
    best = (float("inf"), None, 0)
    ln = math.log(10) / 400
    tr_idx, tr_sign, tr_eval, tr_lab = idx[train], sign[train], evals[train], labels[train]
    for epoch in range(1, a.epochs + 1):
        perm = rng.permutation(len(tr_idx))
        total = 0.0
        for s in range(0, len(perm), a.batch):
            b = perm[s:s + a.batch]
            x = dense(tr_idx[b])
            pre, h, out = net.forward(x)
            z = k * (tr_eval[b] + 100 * tr_sign[b] * out)
            pred = 1 / (1 + np.exp(-z * math.log(10) / 400))
            diff = pred - tr_lab[b]
            total += float(np.sum(diff ** 2))
            dout = 2 * diff / len(b) * pred * (1 - pred) * ln * 100 * k * tr_sign[b]
            g = {"w2": h.T @ dout, "b2": np.array([dout.sum()], dtype=np.float32)}
            dpre = np.outer(dout, net.p["w2"]) * (pre > 0)
            g["w1"] = np.asarray(x.T @ dpre)
            if BUCKETS > 1:
                g["w1"][PAD] = 0
            g["b1"] = dpre.sum(axis=0)
            step += 1
            for n in net.p:
                m[n] = b1_ * m[n] + (1 - b1_) * g[n]
                v2[n] = b2_ * v2[n] + (1 - b2_) * g[n] ** 2
                mh = m[n] / (1 - b1_ ** step)
                vh = v2[n] / (1 - b2_ ** step)
                net.p[n] -= (a.lr * mh / (np.sqrt(vh) + eps)).astype(np.float32)
            if a.decay:
                net.p["w1"] *= np.float32(1 - a.lr * a.decay)
        pred, _, pres = predict(net, idx[test], sign[test], evals[test], k)
        held_err = float(np.mean((pred - labels[test]) ** 2))
        mark = ""
        if held_err < best[0]:
            best = (held_err, net.copy(), epoch)
            mark = " *"
        judged = ""
        if judge:
            j_idx, j_sign, j_eval, j_lab = judge
            j_out, _ = corrections(net, j_idx)
            j_full = j_eval + 100 * j_sign * j_out
            jk, jerr = fit_scale(j_full, j_lab)
            judged = f", judged {jerr(jk):.6f} (k {jk:.3f})"
        print(f"epoch {epoch}: fitted {total / len(tr_idx):.6f}, held out {held_err:.6f}"
              f"{judged}, largest first-layer sum {pres:.1f} ({time.time() - t0:.0f} s){mark}",
              flush=True)

    err_best, params, epoch = best
    net.p = params
    _, out, pres = predict(net, idx[test], sign[test], evals[test], k)
    print(f"kept epoch {epoch}: held out {base:.6f} -> {err_best:.6f}; the corrections of the "
          f"held-out positions: mean {100 * float(np.mean(out)):.0f} cp, spread "
          f"{100 * float(np.std(out)):.0f} cp; largest first-layer sum {pres:.1f} "
          f"(the engine's 16-bit sums hold 32)", flush=True)
    if pres >= 31.9:
        print("warning: a first-layer sum beyond the engine's 16-bit range", file=sys.stderr)
    with open(a.out, "wb") as f:
        f.write(b"MYRNET01")
        f.write(struct.pack("<II", INPUTS, a.hidden))
        for n in ["w1", "b1", "w2", "b2"]:
            w = net.engine_w1(params) if n == "w1" else params[n]
            f.write(w.astype("<f4").tobytes())
    print(f"wrote {a.out}")
    print("the first held-out positions' corrections (cp, side to move):")
    for i in range(5):
        print(f"{fens[i]} ; {max(-400, min(400, round(100 * float(out[i]))))}")


if __name__ == "__main__":
    main()
