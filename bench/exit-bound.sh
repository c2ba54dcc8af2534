#!/usr/bin/env bash
# How long the process outlives the end of its run (the lifecycle's exit bound, docs/architecture.md): the time from
# the measured end (or from the signal) to the process's exit, on the embedded server with the default options.
#
#   bench/exit-bound.sh CASE [TRIES]      CASE: live | frozen-end | frozen-int | frozen-term
#
#   live        run oltp_read_write --time 4: the measured end to the exit
#   frozen-end  --threads 8 --time 8: mariadbd is stopped (SIGSTOP) after the 3rd interval; the measured end to the exit
#   frozen-int  the same freeze, SIGINT 2 s into it: the signal to the exit
#   frozen-term the same with SIGTERM
#
# The measured end is read from the CLUSTERBENCH_TRACE=1 timeline ("measuring ended"), placed on the wall clock by its
# "at epoch ms" mark; the exit is the moment the JVM's pid is gone (polled every 10 ms). CB: the launcher to measure
# (default bin/clusterbench; a copy of bin/ and target/clusterbench.jar elsewhere measures another build, which stays
# fixed while sources change); several separated by ':' are measured in turn within each try (before and after
# alternating, so both see the same load). Run it under the machine-wide lock:
# flock /tmp/cb-bench.lock bench/exit-bound.sh live 5. The launcher's first run after a build writes its class-data
# archive at exit (seconds): one untimed run of each comes first.
set -euo pipefail
case_="${1:?usage: bench/exit-bound.sh live|frozen-end|frozen-int|frozen-term [TRIES]}"
tries="${2:-5}"
IFS=: read -r -a cbs <<<"${CB:-$(cd "$(dirname "$0")/.." && pwd)/bin/clusterbench}"
work="$(mktemp -d /tmp/exit-bound.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# VERBOSE=1: the trace from the measured end on, after each try
now_ms() { date +%s%3N; }

# Prints the wall-clock epoch ms of trace mark $2 in log $1 (from a mark that states its epoch).
mark_epoch() {
  awk -v want="$2" '
    /^trace/ && / at epoch ms / { t = $2; e = $NF; born = e - t * 1000 }
    /^trace/ && index($0, want) { if (!(want in seen)) { seen[want] = $2 } }
    END { if (born == "" || !(want in seen)) { print "NA" } else { printf "%d\n", born + seen[want] * 1000 } }' "$1"
}

one() {
  local log="$work/run.log" out="$work/out" args=(run oltp_read_write --out "$work/out")
  rm -rf "$out"
  case "$case_" in
    live) args+=(--time 4) ;;
    *) args+=(--threads 8 --time 8 --report-interval 1) ;;
  esac
  CLUSTERBENCH_TRACE=1 "$cb" "${args[@]}" >"$log" 2>&1 &
  local pid=$! signal_ms="" server="" sdir=""
  until [ -n "$server" ] || ! kill -0 "$pid" 2>/dev/null; do
    server="$(pgrep -P "$pid" -x mariadbd | head -1 || true)"
    sleep 0.05
  done
  sdir="$(tr '\0' '\n' < "/proc/$server/cmdline" 2>/dev/null | sed -n 's#^--datadir=\(.*\)/data$#\1#p' || true)"
  if [ "$case_" != live ]; then
    until [ "$(grep -c '^\[ ' "$log" 2>/dev/null || true)" -ge 3 ]; do
      kill -0 "$pid" 2>/dev/null || { echo "the run ended before its 3rd interval" >&2; cat "$log" >&2; return 1; }
      sleep 0.05
    done
    kill -STOP "$server"
    if [ "$case_" = frozen-int ] || [ "$case_" = frozen-term ]; then
      sleep 2
      signal_ms="$(now_ms)"
      kill "-$([ "$case_" = frozen-int ] && echo INT || echo TERM)" "$pid"
    fi
  fi
  while kill -0 "$pid" 2>/dev/null; do sleep 0.01; done
  local exit_ms status=0
  exit_ms="$(now_ms)"
  wait "$pid" || status=$?
  [ -n "$server" ] && kill -CONT "$server" 2>/dev/null || true
  local from="${signal_ms:-$(mark_epoch "$log" 'measuring ended')}"
  if [ "$from" = NA ]; then
    echo "no 'measuring ended' or epoch mark in the trace" >&2; tail -20 "$log" >&2; return 1
  fi
  sleep 0.3 # a killed server's teardown
  local left="nothing left"
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then left="mariadbd $server LEFT RUNNING"; fi
  if [ -n "$sdir" ] && [ -e "$sdir" ]; then left="$left; $sdir LEFT"; fi
  echo "exit $status after $(( exit_ms - from )) ms ($([ -n "$signal_ms" ] && echo 'from the signal' || echo 'from the measured end')); $left"
  if [ "${VERBOSE:-0}" = 1 ]; then sed -n '/measuring ended/,$p' "$log" | grep '^trace'; fi
}

for cb in "${cbs[@]}"; do
  echo "untimed first run of $cb (class-data archive)"
  CLUSTERBENCH_TRACE=1 "$cb" run oltp_read_write --time 1 --out "$work/warm" >"$work/warm.log" 2>&1 || true
done
for i in $(seq 1 "$tries"); do
  for cb in "${cbs[@]}"; do
    printf '%s  ' "$cb"
    one
  done
done
