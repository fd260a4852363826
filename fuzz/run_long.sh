#!/bin/sh
# The long fuzz runs: every target for SECONDS (default 1800) of wall time, two at a time
# (the machine has two cores), AddressSanitizer, corpora seeded by seed_corpora.sh. Logs go
# to fuzz/logs/<target>.log; the last lines of each give its executions (stat::...).
# Run from anywhere: fuzz/run_long.sh [SECONDS]
set -eu
cd "$(dirname "$0")"
secs=${1:-1800}
./seed_corpora.sh
cargo +nightly fuzz build -O
mkdir -p logs
run() { # target max_len [extra libFuzzer flags]
    t=$1; len=$2; shift 2
    cargo +nightly fuzz run -O "$t" "corpus/$t" -- \
        -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len="$len" \
        -print_final_stats=1 "$@" > "logs/$t.log" 2>&1 || echo "$t: exit $? (see logs/$t.log)"
}
pair() {
    run "$@" &
}
pair rules_compile 4096; run fen 4096; wait
pair move_text 256; run pgn_import 8192; wait
pair uci_loop 2048; run random_play 512 -len_control=0; wait
for t in rules_compile fen move_text pgn_import uci_loop random_play; do
    printf '%s: ' "$t"
    grep -E 'stat::number_of_executed_units|Done [0-9]+ runs' "logs/$t.log" | tail -1
    ls artifacts/"$t" 2>/dev/null | sed 's/^/  artifact: /'
done
