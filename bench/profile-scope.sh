#!/usr/bin/env bash
# What perf's sampling scope costs the server (docs/explain.md, "Cost"): tps of clusterbench's oltp_read_write with
# no perf, with `perf record -p PID` (a cpu-clock event per server thread, switched at every context switch) and with
# `perf record -a` (one per CPU), both at 99 Hz with call stacks as the on-CPU profile runs them, alternating within
# each round on a throwaway MariaDB. Prints "ROUND MODE TPS" per run; the ratios to "none" of the same round are the
# cost.
#
# Usage: bench/profile-scope.sh     (run it under: flock /tmp/cb-bench.lock)
#   env: ROUNDS=3 THREADS=64 TIME=20 PORT=33311 HZ=99
# Needs: mariadb-server, perf (root), Java 17+, Maven.
set -euo pipefail
ROUNDS=${ROUNDS:-3}
THREADS=${THREADS:-64}
TIME=${TIME:-20}
PORT=${PORT:-33311}
HZ=${HZ:-99}
here="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib.sh
source "$here/bench/lib.sh"
bench_start_server profile-scope "$PORT" 512M 256M
bench_install_cb "$PORT"
t=(--host 127.0.0.1 --port "$PORT" --user root --db sbtest)
sql -e "CREATE DATABASE sbtest"
"$cbin" prepare oltp_read_write --tables 4 --table-size 100000 "${t[@]}" >/dev/null
echo "profile-scope: server $version, $THREADS threads, $TIME s, $HZ Hz, $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"
for r in $(seq 1 "$ROUNDS"); do
  for m in none task cpu; do
    perf_pid=""
    case $m in
      task) scope=(-p "$pid") ;;
      cpu) scope=(-a) ;;
    esac
    if [ "$m" != none ]; then
      perf record -e cpu-clock -F "$HZ" -g -k CLOCK_MONOTONIC -N -B --no-bpf-event "${scope[@]}" -o "$dir/p.data" \
        -- sleep $((TIME + 4)) >/dev/null 2>&1 &
      perf_pid=$!
    fi
    sleep 1
    tps=$("$cbin" run oltp_read_write --tables 4 --table-size 100000 --threads "$THREADS" --time "$TIME" \
      --explain off "${t[@]}" --out "$dir/o-$m-$r" 2>&1 | awk '/transactions:/ {gsub(/\(/, "", $3); print $3}')
    [ -z "$perf_pid" ] || wait "$perf_pid" || true
    echo "$r $m $tps"
  done
done
