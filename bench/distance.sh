#!/usr/bin/env bash
# What distance to one node costs: oltp_read_write and oltp_point_select on a 3-node relayed sandbox with n3 at
# 0, 5, 25 and 50 ms one way (docs/relay.md), delays taken in rotation (0 5 25 50 0 5 ...) for REPEATS rounds so
# drift hits every delay alike. Prints per delay: write tps (oltp_read_write on n1,n2) and read tps
# (oltp_point_select on n1) as mean ± stddev and as a ratio to 0 ms, and the commit p50 of single-row writes
# (oltp_update_non_index on n1, 1 thread) against the configured round trip (2 x delay).
#
# Usage: bench/distance.sh   (env: TIME=20 REPEATS=3 THREADS=8 DELAYS="0 5 25 50" BASE=7500 DIR=/tmp/cb-distance)
# Needs: mariadb-server, galera-4, rsync, python3, Java 17 + Maven. Deploys and destroys its own sandbox.
set -euo pipefail
TIME=${TIME:-20}; REPEATS=${REPEATS:-3}; THREADS=${THREADS:-8}; DELAYS=${DELAYS:-"0 5 25 50"}
BASE=${BASE:-7500}; DIR=${DIR:-/tmp/cb-distance}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"; cb="$here/bin/clusterbench"
out=$(mktemp -d /tmp/cb-distance-out.XXXXXX)
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_relayed_sandbox "$DIR" "$BASE"
T="--host 127.0.0.1 --user sbtest --db sbtest --tables 4 --table-size 10000"
"$cb" prepare oltp_read_write $T --port "$BASE" >&2
for r in $(seq 1 "$REPEATS"); do
  for d in $DELAYS; do
    "$cb" sandbox link n3 "${d}ms" --dir "$DIR" >&2
    "$cb" run oltp_read_write $T --port "$BASE,$((BASE + 10))" --threads "$THREADS" --time "$TIME" \
      --report-interval 0 --out "$out/rw-$d-$r" >/dev/null
    "$cb" run oltp_point_select $T --port "$BASE" --threads "$THREADS" --time "$TIME" \
      --report-interval 0 --out "$out/ps-$d-$r" >/dev/null
    "$cb" run oltp_update_non_index $T --port "$BASE" --threads 1 --time "$((TIME / 2))" \
      --report-interval 0 --out "$out/c-$d-$r" >/dev/null
  done
done
python3 - "$out" "$DELAYS" "$REPEATS" <<'PY'
import json, statistics, sys
out, delays, repeats = sys.argv[1], sys.argv[2].split(), int(sys.argv[3])
def s(kind, d, key):
    vals = []
    for r in range(1, repeats + 1):
        run = json.load(open(f"{out}/{kind}-{d}-{r}/result.json"))["runs"][0]["summary"]
        vals.append(run["tps"] if key == "tps" else run["latency"]["p50Micros"] / 1000)
    return statistics.mean(vals), (statistics.stdev(vals) if len(vals) > 1 else 0.0)
w0, r0 = s("rw", delays[0], "tps")[0], s("ps", delays[0], "tps")[0]
print(f"{'n3 one-way':>10} {'write tps':>18} {'vs 0ms':>7} {'read tps':>18} {'vs 0ms':>7} {'commit p50 ms':>14} {'2 x delay':>9}")
for d in delays:
    w, ws = s("rw", d, "tps"); rd, rs = s("ps", d, "tps"); c, cs = s("c", d, "p50")
    print(f"{d + ' ms':>10} {w:10.1f} ± {ws:5.1f} {w / w0:7.2f} {rd:10.1f} ± {rs:5.1f} {rd / r0:7.2f} {c:8.1f} ± {cs:3.1f} {2 * float(d):9.0f}")
PY
