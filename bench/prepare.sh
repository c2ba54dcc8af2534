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
[ -f "$here/target/clusterbench.jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
# a fixed copy of the launcher and the jar (no rebuild inside a timed run): clusterbench runs as a user runs
# it, with the launcher's JVM options for prepare (C1 up to 4M rows) and its class-data-sharing archive
mkdir -p "$dir/cb/bin" "$dir/cb/target"
cp "$here/bin/clusterbench" "$dir/cb/bin/"
cp "$here/target/clusterbench.jar" "$dir/cb/target/"
cbin="$dir/cb/bin/clusterbench"
# Untimed: the first command after a build records the launcher's class archive (a user's steady state);
# CLUSTERBENCH_CDS=0 measures without it.
sql -e "CREATE DATABASE IF NOT EXISTS cbwarm"
"$cbin" prepare oltp_read_write --tables 1 --table-size 1000 --host 127.0.0.1 --port "$port" --user root --db cbwarm \
  >/dev/null 2>&1
"$cbin" run oltp_read_write --tables 1 --table-size 1000 --time 1 --host 127.0.0.1 --port "$port" --user root \
  --db cbwarm >/dev/null 2>&1 || true
sql -e "DROP DATABASE cbwarm"
rows=$(( tables * size ))

tick="$(getconf CLK_TCK)"
server_ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
timed() { # runs "$@", prints its wall seconds, its own CPU seconds and the server's CPU seconds
  local start end s0 s1
  s0="$(server_ticks)"
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$dir/cpu" "$@" >"$dir/last.log" 2>&1 || { cat "$dir/last.log" >&2; exit 1; }
  end=$(date +%s.%N)
  s1="$(server_ticks)"
  awk -v a="$start" -v b="$end" -v s0="$s0" -v s1="$s1" -v hz="$tick" -v cpu="$(cat "$dir/cpu")" \
    'BEGIN { split(cpu, c, " "); printf "%.2f %.2f %.2f\n", b - a, c[1] + c[2], (s1 - s0) / hz }'
}
fresh() { sql -e "DROP DATABASE IF EXISTS sbtest; CREATE DATABASE sbtest"; }
cb() {
  fresh
  # shellcheck disable=SC2086
  timed "$cbin" prepare oltp_read_write --tables "$tables" --table-size "$size" \
    --threads "$threads" --host 127.0.0.1 --port "$port" --user root --db sbtest ${EXTRA:-}
}
sb() {
  fresh
  timed sysbench oltp_read_write --db-driver=mysql --mysql-host=127.0.0.1 --mysql-port="$port" \
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
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
cbm="$(median "${cb_secs[@]}")"; sbm="$(median "${sb_secs[@]}")"
printf '\nMariaDB %s, %s tables x %s rows, %s threads, %s cores, load average %s\n' \
  "$version" "$tables" "$size" "$threads" "$(nproc)" "$(cut -d' ' -f1 /proc/loadavg)"
printf '  clusterbench median %6.2f s %11.0f rows/s\n' "$cbm" "$(echo "$rows / $cbm" | bc -l)"
printf '  sysbench     median %6.2f s %11.0f rows/s\n' "$sbm" "$(echo "$rows / $sbm" | bc -l)"
printf '  ratio (clusterbench rows/s / sysbench rows/s, medians): %.2f\n' "$(echo "$sbm / $cbm" | bc -l)"
cbc="$(median "${cb_cpu[@]}")"; sbc="$(median "${sb_cpu[@]}")"
printf '  CPU seconds (client + server) per run, medians: clusterbench %.2f, sysbench %.2f, ratio %.2f\n' \
  "$cbc" "$sbc" "$(echo "$sbc / $cbc" | bc -l)"
printf '  CPU seconds per million rows: clusterbench %.2f, sysbench %.2f\n' \
  "$(echo "$cbc * 1000000 / $rows" | bc -l)" "$(echo "$sbc * 1000000 / $rows" | bc -l)"
