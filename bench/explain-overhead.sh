#!/usr/bin/env bash
# What the explain collectors cost (issue 33, docs/explain.md "Cost"): clusterbench runs with the collectors off, with
# the SQL-side ones only (resources and wait profile: --explain on --profile off --hw-counters off) and with the
# on-CPU profiler as well (--profile on), alternating within every repeat (the order rotates per repeat: off sql perf,
# sql perf off, perf off sql), at each thread count, on a throwaway MariaDB started with performance_schema ON (so
# the wait profile reads its tables, as a user who wants wait events runs it).
# Per thread count and mode it prints the median tps, the paired ratio to "off" of the same repeat (geometric mean
# with its 95% confidence interval, a paired t-interval on ln(mode/off) over the repeats, and min–max; target for
# sql: >= 0.98) and, for the profiled runs, perf's own CPU as a share of the server's (cpuProfile.perfCpuPercentOfServer,
# the figure the step line prints) and the samples as a share of the expected ones (samplesPercentOfExpected),
# medians over the repeats.
#
# Usage: bench/explain-overhead.sh     (run it under: flock /tmp/cb-bench.lock)
#   env: THREADS="1 64" TIME=20 WARMUP=2 REPEATS=5 WORKLOAD=oltp_read_write TABLES=4 TABLE_SIZE=100000 PORT=33307
#        FREQUENCY=HZ profiles at --profile-frequency HZ (default: the tool's default)
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
FREQUENCY=${FREQUENCY:-}
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
                 [perf]="--explain on --profile on --hw-counters off${FREQUENCY:+ --profile-frequency $FREQUENCY}")
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
expected = next((n.get("samplesPercentOfExpected") for n in p.get("nodes", []) if n.get("samplesPercentOfExpected") is not None), "")
print(sys.argv[2], sys.argv[3], sys.argv[4], run["summary"]["tps"], share, expected, sep="\t")
PY
    done
  done
done
echo "explain-overhead: $WORKLOAD, $TABLES x $TABLE_SIZE rows, --time $TIME --warmup-time $WARMUP, $REPEATS repeats," \
  "server $version (performance_schema ON), --profile-frequency ${FREQUENCY:-default}, $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"
python3 - "$results" <<'PY'
import math, sys, statistics as st
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
        11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 19: 2.093, 29: 2.045}
def t975(df):
    return T975.get(df) or T975[max(k for k in T975 if k <= df)]
def interval(ratios):
    """geometric mean of the paired ratios and its 95% t-interval on the log scale"""
    d = [math.log(r) for r in ratios]
    m = st.mean(d)
    if len(d) < 2:
        return math.exp(m), float("nan"), float("nan")
    half = t975(len(d) - 1) * st.stdev(d) / math.sqrt(len(d))
    return math.exp(m), math.exp(m - half), math.exp(m + half)
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
tps = {(m, int(t), int(r)): float(v) for m, t, r, v, *_ in rows}
perf = {(int(t), int(r)): float(row[4]) for row in rows for m, t, r in [row[:3]] if m == "perf" and row[4]}
expd = {(int(t), int(r)): float(row[5]) for row in rows for m, t, r in [row[:3]] if m == "perf" and len(row) > 5 and row[5]}
print(f"| threads | mode | median tps | tps / off: geometric mean [95% CI] | min–max | perf % of server CPU | samples % of expected |")
print("|---:|---|---:|---|---|---:|---:|")
for t in sorted({k[1] for k in tps}):
    reps = sorted({k[2] for k in tps if k[1] == t})
    for m in ("off", "sql", "perf"):
        v = [tps[(m, t, r)] for r in reps]
        ratios = [tps[(m, t, r)] / tps[("off", t, r)] for r in reps]
        g, lo, hi = interval(ratios)
        ci = "–" if m == "off" else f"{g:.3f} [{lo:.3f}, {hi:.3f}]"
        mm = "–" if m == "off" else f"{min(ratios):.3f}–{max(ratios):.3f}"
        share = [perf[(t, r)] for r in reps if (t, r) in perf]
        ex = [expd[(t, r)] for r in reps if (t, r) in expd]
        ps = f"{st.median(share):.3f}" if m == "perf" and share else "–"
        es = f"{st.median(ex):.0f}%" if m == "perf" and ex else "–"
        print(f"| {t} | {m} | {st.median(v):.1f} | {ci} | {mm} | {ps} | {es} |")
PY
