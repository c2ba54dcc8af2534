#!/usr/bin/env bash
# What one slow node costs the cluster: a write workload (oltp_update_non_index on n1,n2) on a 3-node relayed
# sandbox with `sandbox slow n3 P%` at 0, 10, 20 and 30% (n3's appliers frozen P% of every 500 ms, docs/relay.md),
# shares taken in rotation for REPEATS rounds. Prints cluster tps (mean ± stddev, ratio to 0%) and the
# flow-control pauses each node sent (sum over the run), so the slow node is named by the cluster's own counters.
#
# Usage: bench/slow-node.sh   (env: TIME=20 REPEATS=3 THREADS=16 SHARES="0 10 20 30" BASE=7600 DIR=/tmp/cb-slow)
# Needs: mariadb-server, galera-4, rsync, python3, Java 17 + Maven. Deploys and destroys its own sandbox.
set -euo pipefail
TIME=${TIME:-20}; REPEATS=${REPEATS:-3}; THREADS=${THREADS:-16}; SHARES=${SHARES:-"0 10 20 30"}
BASE=${BASE:-7600}; DIR=${DIR:-/tmp/cb-slow}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"; cb="$here/bin/clusterbench"
out=$(mktemp -d /tmp/cb-slow-out.XXXXXX)
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_relayed_sandbox "$DIR" "$BASE"
T="--host 127.0.0.1 --user sbtest --db sbtest --tables 4 --table-size 10000"
"$cb" prepare oltp_update_non_index $T --port "$BASE" >&2
for r in $(seq 1 "$REPEATS"); do
  for p in $SHARES; do
    "$cb" sandbox slow n3 "$p%" --dir "$DIR" >&2
    "$cb" run oltp_update_non_index $T --port "$BASE,$((BASE + 10))" --threads "$THREADS" --time "$TIME" \
      --report-interval 1 --out "$out/$p-$r" >/dev/null
  done
done
"$cb" sandbox slow n3 0% --dir "$DIR" >&2
python3 - "$out" "$SHARES" "$REPEATS" <<'PY'
import json, statistics, sys
out, shares, repeats = sys.argv[1], sys.argv[2].split(), int(sys.argv[3])
rows = {}
for p in shares:
    tps, fc = [], {}
    for r in range(1, repeats + 1):
        run = json.load(open(f"{out}/{p}-{r}/result.json"))["runs"][0]
        tps.append(run["summary"]["tps"])
        for iv in run["intervals"]:
            for n, f in iv.get("observed", {}).get("galera", {}).get("nodes", {}).items():
                fc[n] = fc.get(n, 0) + f.get("flowControlSentMessages", 0)
    rows[p] = (statistics.mean(tps), statistics.stdev(tps) if len(tps) > 1 else 0.0, fc)
t0 = rows[shares[0]][0]
print(f"{'slow n3':>8} {'cluster tps':>18} {'vs 0%':>6}  flow control sent (sum over repeats)")
for p in shares:
    m, sd, fc = rows[p]
    print(f"{p + '%':>8} {m:10.1f} ± {sd:5.1f} {m / t0:6.2f}  " + ", ".join(f"{n} {c}" for n, c in sorted(fc.items())))
PY
