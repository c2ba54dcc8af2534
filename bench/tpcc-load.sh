#!/usr/bin/env bash
# Load-speed bench: clusterbench's `prepare tpcc` rows/s next to sysbench 1.0.20's own
# `oltp_read_write prepare` rows/s (a plain multi-row INSERT loader) on the same freshly started server.
#
# Usage: bench/tpcc-load.sh [SCALE] [THREADS]      (defaults: scale 2, threads 2)
# Env:   REPEATS (alternating runs of each tool, default 2; the best and the median are printed),
#        MARIADBD (default: mariadbd on PATH or /usr/sbin/mariadbd), PORT (default 33990),
#        BUFFER_POOL (default 512M), SYSBENCH_ROWS (rows per sysbench table; default: the tpcc row count
#        divided evenly over THREADS tables, so both tools load about the same number of rows).
# Starts its own server on 127.0.0.1:$PORT in a temporary directory and stops it on exit.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scale="${1:-2}"
threads="${2:-2}"
port="${PORT:-33990}"
pool="${BUFFER_POOL:-512M}"
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_require_server_tools
bench_start_server tpcc-load "$port" "$pool" 256M

[ -f "$here/target/clusterbench.jar" ] || (cd "$here" && mvn -q -B -DskipTests package)

cb() { # clusterbench prepare tpcc into a fresh database; prints "rows secs rate"
  sql -e "DROP DATABASE IF EXISTS tpcc; CREATE DATABASE tpcc"
  local out line
  out="$("$here/bin/clusterbench" prepare tpcc --scale "$scale" --threads "$threads" \
    --host 127.0.0.1 --port "$port" --user root --db tpcc)"
  line="$(echo "$out" | grep '^Prepared tpcc')"
  echo "$line" | sed -E 's/.* ([0-9]+) rows in ([0-9.]+) s \(([0-9]+) rows\/s\).*/\1 \2 \3/'
}
sb() { # sysbench oltp_read_write prepare: THREADS tables of $1 rows each; prints "rows secs rate"
  sql -e "DROP DATABASE IF EXISTS sbtest; CREATE DATABASE sbtest"
  local start end
  start=$(date +%s.%N)
  sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$port" --mysql-user=root \
    --mysql-db=sbtest --tables="$threads" --table-size="$1" --threads="$threads" prepare >"$dir/sysbench.log"
  end=$(date +%s.%N)
  awk -v n=$(( $1 * threads )) -v a="$start" -v b="$end" 'BEGIN { printf "%d %.1f %.0f\n", n, b - a, n / (b - a) }'
}

# Alternate the tools (clusterbench, sysbench, clusterbench, sysbench, ...) so that a busy machine
# penalises both alike; each run starts from an empty database on the same server.
repeats="${REPEATS:-2}"
cb_runs=(); sb_runs=()
for i in $(seq 1 "$repeats"); do
  r="$(cb)"; cb_runs+=("$r"); echo "run $i clusterbench prepare tpcc: $r (rows s rows/s)"
  rows="$(echo "$r" | cut -d' ' -f1)"
  r="$(sb "${SYSBENCH_ROWS:-$(( rows / threads ))}")"; sb_runs+=("$r"); echo "run $i sysbench oltp_read_write prepare: $r (rows s rows/s)"
done
best() { printf '%s\n' "$@" | sort -k3 -n | tail -1; }
median() { printf '%s\n' "$@" | sort -k3 -n | awk '{ a[NR] = $3 } END { print (NR % 2 ? a[(NR + 1) / 2] : int((a[NR / 2] + a[NR / 2 + 1]) / 2)) }'; }
read -r cb_rows cb_secs cb_rate <<<"$(best "${cb_runs[@]}")"
read -r sb_rows sb_secs sb_rate <<<"$(best "${sb_runs[@]}")"

printf '\nLoad speed on MariaDB %s (127.0.0.1:%s, buffer pool %s, %s threads, %s cores, load average %s):\n' \
  "$version" "$port" "$pool" "$threads" "$(nproc)" "$(cut -d' ' -f1 /proc/loadavg)"
printf '  %-44s %10s rows %7.1f s %9s rows/s (best of %s; median %s)\n' "clusterbench prepare tpcc --scale $scale" \
  "$cb_rows" "$cb_secs" "$cb_rate" "$repeats" "$(median "${cb_runs[@]}")"
printf '  %-44s %10s rows %7.1f s %9s rows/s (best of %s; median %s)\n' "sysbench oltp_read_write prepare" \
  "$sb_rows" "$sb_secs" "$sb_rate" "$repeats" "$(median "${sb_runs[@]}")"
printf '  (both include secondary index builds; tpcc rows average ~%s bytes, sbtest rows ~%s)\n' \
  "$(sql -N -e "SELECT ROUND(SUM(data_length)/SUM(table_rows)) FROM information_schema.tables WHERE table_schema='tpcc'")" \
  "$(sql -N -e "SELECT ROUND(SUM(data_length)/SUM(table_rows)) FROM information_schema.tables WHERE table_schema='sbtest'")"
