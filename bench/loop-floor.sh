#!/bin/bash
# The floor of an event-loop load generator (issue 37, first step): bench/loopfloor/LoopFloor.java (N connections
# on L selector threads, prepared point selects on the binary protocol, nothing else) alternating with sysbench
# 1.0.20's oltp_point_select (its default --db-ps-mode=auto: server-side prepared statements) on the same server and
# tables, at each connection count, ROUNDS times (the tools' order flips every round). Per run: tps, client CPU µs per
# event split into user and system, voluntary context switches per event, peak RSS. Both tools are measured over the
# same kind of window: SECONDS s starting 3 s after every connection is open (sysbench: after "Threads started!";
# its events are its interval lines' tps over the window's seconds, its CPU and switches from /proc/PID/task at the
# window's edges, and a run whose sysbench ended before the window's end is reported as failed, never as a row).
# Then the medians per tool, connection count and loop threads, and the loop's CPU per event as a ratio of sysbench's.
#
# usage: bench/loop-floor.sh [CONNECTIONS="8 64 256 1024 4096"] [LOOPS="1 2"] [SECONDS=20] [ROUNDS=3]
# Env: PORT (default 33993), MARIADBD, MODE (ps or text, default ps), WHY (1: after the rounds, one more run of each
# tool per connection count under `perf stat` counting the client's system calls by kind and its context switches,
# per event: where the client's kernel time goes; the counting slows both tools, so these runs are not rows). Starts its own mariadbd (bench/lib.sh) with
# max_connections and max_prepared_stmt_count raised for 4096 connections, prepares 4 × 10,000 rows with sysbench,
# and removes it on exit. Run it on a quiet machine, under the benchmark lock: flock /tmp/cb-bench.lock ...
set -euo pipefail
CONNS=${1:-"8 64 256 1024 4096"}; LOOPS=${2:-"1 2"}; SECS=${3:-20}; ROUNDS=${4:-3}
port="${PORT:-33993}"; MODE=${MODE:-ps}
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=bench/lib.sh
. "$here/bench/lib.sh"
bench_require_server_tools
BENCH_SERVER_ARGS="--max-connections=5000 --max-prepared-stmt-count=200000 --thread-cache-size=5000 \
 --table-open-cache=8000 ${BENCH_SERVER_ARGS:-}" bench_start_server loopfloor "$port" 512M 256M
TABLES=4; SIZE=10000
sql -e "CREATE DATABASE sbtest"
sysbench oltp_point_select --mysql-host=127.0.0.1 --mysql-port="$port" --mysql-user=root --tables=$TABLES \
  --table-size=$SIZE prepare >/dev/null
echo "# $(date -u +%FT%TZ) $(uname -r) $(nproc) CPUs, server $version, load average $(cut -d' ' -f1-3 /proc/loadavg)"

tasks() { # user ticks, system ticks, voluntary switches of every thread of pid $1
  python3 - "$1" <<'PY'
import os, sys
pid = sys.argv[1]; u = s = vcs = 0
for t in (os.listdir(f"/proc/{pid}/task") if os.path.isdir(f"/proc/{pid}/task") else []):
    try:
        st = open(f"/proc/{pid}/task/{t}/stat").read(); f = st[st.rindex(')') + 2:].split()
        u += int(f[11]); s += int(f[12])
        for line in open(f"/proc/{pid}/task/{t}/status"):
            if line.startswith("voluntary_ctxt_switches:"): vcs += int(line.split()[1])
    except OSError: pass
print(u, s, vcs)
PY
}
sysbench_run() { # $1 connections -> "events user_s sys_s vcsw rss_kb window_s" or "failed"
  local out pid ts t0 t1 a b rss i
  out=$(mktemp)
  stdbuf -oL sysbench oltp_point_select --mysql-host=127.0.0.1 --mysql-port="$port" --mysql-user=root \
    --tables=$TABLES --table-size=$SIZE --threads="$1" --time=$((SECS + 120)) --report-interval=1 run \
    > "$out" 2>&1 < /dev/null &
  pid=$!
  for i in $(seq 1 1200); do grep -q "Threads started" "$out" && break; sleep 0.05; done
  ts=$(date +%s.%N)
  sleep 3; t0=$(date +%s.%N); a=$(tasks $pid); sleep "$SECS"; b=$(tasks $pid); t1=$(date +%s.%N)
  rss=$(awk '/VmHWM/ {print $2}' /proc/$pid/status 2>/dev/null || echo 0)
  if ! kill -0 $pid 2>/dev/null; then echo failed; rm -f "$out"; return; fi
  sleep 1.2 # the interval line of the window's last second
  kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true
  read -r u0 s0 v0 <<< "$a"; read -r u1 s1 v1 <<< "$b"
  # sysbench's interval lines are labelled in seconds since its threads started: those inside [t0, t1]
  local ev
  ev=$(awk -v a="$(echo "$t0 - $ts + 1" | bc -l)" -v b="$(echo "$t1 - $ts" | bc -l)" -v w="$(echo "$t1 - $t0" | bc -l)" '
    /^\[ [0-9]+s \]/ { s=$2+0; if (s>=a && s<=b) {for(i=1;i<=NF;i++) if ($i=="tps:") {e+=$(i+1); n++}}}
    END {printf "%d", n ? e / n * w : 0}' "$out")
  rm -f "$out"
  echo "$ev $(echo "($u1 - $u0) / 100" | bc -l) $(echo "($s1 - $s0) / 100" | bc -l) $((v1 - v0)) $rss $(echo "$t1 - $t0" | bc -l)"
}
loop_run() { # $1 connections $2 loops -> "events user_s sys_s vcsw rss_kb window_s" or "failed"
  java -XX:+UseSerialGC "$here/bench/loopfloor/LoopFloor.java" 127.0.0.1 "$port" root sbtest $TABLES $SIZE "$1" "$2" \
    "$SECS" "$MODE" 2>/dev/null | \
    sed -nE 's/.*events=([0-9]+) tps=([0-9.]+) user_s=([0-9.]+) sys_s=([0-9.]+) vcsw=([0-9]+).*rss_kb=([0-9]+).*/\1 \3 \4 \5 \6 \2/p' | \
    awk '{ if ($6 > 0) printf "%s %s %s %s %s %.3f\n", $1, $2, $3, $4, $5, $1 / $6; else print "failed" }' | \
    grep . || echo failed
}
rows=$(mktemp)
row() { # tool conns loops round "events user sys vcsw rss window"
  local tool=$1 c=$2 l=$3 r=$4; shift 4
  if [ "$1" = failed ]; then echo "$tool conns=$c loops=$l round=$r FAILED (the run ended before its window did)"; return; fi
  awk -v t="$tool" -v c="$c" -v l="$l" -v r="$r" -v e="$1" -v u="$2" -v s="$3" -v v="$4" -v m="$5" -v w="$6" 'BEGIN {
    if (e <= 0 || u + s <= 0) { printf "%s conns=%d loops=%s round=%d FAILED (no events or no CPU in the window)\n", t, c, l, r; exit }
    printf "%-8s conns=%-5d loops=%-2s round=%d tps=%10.1f cpu_us_per_event=%7.2f user_us=%6.2f sys_us=%6.2f vcsw_per_event=%6.3f rss_mb=%6.1f\n",
      t, c, l, r, e / w, (u + s) * 1e6 / e, u * 1e6 / e, s * 1e6 / e, v / e, m / 1024 }' | tee -a "$rows"
}
for r in $(seq 1 "$ROUNDS"); do
  for c in $CONNS; do
    order="sb $LOOPS"; [ $((r % 2)) -eq 0 ] && order="$LOOPS sb"
    for x in $order; do
      if [ "$x" = sb ]; then row sysbench "$c" - "$r" $(sysbench_run "$c")
      else row loop "$c" "$x" "$r" $(loop_run "$c" "$x"); fi
    done
  done
done
why() { # tool conns loops: system calls per event of one run, counted by perf's syscall tracepoints
  local tool=$1 c=$2 l=$3 pid perfout ev0 ev1 out
  perfout=$(mktemp); out=$(mktemp)
  local events="raw_syscalls:sys_enter,syscalls:sys_enter_read,syscalls:sys_enter_write,syscalls:sys_enter_epoll_wait"
  events="$events,syscalls:sys_enter_poll,syscalls:sys_enter_ppoll,syscalls:sys_enter_recvfrom,syscalls:sys_enter_sendto"
  events="$events,syscalls:sys_enter_futex,context-switches"
  if [ "$tool" = sysbench ]; then
    stdbuf -oL sysbench oltp_point_select --mysql-host=127.0.0.1 --mysql-port="$port" --mysql-user=root \
      --tables=$TABLES --table-size=$SIZE --threads="$c" --time=$((SECS + 5)) run > "$out" 2>&1 < /dev/null &
  else
    java -XX:+UseSerialGC "$here/bench/loopfloor/LoopFloor.java" 127.0.0.1 "$port" root sbtest $TABLES $SIZE "$c" \
      "$l" "$SECS" "$MODE" > "$out" 2>/dev/null &
  fi
  pid=$!
  sleep 5
  perf stat -x, -e "$events" -p $pid -- sleep "$((SECS / 2))" 2> "$perfout" || true
  kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true
  # each event sends its statement in exactly one system call (sysbench: sendto; the loop: write): the event count
  awk -F, -v t="$tool" -v c="$c" -v l="$l" '$1 ~ /^[0-9]/ { n[$3] = $1; order[++k] = $3 }
    END { e = n["syscalls:sys_enter_sendto"] + n["syscalls:sys_enter_write"]; if (e == 0) { print "why " t ": no events counted"; exit }
      for (i = 1; i <= k; i++) { name = order[i]; v = n[name]; sub(/^syscalls:sys_enter_/, "", name)
        sub(/^raw_syscalls:sys_enter/, "all", name); if (v > 0) line = line sprintf(" %s=%.3f", name, v / e) }
      printf "why %-8s conns=%-5d loops=%-2s system calls per event (%d events):%s\n", t, c, l, e, line }' "$perfout"
  rm -f "$perfout" "$out"
}
if [ "${WHY:-0}" = 1 ]; then
  echo
  for c in $CONNS; do why sysbench "$c" -; for l in $LOOPS; do why loop "$c" "$l"; done; done
fi
echo
echo "medians over the rounds (tps; client CPU µs per event, user + system; voluntary switches per event; peak RSS MB; CPU ratio to sysbench)"
python3 - "$rows" <<'PY'
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r"(\S+)\s+conns=(\d+)\s+loops=(\S+)\s+round=\d+ (.*)", line)
    if not m or "FAILED" in line: continue
    kv = dict(re.findall(r"(\w+)=\s*([-\d.]+)", m.group(4)))
    runs.setdefault((int(m.group(2)), m.group(1), m.group(3)), []).append({k: float(v) for k, v in kv.items()})
print("| connections | tool | loops | runs | tps | CPU µs/event | user | system | vcsw/event | RSS MB | CPU / sysbench |")
print("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for key in sorted(runs):
    c, tool, loops = key
    med = {k: statistics.median(r[k] for r in runs[key]) for k in runs[key][0]}
    sb = runs.get((c, "sysbench", "-"))
    ratio = med["cpu_us_per_event"] / statistics.median(r["cpu_us_per_event"] for r in sb) if sb else float("nan")
    print(f"| {c} | {tool} | {loops} | {len(runs[key])} | {med['tps']:,.0f} | {med['cpu_us_per_event']:.2f} | "
          f"{med['user_us']:.2f} | {med['sys_us']:.2f} | {med['vcsw_per_event']:.3f} | {med['rss_mb']:.0f} | {ratio:.2f} |")
PY
rm -f "$rows"
