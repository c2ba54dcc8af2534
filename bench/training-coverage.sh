#!/usr/bin/env bash
# How much of the server a PGO/AutoFDO training load reaches (docs/usage.md, "Training mix"): on a throwaway MariaDB,
# prepares every family the training preset uses, runs `--scenario-preset training` and a production-like point-select
# run, each with the on-CPU profile, then `clusterbench coverage` of the two. Prints each run's scenario block and the
# coverage report; the results stay in $OUT.
#
# Usage: bench/training-coverage.sh     (run it under: flock /tmp/cb-bench.lock)
#   env: TIME=60 (training seconds) PRODUCTION_TIME=30 THREADS=4 PORT=33309 OUT=/tmp/clusterbench-training-coverage
#        BUILD=0 skips building the jar
# Needs: mariadb-server, perf, Java 17+, Maven.
set -euo pipefail
TIME=${TIME:-60}
PRODUCTION_TIME=${PRODUCTION_TIME:-30}
THREADS=${THREADS:-4}
PORT=${PORT:-33309}
OUT=${OUT:-/tmp/clusterbench-training-coverage}
here="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib.sh
source "$here/bench/lib.sh"
[ "${BUILD:-1}" = 0 ] || (cd "$here" && mvn -q -B -ntp -DskipTests package)
bench_start_server training "$PORT" 1G 256M
bench_install_cb "$PORT"
target=(--host 127.0.0.1 --port "$PORT" --user root --db sbtest)
sql -e "CREATE DATABASE IF NOT EXISTS sbtest"
for family in oltp_read_write tpcc joins ddl; do
  "$cbin" prepare "$family" "${target[@]}" >"$dir/prepare-$family.log" 2>&1 \
    || { cat "$dir/prepare-$family.log" >&2; exit 1; }
done
rm -rf "$OUT"
mkdir -p "$OUT"
echo "training-coverage: server $version, $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "== training: run oltp_read_write --threads $THREADS --time $TIME --scenario-preset training --profile on"
"$cbin" run oltp_read_write --threads "$THREADS" --time "$TIME" --scenario-preset training --profile on \
  "${target[@]}" --out "$OUT/training" >"$OUT/training.log" 2>&1 || { tail -40 "$OUT/training.log" >&2; exit 1; }
sed -n '/^Scenarios (beside the run/,/^$/p' "$OUT/training.log"
grep -E "^  (tps|transactions)|on-CPU|profiled" "$OUT/training.log" || true
echo "== production: run oltp_point_select --threads 16 --time $PRODUCTION_TIME --profile on"
"$cbin" run oltp_point_select --threads 16 --time "$PRODUCTION_TIME" --profile on "${target[@]}" \
  --out "$OUT/production" >"$OUT/production.log" 2>&1 || { tail -40 "$OUT/production.log" >&2; exit 1; }
echo "== coverage $OUT/training $OUT/production"
"$cbin" coverage "$OUT/training" "$OUT/production"
