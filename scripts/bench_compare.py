#!/usr/bin/env python3
"""Time to depth, old binary against new, in one run (issue 14).

Each position of the fixed search set (`NEW bench --print-set`: orthodox chess, Chess484
arrays, fairy files) is searched to its fixed depth by each binary over UCI (a fresh process,
`Hash` 16, as `myriad bench` does); the time from `go depth D` to `bestmove` is measured here,
outside the engines, so both binaries are timed the same way whatever they count. The rounds
alternate which binary goes first, so that a busy shared CPU hurts both alike; the result is
the ratio of the medians of the per-round totals (old / new: above 1 means the new is faster).
--old-threads and --new-threads set each binary's UCI Threads: one binary against itself with
--new-threads 2 measures what a second thread buys in time to depth.

    python3 scripts/bench_compare.py --old /work/baseline/myriad-s18-start \\
        --new target/release/myriad --rounds 5
"""

import argparse
import statistics
import subprocess
import sys
import time


def search_set(binary):
    out = subprocess.run([binary, "bench", "--print-set"], capture_output=True, text=True, check=True)
    rows = []
    for line in out.stdout.splitlines():
        file, depth, fen = line.split("\t")
        rows.append((file, int(depth), fen))
    return rows


def time_to_depth(binary, file, depth, fen, hash_mb, threads=1):
    """Seconds from `go depth` to `bestmove`, and the best move."""
    p = subprocess.Popen([binary, "uci", file], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def wait_for(prefix):
        for line in p.stdout:
            if line.startswith(prefix):
                return line
        raise RuntimeError(f"{binary} uci {file}: no `{prefix}`")

    send("uci")
    wait_for("uciok")
    send(f"setoption name Hash value {hash_mb}")
    if threads != 1:
        send(f"setoption name Threads value {threads}")
    send("ucinewgame")
    send("position startpos" if fen == "startpos" else f"position fen {fen}")
    send("isready")
    wait_for("readyok")
    t = time.perf_counter()
    send(f"go depth {depth}")
    line = wait_for("bestmove")
    s = time.perf_counter() - t
    send("quit")
    p.wait()
    return s, line.split()[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--depth-offset", type=int, default=0, help="added to every depth of the set")
    ap.add_argument("--old-threads", type=int, default=1, help="UCI Threads of the old binary")
    ap.add_argument("--new-threads", type=int, default=1, help="UCI Threads of the new binary")
    args = ap.parse_args()
    rows = search_set(args.new)
    bins = {"old": args.old, "new": args.new}
    threads = {"old": args.old_threads, "new": args.new_threads}
    totals = {"old": [], "new": []}
    per = {(k, i): [] for k in bins for i in range(len(rows))}
    for r in range(args.rounds):
        order = ["old", "new"] if r % 2 == 0 else ["new", "old"]
        for i, (file, depth, fen) in enumerate(rows):
            for k in order:
                s, _ = time_to_depth(
                    bins[k], file, depth + args.depth_offset, fen, args.hash, threads[k]
                )
                per[(k, i)].append(s)
        for k in bins:
            totals[k].append(sum(per[(k, i)][-1] for i in range(len(rows))))
        print(f"round {r + 1}: old {totals['old'][-1]:.3f} s  new {totals['new'][-1]:.3f} s", flush=True)
    print()
    print(f"{'file':14} {'depth':>5} {'old s':>8} {'new s':>8} {'ratio':>6}  position")
    for i, (file, depth, fen) in enumerate(rows):
        o = statistics.median(per[("old", i)])
        n = statistics.median(per[("new", i)])
        print(f"{file:14} {depth + args.depth_offset:5} {o:8.3f} {n:8.3f} {o / n:6.2f}  {fen}")
    mo = statistics.median(totals["old"])
    mn = statistics.median(totals["new"])
    print()
    print(f"old: {args.old} ({args.old_threads} thread(s))")
    print(f"new: {args.new} ({args.new_threads} thread(s))")
    print(f"{len(rows)} positions, {args.rounds} rounds; median total time to depth: "
          f"old {mo:.3f} s, new {mn:.3f} s; ratio old/new {mo / mn:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
