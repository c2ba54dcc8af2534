#!/bin/bash
# The floor of an event-loop load generator (issue 37, first step): bench/loopfloor/LoopFloor.java (N connections
# on L selector threads, text-protocol point selects, nothing else) alternating with sysbench 1.0.20's
# oltp_point_select on the same server, at each connection count, ROUNDS times. Per run: tps, client CPU µs per
# event (user+system), voluntary context switches per event, peak RSS; both tools measured over the same window
# (from 3 s after start for about SECONDS s; sysbench's events are its interval lines' mean tps over that window times
# the window's length, its CPU and context switches from /proc/PID/task at the window's edges). One row per run.
#
# usage: bench/loop-floor.sh HOST PORT USER [CONNECTIONS="8 64 256 1024"] [LOOPS="1 2"] [SECONDS=20] [ROUNDS=2]
# The tables: sysbench oltp_point_select prepare --tables=4 --table-size=10000 (db sbtest), user without password.
set -euo pipefail
HOST=$1; PORT=$2; USER_=$3; CONNS=${4:-"8 64 256 1024"}; LOOPS=${5:-"1 2"}; SECS=${6:-20}; ROUNDS=${7:-2}
HERE=$(cd "$(dirname "$0")" && pwd)
TABLES=4; SIZE=10000
tasks() { # utime+stime ticks, voluntary switches of every thread of pid $1
  python3 - "$1" <<'PY'
import os, sys
pid = sys.argv[1]; cpu = vcs = 0
for t in (os.listdir(f"/proc/{pid}/task") if os.path.isdir(f"/proc/{pid}/task") else []):
    try:
        st = open(f"/proc/{pid}/task/{t}/stat").read(); f = st[st.rindex(')') + 2:].split()
        cpu += int(f[11]) + int(f[12])
        for line in open(f"/proc/{pid}/task/{t}/status"):
            if line.startswith("voluntary_ctxt_switches:"): vcs += int(line.split()[1])
    except OSError: pass
print(cpu, vcs)
PY
}
sysbench_run() { # $1 connections -> "events cpu_s vcsw rss_kb"
  local out; out=$(mktemp)
  sysbench oltp_point_select --mysql-host=$HOST --mysql-port=$PORT --mysql-user=$USER_ --tables=$TABLES \
    --table-size=$SIZE --threads=$1 --time=$((SECS + 10)) --report-interval=1 run > "$out" 2>&1 < /dev/null &
  local pid=$!
  sleep 3; local t0 a b t1 rss; t0=$(date +%s.%N); a=$(tasks $pid); sleep "$SECS"; b=$(tasks $pid)
  t1=$(date +%s.%N); rss=$(awk '/VmHWM/ {print $2}' /proc/$pid/status)
  read -r c0 v0 <<< "$a"; read -r c1 v1 <<< "$b"
  wait $pid
  local ev; ev=$(awk -v a=4 -v b=$((SECS + 3)) '/^\[ [0-9]+s \]/ {s=$2+0; if (s>=a && s<=b) {for(i=1;i<=NF;i++) if ($i=="tps:") {e+=$(i+1); n++}}} END {printf "%d", e / n * (t1 - t0)}' t0="$t0" t1="$t1" "$out")
  rm -f "$out"
  echo "$ev $(echo "($c1 - $c0) / 100" | bc -l) $((v1 - v0)) $rss"
}
loop_run() { # $1 connections $2 loops -> "events cpu_s vcsw rss_kb"
  java "$HERE/loopfloor/LoopFloor.java" $HOST $PORT $USER_ sbtest $TABLES $SIZE $1 $2 $SECS | \
    sed -E 's/.*events=([0-9]+).*user_s=([0-9.]+) sys_s=([0-9.]+) vcsw=([0-9]+).*rss_kb=([0-9]+).*/\1 \2 \3 \4 \5/' | \
    awk '{printf "%d %.2f %d %d\n", $1, $2 + $3, $4, $5}'
}
row() { # tool conns loops round events cpu vcsw rss
  awk -v t="$1" -v c="$2" -v l="$3" -v r="$4" -v e="$5" -v cpu="$6" -v v="$7" -v m="$8" -v s="$SECS" 'BEGIN {
    printf "%-8s conns=%-5d loops=%-2s round=%d tps=%10.1f cpu_us_per_event=%7.2f vcsw_per_event=%6.3f rss_mb=%6.1f\n",
      t, c, l, r, e / s, e ? cpu * 1e6 / e : 0, e ? v / e : 0, m / 1024 }'
}
for c in $CONNS; do
  for r in $(seq 1 "$ROUNDS"); do
    res=$(sysbench_run "$c"); read -r e cpu v m <<< "$res"; row sysbench "$c" - "$r" "$e" "$cpu" "$v" "$m"
    for l in $LOOPS; do
      res=$(loop_run "$c" "$l"); read -r e cpu v m <<< "$res"; row loop "$c" "$l" "$r" "$e" "$cpu" "$v" "$m"
    done
  done
done
