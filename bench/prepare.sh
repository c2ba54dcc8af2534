#!/usr/bin/env bash
# Prepare-speed bench (issue 20): `clusterbench prepare oltp_read_write` against sysbench 1.0.20's own
# `oltp_read_write prepare` for the same tables (count, rows, threads) on the same freshly started server,
# alternating the tools (ABAB...) so that a busy machine penalises both alike. Both are timed by this
# script as wall time of the whole command (process start, table creation, rows, secondary index), and the
# CPU seconds each run cost are counted on both sides: the tool's own (user + system, from /usr/bin/time)
# and the server's (utime + stime of the mariadbd process from /proc, before and after). clusterbench runs
# through a copy of bin/clusterbench, with the JVM options and class archive a user gets. On a machine
# shared with other jobs the CPU seconds are the steadier figure: wall time follows the load average.
#
# Usage: bench/prepare.sh [TABLES] [TABLE_SIZE] [THREADS]      (defaults: 4 250000 4)
# Env:   REPEATS (runs of each tool, default 3; medians and the ratio of medians are printed),
#        MARIADBD (default: mariadbd on PATH or /usr/sbin/mariadbd), PORT (default 33991),
#        BUFFER_POOL (default 1G), EXTRA (extra clusterbench prepare options).
# Starts its own server on 127.0.0.1:$PORT in a temporary directory and stops it on exit.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tables="${1:-4}"
size="${2:-250000}"
threads="${3:-4}"
port="${PORT:-33991}"
pool="${BUFFER_POOL:-1G}"
repeats="${REPEATS:-3}"
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_require_server_tools
bench_start_server prepare "$port" "$pool" 512M
bench_install_cb "$port"
rows=$(( tables * size ))

fresh() { sql -e "DROP DATABASE IF EXISTS sbtest; CREATE DATABASE sbtest"; }
cb() {
  fresh
  # shellcheck disable=SC2086
  bench_timed "$cbin" prepare oltp_read_write --tables "$tables" --table-size "$size" \
    --threads "$threads" --host 127.0.0.1 --port "$port" --user root --db sbtest ${EXTRA:-}
}
sb() {
  fresh
  bench_timed sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$port" \
    --mysql-user=root --mysql-db=sbtest --tables="$tables" --table-size="$size" --threads="$threads" prepare
}

printf 'run  tool          seconds      rows/s  client-cpu-s  server-cpu-s  uptime\n'
cb_secs=(); sb_secs=(); cb_cpu=(); sb_cpu=()
row() { # run tool "wall client server"
  local w c v; read -r w c v <<<"$3"
  printf '%-4s %-12s %8s %11.0f %13s %13s  %s\n' "$1" "$2" "$w" "$(echo "$rows / $w" | bc -l)" "$c" "$v" \
    "$(uptime | sed 's/.*load average: //')"
}
for i in $(seq 1 "$repeats"); do
  r="$(cb)"; row "$i" clusterbench "$r"; read -r w c v <<<"$r"; cb_secs+=("$w"); cb_cpu+=("$(echo "$c + $v" | bc -l)")
  r="$(sb)"; row "$i" sysbench "$r"; read -r w c v <<<"$r"; sb_secs+=("$w"); sb_cpu+=("$(echo "$c + $v" | bc -l)")
done
cbm="$(bench_median "${cb_secs[@]}")"; sbm="$(bench_median "${sb_secs[@]}")"
printf '\nMariaDB %s, %s tables x %s rows, %s threads, %s cores, load average %s\n' \
  "$version" "$tables" "$size" "$threads" "$(nproc)" "$(cut -d' ' -f1 /proc/loadavg)"
printf '  clusterbench median %6.2f s %11.0f rows/s\n' "$cbm" "$(echo "$rows / $cbm" | bc -l)"
printf '  sysbench     median %6.2f s %11.0f rows/s\n' "$sbm" "$(echo "$rows / $sbm" | bc -l)"
printf '  ratio (clusterbench rows/s / sysbench rows/s, medians): %.2f\n' "$(echo "$sbm / $cbm" | bc -l)"
cbc="$(bench_median "${cb_cpu[@]}")"; sbc="$(bench_median "${sb_cpu[@]}")"
printf '  CPU seconds (client + server) per run, medians: clusterbench %.2f, sysbench %.2f, ratio %.2f\n' \
  "$cbc" "$sbc" "$(echo "$sbc / $cbc" | bc -l)"
printf '  CPU seconds per million rows: clusterbench %.2f, sysbench %.2f\n' \
  "$(echo "$cbc * 1000000 / $rows" | bc -l)" "$(echo "$sbc * 1000000 / $rows" | bc -l)"
