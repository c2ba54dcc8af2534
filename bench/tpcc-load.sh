#!/usr/bin/env bash
# Load-speed bench: clusterbench's `prepare tpcc` rows/s next to sysbench 1.0.20's own
# `oltp_read_write prepare` rows/s (a plain multi-row INSERT loader) on the same freshly started server.
#
# Usage: bench/tpcc-load.sh [SCALE] [THREADS]      (defaults: scale 2, threads 2)
# Env:   MARIADBD (default: mariadbd on PATH or /usr/sbin/mariadbd), PORT (default 33990),
#        BUFFER_POOL (default 512M), SYSBENCH_ROWS (rows per sysbench table; default: the tpcc row count
#        divided evenly over THREADS tables, so both tools load about the same number of rows).
# Starts its own server on 127.0.0.1:$PORT in a temporary directory and stops it on exit.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scale="${1:-2}"
threads="${2:-2}"
port="${PORT:-33990}"
pool="${BUFFER_POOL:-512M}"
mariadbd="${MARIADBD:-$(command -v mariadbd || echo /usr/sbin/mariadbd)}"
command -v sysbench >/dev/null || { echo "sysbench is not installed (apt-get install sysbench)" >&2; exit 2; }
[ -x "$mariadbd" ] || { echo "no mariadbd at $mariadbd (apt-get install mariadb-server)" >&2; exit 2; }

dir="$(mktemp -d /tmp/clusterbench-tpcc-load.XXXXXX)"
pid=""
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"; wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT

mariadb-install-db --no-defaults --datadir="$dir/data" --user="$(id -un)" \
  --auth-root-authentication-method=normal >"$dir/install.log" 2>&1
"$mariadbd" --no-defaults --datadir="$dir/data" --user="$(id -un)" --port="$port" --bind-address=127.0.0.1 \
  --socket="$dir/sock" --innodb-buffer-pool-size="$pool" --innodb-log-file-size=256M \
  --innodb-flush-log-at-trx-commit=2 --skip-log-bin --max-connections=100 --skip-name-resolve \
  >"$dir/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 60); do
  mariadb --no-defaults -uroot -S "$dir/sock" -e "SELECT 1" >/dev/null 2>&1 && break
  sleep 1
done
mariadb --no-defaults -uroot -S "$dir/sock" -e "CREATE DATABASE sbtest; CREATE DATABASE tpcc"
version="$(mariadb --no-defaults -uroot -S "$dir/sock" -N -e "SELECT VERSION()")"

[ -f "$here/target/clusterbench.jar" ] || (cd "$here" && mvn -q -B -DskipTests package)

# clusterbench prepare tpcc
out="$("$here/bin/clusterbench" prepare tpcc --scale "$scale" --threads "$threads" \
  --host 127.0.0.1 --port "$port" --user root --db tpcc)"
echo "$out" | tail -3
cb_line="$(echo "$out" | grep '^Prepared tpcc')"
cb_rows="$(echo "$cb_line" | sed -E 's/.* ([0-9]+) rows in .*/\1/')"
cb_secs="$(echo "$cb_line" | sed -E 's/.* rows in ([0-9.]+) s .*/\1/')"
cb_rate="$(echo "$cb_line" | sed -E 's/.*\(([0-9]+) rows\/s\).*/\1/')"

# sysbench oltp_read_write prepare: THREADS tables, about as many rows in total
per_table="${SYSBENCH_ROWS:-$(( cb_rows / threads ))}"
start=$(date +%s.%N)
sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$port" --mysql-user=root \
  --mysql-db=sbtest --tables="$threads" --table-size="$per_table" --threads="$threads" prepare >"$dir/sysbench.log"
end=$(date +%s.%N)
sb_rows=$(( per_table * threads ))
sb_secs="$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
sb_rate="$(awk -v r="$sb_rows" -v s="$sb_secs" 'BEGIN { printf "%.0f", r / s }')"

printf '\nLoad speed on MariaDB %s (127.0.0.1:%s, buffer pool %s, %s threads, %s cores):\n' \
  "$version" "$port" "$pool" "$threads" "$(nproc)"
printf '  %-44s %10s rows %8.1f s %10s rows/s\n' "clusterbench prepare tpcc --scale $scale" "$cb_rows" "$cb_secs" "$cb_rate"
printf '  %-44s %10s rows %8.1f s %10s rows/s\n' "sysbench oltp_read_write prepare" "$sb_rows" "$sb_secs" "$sb_rate"
printf '  (both include secondary index builds; tpcc rows average ~%s bytes, sbtest rows ~190)\n' \
  "$(mariadb --no-defaults -uroot -S "$dir/sock" -N -e "SELECT ROUND(SUM(data_length)/SUM(table_rows)) FROM information_schema.tables WHERE table_schema='tpcc'")"
