#!/usr/bin/env bash
# What the explain collectors cost (issue 33, docs/explain.md "Cost"): clusterbench runs with the collectors off, with
# the SQL-side ones only (resources and wait profile: --explain on --profile off --hw-counters off) and with the
# on-CPU profiler as well (--profile on), alternating within every repeat (the order rotates per repeat: off sql perf,
# sql perf off, perf off sql), at each thread count, on a throwaway MariaDB started with performance_schema ON (so
# the wait profile reads its tables, as a user who wants wait events runs it).
# Per thread count and mode it prints the median tps, the paired ratio to "off" of the same repeat (median and
# min–max over the repeats; target for sql: >= 0.98) and, for the profiled runs, perf's own CPU as a share of the
# server's (cpuProfile.perfCpuPercentOfServer, the figure the step line prints), median over the repeats.
#
# Usage: bench/explain-overhead.sh     (run it under: flock /tmp/clusterbench-heavy.lock)
#   env: THREADS="1 64" TIME=20 WARMUP=2 REPEATS=5 WORKLOAD=oltp_read_write TABLES=4 TABLE_SIZE=100000 PORT=33307
#        BUILD=0 skips building the jar
# Needs: mariadb-server, perf (for the profiled mode; without it the mode's runs say why), Java 17+, Maven, python3.
set -euo pipefail
THREADS=${THREADS:-"1 64"}
TIME=${TIME:-20}
WARMUP=${WARMUP:-2}
REPEATS=${REPEATS:-5}
WORKLOAD=${WORKLOAD:-oltp_read_write}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-100000}
PORT=${PORT:-33307}
here="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib.sh
source "$here/bench/lib.sh"
[ "${BUILD:-1}" = 0 ] || (cd "$here" && mvn -q -B -ntp -DskipTests package)
BENCH_SERVER_ARGS="--performance-schema=ON" bench_start_server explain "$PORT" 512M 256M
bench_install_cb "$PORT"
target=(--host 127.0.0.1 --port "$PORT" --user root --db sbtest)
sql -e "CREATE DATABASE IF NOT EXISTS sbtest"
"$cbin" prepare "$WORKLOAD" --tables "$TABLES" --table-size "$TABLE_SIZE" "${target[@]}" >/dev/null
declare -A opts=([off]="--explain off" [sql]="--explain on --profile off --hw-counters off"
                 [perf]="--explain on --profile on --hw-counters off")
modes=(off sql perf)
results="$dir/results.tsv"
for r in $(seq 1 "$REPEATS"); do
  for t in $THREADS; do
    for k in 0 1 2; do
      m=${modes[$(( (k + r - 1) % 3 ))]}
      out="$dir/runs/$m-t$t-r$r"
      # shellcheck disable=SC2086
      "$cbin" run "$WORKLOAD" --tables "$TABLES" --table-size "$TABLE_SIZE" --threads "$t" --time "$TIME" \
        --warmup-time "$WARMUP" ${opts[$m]} "${target[@]}" --out "$out" >"$dir/last.log" 2>&1 \
        || { cat "$dir/last.log" >&2; exit 1; }
      python3 - "$out/result.json" "$m" "$t" "$r" >>"$results" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][-1]
p = (run.get("observerFacts") or {}).get("cpuProfile") or {}
share = next((n.get("perfCpuPercentOfServer") for n in p.get("nodes", []) if n.get("perfCpuPercentOfServer") is not None), "")
print(sys.argv[2], sys.argv[3], sys.argv[4], run["summary"]["tps"], share, sep="\t")
PY
    done
  done
done
echo "explain-overhead: $WORKLOAD, $TABLES x $TABLE_SIZE rows, --time $TIME --warmup-time $WARMUP, $REPEATS repeats," \
  "server $version (performance_schema ON), $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"
python3 - "$results" <<'PY'
import sys, statistics as st
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
tps = {(m, int(t), int(r)): float(v) for m, t, r, v, _ in rows}
perf = {(int(t), int(r)): float(s) for m, t, r, _, s in rows if m == "perf" and s}
print(f"{'threads':>7}  {'mode':<5} {'median tps':>11}  {'tps / off (median, min-max)':<28} {'perf % of server CPU':>20}")
for t in sorted({k[1] for k in tps}):
    reps = sorted({k[2] for k in tps if k[1] == t})
    for m in ("off", "sql", "perf"):
        v = [tps[(m, t, r)] for r in reps]
        ratios = [tps[(m, t, r)] / tps[("off", t, r)] for r in reps]
        ratio = "-" if m == "off" else f"{st.median(ratios):.3f} ({min(ratios):.3f}-{max(ratios):.3f})"
        share = [perf[(t, r)] for r in reps if (t, r) in perf]
        ps = f"{st.median(share):.1f}" if m == "perf" and share else "-"
        print(f"{t:>7}  {m:<5} {st.median(v):>11.1f}  {ratio:<28} {ps:>20}")
PY
