#!/usr/bin/env bash
# sysbench 1.0.20 and clusterbench alternately at 1..1024 threads on the same server and tables (issue 9).
#
# For each thread count the two tools run one after the other (A B, repeated), same workload, tables, time
# and key distribution. Per thread count it prints the medians of: tps of each and their ratio, client CPU
# per event (user + system of the whole client process, from GNU time; clusterbench's JVM start-up and JIT
# included) of each and their ratio, peak RSS of each, and each tool's printed "total time" against --time.
# In-run CPU per event leaves start-up, the connection ramp and exit out: the tool's process CPU (/proc/PID/stat)
# is read twice while it runs, at max(5 s, 30% of --time) and at 90% of --time after the launch, and the CPU
# between the two readings is divided by the events of that stretch, taken as the tool's reported tps times the
# stretch's wall time (a steady rate inside the run; the server's counters cannot be used here: a status query
# to a server busy with 64+ sessions took 2-4 s, longer than the stretch). Both readings fall inside either tool's
# measured phase as long as clusterbench's start and connection ramp take under 5 s (about 1.5-3 s here from 1
# to 1024 threads).
# clusterbench runs through bin/clusterbench, so it uses the Java and thread model a user gets (one short
# unmeasured run first records its class-data archive).
#
# Outside view (issue 9: "a number the tool prints must be possible"): around every run the script reads the
# server's Com_select counter and prints the server's delta over the events the tool reported (1.00 = every
# counted event is a statement the server saw; the delta also holds the tool's own set-up and observer
# queries, so slightly above 1 is expected for clusterbench). For clusterbench it also compares each
# interval's qps with the server's Com_select rate its server observer took for that interval (result.json),
# over the intervals after the first and before the last: the median ratio and the largest deviation. The
# two windows are not the same (the observer reads 0.1 s before each boundary, on its own thread), so single
# intervals may differ by the load change inside 0.1 s; the median must be near 1.
#
# Usage: bench/concurrency.sh
#   env: THREADS="1 8 64 256 512 1024" TIME=20 REPEATS=2 WORKLOAD=oltp_point_select TABLES=4 TABLE_SIZE=250000
#        PORT=33306 — starts a throwaway MariaDB on 127.0.0.1:$PORT and prepares the tables with sysbench;
#        or HOST=127.0.0.1 PORT=3306 DB_USER=root PASSWORD= DB=sbtest EXTERNAL=1 to use a running server whose
#        tables are already prepared (its max_connections must exceed the largest thread count); BUILD=0 skips
#        building the jar; CB_ARGS="--statement-path=jdbc" adds options to every clusterbench run;
#        VARIANTS="p17=/usr/lib/jvm/java-17-openjdk-amd64/bin/java v25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java:-Dclusterbench.threads=virtual"
#        runs clusterbench once per NAME=JAVA[:JVM_OPTIONS] per round (options comma-separated), each as
#        CLUSTERBENCH_JAVA / CLUSTERBENCH_JAVA_OPTS, and compares each with sysbench (default: one variant,
#        "clusterbench", with the environment as it is).
# Needs: sysbench, mariadb-server (unless EXTERNAL=1), GNU time, Java 17+ and Maven.
set -euo pipefail
THREADS=${THREADS:-"1 8 64 256 512 1024"}
TIME=${TIME:-20}
REPEATS=${REPEATS:-2}
WORKLOAD=${WORKLOAD:-oltp_point_select}
TABLES=${TABLES:-4}
TABLE_SIZE=${TABLE_SIZE:-250000}
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-33306}
USER_NAME=${DB_USER:-sbtest}
PASSWORD=${PASSWORD-sbtest}
DB=${DB:-sbtest}
EXTERNAL=${EXTERNAL:-0}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
for tool in sysbench /usr/bin/time mariadb python3; do
  command -v "$tool" >/dev/null || { echo "error: $tool not found — apt-get install sysbench time" >&2; exit 2; }
done

work=$(mktemp -d /tmp/cb-concurrency.XXXXXX)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

if [ "${BUILD:-1}" = 1 ]; then # BUILD=0: use the jar as it is
  echo "# building clusterbench" >&2
  (cd "$here" && mvn -q -B -DskipTests package) >&2
fi

if [ "$EXTERNAL" != 1 ]; then
  USER_NAME=sbtest PASSWORD=sbtest DB=sbtest HOST=127.0.0.1
  echo "# starting MariaDB on 127.0.0.1:$PORT ($work)" >&2
  mariadb-install-db --no-defaults --datadir="$work/data" --user=root --auth-root-authentication-method=normal \
    --skip-test-db >/dev/null 2>&1
  mariadbd --no-defaults --datadir="$work/data" --port="$PORT" --bind-address=127.0.0.1 --socket="$work/sock" \
    --user=root --innodb-buffer-pool-size=1G --max-connections=2100 --thread-cache-size=1100 --skip-log-bin \
    --skip-name-resolve --innodb-flush-log-at-trx-commit=2 --log-error="$work/error.log" &
  server_pid=$!
  for _ in $(seq 1 60); do mariadb-admin --socket="$work/sock" -uroot ping >/dev/null 2>&1 && break; sleep 0.5; done
  mariadb --socket="$work/sock" -uroot -e "CREATE DATABASE sbtest; CREATE USER sbtest@'127.0.0.1' IDENTIFIED BY 'sbtest';
    GRANT ALL ON sbtest.* TO sbtest@'127.0.0.1';"
fi
sb_conn=(--mysql-host="$HOST" --mysql-port="$PORT" --mysql-user="$USER_NAME" --mysql-password="$PASSWORD" --mysql-db="$DB")
cb_conn=(--host="$HOST" --port="$PORT" --user="$USER_NAME" --password="$PASSWORD" --db="$DB")
read -r -a cb_extra <<<"${CB_ARGS:-}"
cb_conn+=("${cb_extra[@]}")
common=(--tables="$TABLES" --table-size="$TABLE_SIZE" --time="$TIME")
if [ "$EXTERNAL" != 1 ]; then
  echo "# preparing $TABLES x $TABLE_SIZE rows (sysbench)" >&2
  sysbench oltp_read_write "${sb_conn[@]}" --tables="$TABLES" --table-size="$TABLE_SIZE" --threads=4 prepare >/dev/null
fi

# com_select -> the server's Com_select counter now
com_select() {
  mariadb --host="$HOST" --port="$PORT" --user="$USER_NAME" --password="$PASSWORD" -N -B \
    -e "SHOW GLOBAL STATUS LIKE 'Com_select'" 2>/dev/null | awk '{print $2}'
}

# interval_check DIR -> "median_ratio max_deviation" of interval qps against the server observer's
# Com_selectPerSecond in DIR/result.json (first and last interval left out); "- -" when not available
interval_check() {
  python3 - "$1/result.json" <<'PY2' 2>/dev/null || echo "- -"
import json, statistics, sys
run = json.load(open(sys.argv[1]))["runs"][0]
ratios = []
for i in run["intervals"][1:-1]:
    server = (i.get("observed") or {}).get("server") or {}
    rate = server.get("Com_selectPerSecond")
    if rate and i.get("qps"):
        ratios.append(rate / i["qps"])
if not ratios:
    print("- -")
else:
    print("%.3f %.3f" % (statistics.median(ratios), max(abs(r - 1) for r in ratios)))
PY2
}

# proc_cpu_ticks PID -> user + system clock ticks of the process so far (all its threads), 0 when gone
proc_cpu_ticks() {
  awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$1/stat" 2>/dev/null || echo 0
}

# in_run_sample PIDFILE OUTFILE: started before the tool, one python process waits for PIDFILE ("time's pid, launch
# epoch"), follows the tool's CPU (/proc) every 0.2 s until it ends, then writes "cpu_ticks wall_seconds" between
# its first reading at or after max(5 s, 30% of --time) and its last at or before 90% of --time, counted from the
# launch ("0 0" when there are not two such readings). Started first, one process, real timestamps: a command
# forked per reading, or python started beside the running tool, took seconds to run on a saturated machine.
in_run_sample() {
  python3 - "$1" "$2" "$TIME" <<'PY3'
import sys, time
pidfile, out, run = sys.argv[1], sys.argv[2], float(sys.argv[3])
first, last = max(5.0, 0.3 * run), 0.9 * run
parent, launched = 0, 0.0
waited = time.time()
while not parent and time.time() - waited < 60:
    try:
        parent, launched = (lambda f: (int(f[0]), float(f[1])))(open(pidfile).read().split())
    except (OSError, IndexError, ValueError):
        time.sleep(0.05)
def child():
    try:
        return int(open("/proc/%d/task/%d/children" % (parent, parent)).read().split()[0])
    except (OSError, IndexError, ValueError):
        return 0
def ticks(pid):
    try:
        f = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
        return int(f[11]) + int(f[12])
    except (OSError, IndexError, ValueError):
        return -1
pid = 0
while parent and not pid and time.time() - launched < 10:
    pid = child()
    time.sleep(0.05)
readings = []
while pid:
    t, c = time.time() - launched, ticks(pid)
    if c < 0:
        break
    if first <= t <= last:
        readings.append((t, c))
    time.sleep(0.2)
with open(out, "w") as f:
    if len(readings) >= 2:
        f.write("%d %.3f\n" % (readings[-1][1] - readings[0][1], readings[-1][0] - readings[0][0]))
    else:
        f.write("0 0\n")
PY3
}

# run_one TOOL THREADS -> prints "tps cpu_seconds events rss_kb total_seconds server_delta_ratio iv_median iv_maxdev
#                                 in_run_us_per_event"
run_one() {
  local tool=$1 t=$2 variant_java="" variant_opts="" out="$work/out" tfile="$work/time" before after launched launch_epoch sampler
  [ "$tool" = sysbench ] || IFS='|' read -r variant_java variant_opts <<<"${variant_of[$tool]}"
  before=$(com_select)
  rm -f "$work/pid"
  in_run_sample "$work/pid" "$work/inrun" &
  sampler=$!
  sleep 0.3 # the sampler starts before the tool loads the machine
  launch_epoch=$EPOCHREALTIME
  if [ "$tool" = sysbench ]; then
    /usr/bin/time -f "%U %S %M" -o "$tfile" sysbench "$WORKLOAD" "${sb_conn[@]}" "${common[@]}" --threads="$t" \
      run >"$out" 2>&1 &
  else
    rm -rf "$work/cb"
    CLUSTERBENCH_JAVA="$variant_java" CLUSTERBENCH_JAVA_OPTS="$variant_opts" \
      /usr/bin/time -f "%U %S %M" -o "$tfile" "$here/bin/clusterbench" run "$WORKLOAD" "${cb_conn[@]}" "${common[@]}" \
      --threads="$t" --out="$work/cb" >"$out" 2>&1 &
  fi
  launched=$!
  echo "$launched $launch_epoch" >"$work/pid"
  wait "$launched" || true
  wait "$sampler" || true
  after=$(com_select)
  local events tps total iv="- -"
  [ "$tool" = sysbench ] || iv=$(interval_check "$work/cb")
  events=$(awk '/total number of events:/ {print $NF}' "$out")
  tps=$(awk '/transactions:/ {gsub(/\(/,"",$3); print $3}' "$out")
  total=$(awk '/total time:/ {gsub(/s$/,"",$NF); print $NF}' "$out")
  [ -n "$events" ] || { echo "warning: $tool at $t threads printed no result:" >&2; tail -3 "$out" >&2; }
  local inrun
  inrun=$(awk -v tck="$(getconf CLK_TCK)" -v tps="${tps:-0}" \
    '{ printf "%.2f", ($2 > 0 && tps > 0 ? 1e6 * $1 / tck / (tps * $2) : 0) }' "$work/inrun")
  tail -1 "$tfile" | awk -v tps="${tps:-0}" -v ev="${events:-0}" -v tot="${total:-0}" -v d="$(( ${after:-0} - ${before:-0} ))" \
    -v iv="$iv" -v inrun="$inrun" \
    '{ printf "%s %.2f %s %s %s %s %s %s\n", tps, $1 + $2, ev, $3, tot, (ev > 0 ? sprintf("%.3f", d / ev) : "-"), iv, inrun }'
}

# variant_of[NAME] -> "JAVA|JVM OPTIONS" of each clusterbench variant, in the order of $variants
declare -A variant_of
variants=""
for v in ${VARIANTS:-"clusterbench=${CLUSTERBENCH_JAVA:-java}:${CLUSTERBENCH_JAVA_OPTS:-}"}; do
  name="${v%%=*}" spec="${v#*=}"
  java_part="${spec%%:*}" opts_part=""
  [ "$spec" = "$java_part" ] || opts_part="${spec#*:}"
  variant_of[$name]="$java_part|${opts_part//,/ }"
  variants="$variants $name"
done
results="$work/results.txt"
: >"$results"
for v in $variants; do
  echo "# one unmeasured $v run (records the launcher's class-data archive)" >&2
  rm -rf "$work/cb"
  IFS='|' read -r vj vo <<<"${variant_of[$v]}"
  CLUSTERBENCH_JAVA="$vj" CLUSTERBENCH_JAVA_OPTS="$vo" "$here/bin/clusterbench" run "$WORKLOAD" "${cb_conn[@]}" \
    --tables="$TABLES" --table-size="$TABLE_SIZE" --time=2 --threads=1 --out="$work/cb" >/dev/null 2>&1 || true
done
printf "%-8s %-12s %4s %12s %14s %14s %10s %12s %14s %16s\n" threads tool run tps "CPU µs/event" "in-run µs/ev" \
  "RSS MB" "total time" "server/events" "interval srv/cb"
for t in $THREADS; do
  for r in $(seq 1 "$REPEATS"); do
    for tool in sysbench $variants; do
      read -r tps cpu events rss total sdelta ivmed ivdev inrun < <(run_one "$tool" "$t")
      per=$(awk -v c="$cpu" -v e="$events" 'BEGIN { printf "%.2f", (e > 0 ? 1e6 * c / e : 0) }')
      printf "%-8s %-12s %4s %12.2f %14s %14s %10.0f %12s %14s %16s\n" "$t" "$tool" "$r" "$tps" "$per" "$inrun" \
        "$((rss / 1024))" "$total" "$sdelta" "$ivmed (±$ivdev)"
      echo "$t $tool $tps $per $((rss / 1024)) $total $sdelta $ivmed $inrun" >>"$results"
    done
  done
done

median() { sort -g | awk '{a[NR]=$1} END { if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2 }'; }
col() { awk -v t="$1" -v tool="$2" -v c="$3" '$1==t && $2==tool {print $c}' "$results" | median; }
echo
echo "Medians over $REPEATS alternating rounds ($WORKLOAD, $TABLES x $TABLE_SIZE rows, --time $TIME):"
printf "| %12s | %10s | %10s | %9s | %13s | %13s | %9s | %11s | %11s | %11s | %9s | %9s | %10s | %10s | %9s | %9s | %11s |\n" \
  threads "sb tps" "cb tps" "tps ratio" "sb CPU µs/ev" "cb CPU µs/ev" "CPU ratio" "sb in-run" "cb in-run" \
  "in-run ratio" "sb RSS MB" "cb RSS MB" "sb total s" "cb total s" "sb srv/ev" "cb srv/ev" "cb iv srv/cb"
for t in $THREADS; do for v in $variants; do
  label="$t"
  [ "$variants" = " clusterbench" ] || label="$t $v"
  awk -v t="$label" -v st="$(col "$t" sysbench 3)" -v ct="$(col "$t" "$v" 3)" -v sc="$(col "$t" sysbench 4)" \
    -v cc="$(col "$t" "$v" 4)" -v sr="$(col "$t" sysbench 5)" -v cr="$(col "$t" "$v" 5)" \
    -v sT="$(col "$t" sysbench 6)" -v cT="$(col "$t" "$v" 6)" -v sD="$(col "$t" sysbench 7)" \
    -v cD="$(col "$t" "$v" 7)" -v cI="$(col "$t" "$v" 8)" -v sN="$(col "$t" sysbench 9)" \
    -v cN="$(col "$t" "$v" 9)" 'BEGIN {
    printf "| %12s | %10.0f | %10.0f | %9.3f | %13.2f | %13.2f | %9.3f | %11.2f | %11.2f | %11.3f | %9.0f | %9.0f | %10.2f | %10.2f | %9.3f | %9.3f | %11.3f |\n",
      t, st, ct, (st > 0 ? ct / st : 0), sc, cc, (sc > 0 ? cc / sc : 0), sN, cN, (sN > 0 ? cN / sN : 0), sr, cr, sT, cT,
      sD, cD, cI }'
done; done
echo "(tps ratio > 1: clusterbench drives more load; CPU ratio < 1: less client CPU per event, start-up included;"
echo " in-run: client CPU between two readings inside the measured phase per event (tps x the time between them);"
echo " total time vs --time $TIME;"
echo " srv/ev: the server's Com_select delta over the events the tool reported; iv srv/cb: median over intervals of"
echo " the server observer's Com_select rate over clusterbench's interval qps)"
