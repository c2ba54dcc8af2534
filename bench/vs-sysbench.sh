#!/usr/bin/env bash
# clusterbench vs sysbench 1.0.20 as load generators, side by side on one server in one run.
#
# Starts a throwaway MariaDB (Debian's mariadbd) on loopback, prepares sbtest with sysbench, then for each
# workload runs the two tools alternately (A B A B ...) with the same tables, threads, time and key
# distribution, and prints throughput and client CPU seconds per 1000 events for each, with the ratio.
# Client CPU is the whole client process (user + system, from GNU time), so clusterbench's JVM start-up
# and JIT are included.
#
# Usage: bench/vs-sysbench.sh            (env: TIME=20 REPEATS=3 THREADS=8 TABLE_SIZE=100000 PORT=33306
#                                          WORKLOADS="oltp_point_select oltp_read_only oltp_read_write")
# Needs: sysbench, mariadb-server (mariadbd, mariadb-install-db), GNU time, Java 17 + Maven.
set -euo pipefail
TIME=${TIME:-20}
REPEATS=${REPEATS:-3}
THREADS=${THREADS:-8}
TABLE_SIZE=${TABLE_SIZE:-100000}
PORT=${PORT:-33306}
WORKLOADS=${WORKLOADS:-"oltp_point_select oltp_read_only oltp_read_write"}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
for tool in sysbench mariadbd mariadb-install-db /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "error: $tool not found — apt-get install sysbench mariadb-server time" >&2; exit 2; }
done

work=$(mktemp -d /tmp/cb-vs-sysbench.XXXXXX)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

echo "# building clusterbench" >&2
(cd "$here" && mvn -q -B -DskipTests package) >&2
jar="$here/target/clusterbench.jar"

echo "# starting MariaDB on 127.0.0.1:$PORT ($work)" >&2
mariadb-install-db --no-defaults --datadir="$work/data" --user=root --auth-root-authentication-method=normal \
  --skip-test-db >/dev/null 2>&1
mariadbd --no-defaults --datadir="$work/data" --port="$PORT" --bind-address=127.0.0.1 --socket="$work/sock" \
  --user=root --innodb-buffer-pool-size=1G --max-connections=500 --skip-log-bin --skip-name-resolve \
  --innodb-flush-log-at-trx-commit=2 --log-error="$work/error.log" &
server_pid=$!
for _ in $(seq 1 60); do mariadb-admin --socket="$work/sock" -uroot ping >/dev/null 2>&1 && break; sleep 0.5; done
mariadb --socket="$work/sock" -uroot -e "CREATE DATABASE sbtest; CREATE USER sbtest@'127.0.0.1' IDENTIFIED BY 'sbtest';
  GRANT ALL ON sbtest.* TO sbtest@'127.0.0.1';"
conn=(--mysql-host=127.0.0.1 --mysql-port="$PORT" --mysql-user=sbtest --mysql-password=sbtest --mysql-db=sbtest)

echo "# preparing sbtest1 with $TABLE_SIZE rows (sysbench)" >&2
sysbench oltp_read_write "${conn[@]}" --table-size="$TABLE_SIZE" prepare >/dev/null

# run_one TOOL WORKLOAD -> prints "tps cpu_seconds events"
run_one() {
  local tool=$1 w=$2 out="$work/out.$1" tfile="$work/time.$1"
  if [ "$tool" = sysbench ]; then
    /usr/bin/time -f "%U %S" -o "$tfile" sysbench "$w" "${conn[@]}" --table-size="$TABLE_SIZE" \
      --threads="$THREADS" --time="$TIME" run >"$out" 2>&1
    local events tps
    events=$(awk '/total number of events:/ {print $NF}' "$out")
    tps=$(awk '/transactions:/ {gsub(/\(/,"",$3); print $3}' "$out")
  else
    rm -rf "$work/cb"
    /usr/bin/time -f "%U %S" -o "$tfile" java -XX:+UseSerialGC -jar "$jar" "$w" "${conn[@]}" \
      --table-size="$TABLE_SIZE" --threads="$THREADS" --time="$TIME" --out="$work/cb" run >"$out" 2>&1
    local events tps
    events=$(awk '/total number of events:/ {print $NF}' "$out")
    tps=$(awk '/transactions:/ {gsub(/\(/,"",$3); print $3}' "$out")
  fi
  local cpu
  cpu=$(awk '{print $1 + $2}' "$tfile")
  echo "$tps $cpu $events"
}

printf "%-18s %-12s %5s %12s %22s %14s\n" workload tool run tps "client CPU s/1000 ev" events
declare -A sum_tps sum_cpu
results="$work/results.txt"
: >"$results"
for w in $WORKLOADS; do
  for r in $(seq 1 "$REPEATS"); do
    for tool in sysbench clusterbench; do
      read -r tps cpu events < <(run_one "$tool" "$w")
      per=$(awk -v c="$cpu" -v e="$events" 'BEGIN { printf "%.4f", (e > 0 ? 1000 * c / e : 0) }')
      printf "%-18s %-12s %5s %12.2f %22s %14s\n" "$w" "$tool" "$r" "$tps" "$per" "$events"
      echo "$w $tool $tps $per" >>"$results"
    done
  done
done

echo
echo "Medians over $REPEATS alternating runs ($THREADS threads, $TIME s, table size $TABLE_SIZE):"
printf "%-18s %14s %14s %10s %18s %18s %10s\n" workload "sysbench tps" "cb tps" "tps ratio" "sysbench CPU/1k" "cb CPU/1k" "CPU ratio"
median() { sort -g | awk '{a[NR]=$1} END { if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'; }
for w in $WORKLOADS; do
  st=$(awk -v w="$w" '$1==w && $2=="sysbench" {print $3}' "$results" | median)
  ct=$(awk -v w="$w" '$1==w && $2=="clusterbench" {print $3}' "$results" | median)
  sc=$(awk -v w="$w" '$1==w && $2=="sysbench" {print $4}' "$results" | median)
  cc=$(awk -v w="$w" '$1==w && $2=="clusterbench" {print $4}' "$results" | median)
  awk -v w="$w" -v st="$st" -v ct="$ct" -v sc="$sc" -v cc="$cc" 'BEGIN {
    printf "%-18s %14.2f %14.2f %10.3f %18.4f %18.4f %10.3f\n", w, st, ct, (st > 0 ? ct / st : 0), sc, cc, (sc > 0 ? cc / sc : 0) }'
done
echo "(tps ratio > 1: clusterbench drives more load; CPU ratio < 1: clusterbench uses less client CPU per event)"
