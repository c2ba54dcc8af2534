#!/usr/bin/env bash
# What the history workloads beside a run cost (issue 34, docs/consistency.md "Beside a run"): oltp_read_write with
# and without `--anomalies RATE`, in alternating pairs (the order flips every pair: off on, on off, ...) so drift
# hits both alike, at one thread count, on a throwaway MariaDB (as bench/explain-overhead.sh) or, with GALERA=1, on a
# 3-node sandbox (writes and the history on every node).
# Per pair it prints both tps and the ratio on/off; then the ratio as the geometric mean of the pairs' ratios with a
# 95% confidence interval (t over the pairs' log ratios), median and min–max, the history's achieved operations per
# second and its share of the run's events (observerFacts.anomalies.percentOfRunEvents), and the exit statuses of
# the runs with --anomalies (3 = the checker found a class the setting forbids; a finding, not a failure here).
# Target: the ratio within 2% of 1 (its interval above 0.98).
#
# Usage: bench/anomalies-overhead.sh     (run it under: flock /tmp/cb-bench.lock)
#   env: PAIRS=8 THREADS=8 TIME=20 WARMUP=5 RATE=20 ANOMALY_OPTS="" WORKLOAD=oltp_read_write TABLES=4
#        TABLE_SIZE=50000 PORT=33308 GALERA=0 BASE=7600 BUILD=0 skips building the jar
# Needs: mariadb-server (and galera-4, rsync for GALERA=1), Java 17+, Maven, python3.
set -euo pipefail
PAIRS=${PAIRS:-8}
THREADS=${THREADS:-8}
TIME=${TIME:-20}
WARMUP=${WARMUP:-5}
RATE=${RATE:-20}
ANOMALY_OPTS=${ANOMALY_OPTS:-}
WORKLOAD=${WORKLOAD:-oltp_read_write}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-50000}
PORT=${PORT:-33308}
GALERA=${GALERA:-0}
BASE=${BASE:-7600}
here="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib.sh
source "$here/bench/lib.sh"
[ "${BUILD:-1}" = 0 ] || (cd "$here" && mvn -q -B -ntp -DskipTests package)
if [ "$GALERA" = 1 ]; then
  cb="$here/bin/clusterbench"
  cbin="$cb"
  dir="$(mktemp -d /tmp/clusterbench-anomalies.XXXXXX)"
  bench_relayed_sandbox "$dir/sandbox" "$BASE"
  trap '"$cb" sandbox destroy --dir "$dir/sandbox" >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
  target=(--host 127.0.0.1 --port "$BASE,$((BASE + 10)),$((BASE + 20))" --user sbtest --db sbtest)
  where="a 3-node Galera sandbox on loopback"
else
  bench_start_server anomalies "$PORT" 512M 256M
  bench_install_cb "$PORT"
  target=(--host 127.0.0.1 --port "$PORT" --user root --db sbtest)
  sql -e "CREATE DATABASE IF NOT EXISTS sbtest"
  where="one server"
fi
"$cbin" prepare "$WORKLOAD" --tables "$TABLES" --table-size "$TABLE_SIZE" "${target[@]}" >/dev/null
results="$dir/results.tsv"
: >"$results"
for p in $(seq 1 "$PAIRS"); do
  order=(off on)
  [ $((p % 2)) = 0 ] && order=(on off)
  for m in "${order[@]}"; do
    out="$dir/runs/$m-p$p"
    extra=()
    # shellcheck disable=SC2206
    [ "$m" = on ] && extra=(--anomalies "$RATE" $ANOMALY_OPTS)
    status=0
    "$cbin" run "$WORKLOAD" --tables "$TABLES" --table-size "$TABLE_SIZE" --threads "$THREADS" --time "$TIME" \
      --warmup-time "$WARMUP" --explain off "${extra[@]}" "${target[@]}" --out "$out" >"$dir/last.log" 2>&1 \
      || status=$?
    if [ "$status" != 0 ] && { [ "$m" = off ] || [ "$status" != 3 ]; }; then
      cat "$dir/last.log" >&2
      exit 1
    fi
    python3 - "$out/result.json" "$m" "$p" "$status" >>"$results" <<'PY'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][-1]
a = (run.get("observerFacts") or {}).get("anomalies")
ok = sum(c["load"]["okPerSecond"] for c in a["setting"]["checks"]) if a else ""
share = a.get("percentOfRunEvents", "") if a else ""
print(sys.argv[2], sys.argv[3], run["summary"]["tps"], ok, share, sys.argv[4], sep="\t")
PY
  done
done
server="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["server"]["version"])' "$dir/runs/on-p1/result.json")"
echo "anomalies-overhead: $WORKLOAD, $TABLES x $TABLE_SIZE rows, $THREADS threads, --time $TIME --warmup-time $WARMUP," \
  "--anomalies $RATE $ANOMALY_OPTS, $PAIRS pairs, $where ($server), $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"
python3 - "$results" <<'PY'
import math, sys, statistics as st
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
tps = {(m, int(p)): float(t) for m, p, t, *_ in rows}
ok = [float(r[3]) for r in rows if r[0] == "on"]
share = [float(r[4]) for r in rows if r[0] == "on" and r[4]]
exits = [r[5] for r in rows if r[0] == "on"]
pairs = sorted({p for _, p in tps})
print(f"{'pair':>4}  {'order':<6} {'tps off':>9} {'tps on':>9} {'on/off':>7}")
ratios = []
for p in pairs:
    r = tps[("on", p)] / tps[("off", p)]
    ratios.append(r)
    print(f"{p:>4}  {'off,on' if p % 2 else 'on,off':<6} {tps[('off', p)]:>9.1f} {tps[('on', p)]:>9.1f} {r:>7.3f}")
# two-sided 95% t quantiles by degrees of freedom
T = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228, 11: 2.201,
     12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 19: 2.093, 24: 2.064, 29: 2.045}
logs = [math.log(r) for r in ratios]
n = len(logs)
mean = st.mean(logs)
if n > 1:
    t = T.get(n - 1) or T[max(k for k in T if k <= n - 1)]
    half = t * st.stdev(logs) / math.sqrt(n)
    ci = f"95% CI {math.exp(mean - half):.3f}-{math.exp(mean + half):.3f}"
else:
    ci = "no interval from one pair"
print(f"tps with --anomalies / without: {math.exp(mean):.3f} (geometric mean of {n} pairs, {ci}); "
      f"median {st.median(ratios):.3f}, min-max {min(ratios):.3f}-{max(ratios):.3f}")
print(f"history: {st.median(ok):.1f} ok/s median ({min(ok):.1f}-{max(ok):.1f}), "
      + (f"{st.median(share):.2f}% of the run's events (median); " if share else "")
      + f"exit statuses with --anomalies: {', '.join(exits)}")
PY
