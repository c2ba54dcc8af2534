#!/usr/bin/env bash
# TPC-C load-speed bench (issue 20): `clusterbench prepare tpcc` against the reference loader, sysbench-tpcc's
# tpcc.lua (Percona-Lab/sysbench-tpcc) run by sysbench 1.0.20, for the same scale and table sets on the same
# freshly started server, alternating the tools (ABAB...) so that a busy machine penalises both alike. Each run
# starts from an empty database and is timed as a whole command (process start, tables, rows, indexes, foreign
# keys); rows are counted in the database afterwards, so each tool's rows/s is its own exact row count over
# its own time. CPU seconds are counted as in bench/prepare.sh: the tool's own and the server's.
#
# sysbench-tpcc's prepare sleeps 30 s between creating its tables and loading them ("Waiting on tables 30
# sec"); that sleep is no loading work, so its rows/s is printed both over the whole command and over the
# command less the sleep, and the ratio uses the latter. Other differences (docs/loading.md): sysbench-tpcc
# creates the secondary indexes and foreign keys before loading the warehouses (clusterbench after), fills its
# long text columns with one random character repeated (clusterbench: random characters), and loads one
# warehouse per thread at a time (clusterbench: four units per warehouse).
#
# Usage: bench/tpcc-load.sh [SCALE] [THREADS] [TABLES]      (defaults: 2 2 1)
# Env:   SYSBENCH_TPCC (required: a checkout of https://github.com/Percona-Lab/sysbench-tpcc),
#        REPEATS (runs of each tool, default 2; medians and the ratio of medians are printed),
#        MARIADBD (default: mariadbd on PATH or /usr/sbin/mariadbd), PORT (default 33990),
#        BUFFER_POOL (default 1G).
# Starts its own server on 127.0.0.1:$PORT in a temporary directory and stops it on exit.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
scale="${1:-2}"
threads="${2:-2}"
sets="${3:-1}"
port="${PORT:-33990}"
pool="${BUFFER_POOL:-1G}"
repeats="${REPEATS:-2}"
sleep_secs=30
lua="${SYSBENCH_TPCC:-}/tpcc.lua"
[ -f "$lua" ] || { echo "no tpcc.lua in SYSBENCH_TPCC='${SYSBENCH_TPCC:-}' (git clone https://github.com/Percona-Lab/sysbench-tpcc and set SYSBENCH_TPCC to it)" >&2; exit 2; }
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_require_server_tools
bench_start_server tpcc-load "$port" "$pool" 512M
bench_install_cb "$port"

fresh() { sql -e "DROP DATABASE IF EXISTS tpcc; CREATE DATABASE tpcc"; }
rows_loaded() { # every row of every TPC-C table in the database, counted exactly
  local q
  q="$(sql -N -e "SELECT GROUP_CONCAT(CONCAT('(SELECT COUNT(*) FROM tpcc.', table_name, ')') SEPARATOR ' + ')
    FROM information_schema.tables WHERE table_schema = 'tpcc'")"
  sql -N -e "SELECT $q"
}
cb() {
  fresh
  bench_timed "$cbin" prepare tpcc --scale "$scale" --tables "$sets" --threads "$threads" \
    --host 127.0.0.1 --port "$port" --user root --db tpcc
}
sb() {
  fresh
  # sysbench finds tpcc_common.lua etc. next to the script when run from its directory
  (cd "$SYSBENCH_TPCC" && bench_timed sysbench ./tpcc.lua --db-driver=mysql --mysql-host=127.0.0.1 \
    --mysql-port="$port" --mysql-user=root --mysql-db=tpcc --scale="$scale" --tables="$sets" \
    --threads="$threads" prepare)
}

printf 'run  tool            seconds        rows     rows/s  client-cpu-s  server-cpu-s  uptime\n'
cb_rate=(); sb_rate=(); sb_rate_all=(); cb_cpu=(); sb_cpu=(); cb_rows=(); sb_rows=()
row() { # run tool "wall client server" rows seconds-counted
  local w c v; read -r w c v <<<"$3"
  printf '%-4s %-14s %8s %11s %10.0f %13s %13s  %s\n' "$1" "$2" "$w" "$4" "$(echo "$4 / $5" | bc -l)" "$c" "$v" \
    "$(uptime | sed 's/.*load average: //')"
}
for i in $(seq 1 "$repeats"); do
  r="$(cb)"; n="$(rows_loaded)"; read -r w c v <<<"$r"
  row "$i" clusterbench "$r" "$n" "$w"
  cb_rows+=("$n"); cb_rate+=("$(echo "$n / $w" | bc -l)"); cb_cpu+=("$(echo "($c + $v) * 1000000 / $n" | bc -l)")
  r="$(sb)"; n="$(rows_loaded)"; read -r w c v <<<"$r"
  row "$i" sysbench-tpcc "$r" "$n" "$w"
  row "$i" "  less sleep" "$(echo "$w - $sleep_secs" | bc -l) $c $v" "$n" "$(echo "$w - $sleep_secs" | bc -l)"
  sb_rows+=("$n"); sb_rate_all+=("$(echo "$n / $w" | bc -l)"); sb_rate+=("$(echo "$n / ($w - $sleep_secs)" | bc -l)")
  sb_cpu+=("$(echo "($c + $v) * 1000000 / $n" | bc -l)")
done
cbr="$(bench_median "${cb_rate[@]}")"; sbr="$(bench_median "${sb_rate[@]}")"
printf '\nMariaDB %s, scale %s, %s table set(s), %s threads, buffer pool %s, %s cores, load average %s\n' \
  "$version" "$scale" "$sets" "$threads" "$pool" "$(nproc)" "$(cut -d' ' -f1 /proc/loadavg)"
printf '  rows loaded: clusterbench %s, sysbench-tpcc %s (last run)\n' "${cb_rows[-1]}" "${sb_rows[-1]}"
printf '  clusterbench prepare tpcc   median %10.0f rows/s\n' "$cbr"
printf '  sysbench-tpcc prepare       median %10.0f rows/s less its %s s sleep (%.0f rows/s whole command)\n' \
  "$sbr" "$sleep_secs" "$(bench_median "${sb_rate_all[@]}")"
printf '  ratio (clusterbench rows/s / sysbench-tpcc rows/s less sleep, medians): %.2f\n' "$(echo "$cbr / $sbr" | bc -l)"
cbc="$(bench_median "${cb_cpu[@]}")"; sbc="$(bench_median "${sb_cpu[@]}")"
printf '  CPU seconds (client + server) per million rows, medians: clusterbench %.2f, sysbench-tpcc %.2f, ratio %.2f\n' \
  "$cbc" "$sbc" "$(echo "$sbc / $cbc" | bc -l)"
