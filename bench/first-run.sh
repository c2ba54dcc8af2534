#!/bin/bash
# README's first run on the embedded server, per build: the seconds from launch to "Threads started!" and to the first
# interval line, for a first run on an empty cache and a second run on the cache it built. The builds alternate
# within each round, each on a fresh cache of its own (CLUSTERBENCH_CACHE), all through `java -jar` (no launcher, no
# class-data archive: the same for every build). One row per run, then each jar's size.
#
# usage: bench/first-run.sh JAR [JAR...]   (env: ROUNDS=3, TIME=2)
# Run it under the machine-wide lock: flock /tmp/cb-bench.lock bench/first-run.sh before.jar target/clusterbench.jar
set -euo pipefail
ROUNDS=${ROUNDS:-3}
TIME=${TIME:-2}
[ $# -ge 1 ] || { echo "usage: bench/first-run.sh JAR [JAR...]" >&2; exit 2; }
for jar in "$@"; do
  [ -f "$jar" ] || { echo "no such jar: $jar" >&2; exit 2; }
done
work=$(mktemp -d /tmp/clusterbench-first-run.XXXXXX)
trap 'rm -rf "$work"' EXIT

# $1 jar, $2 cache, $3 output dir -> "STARTED FIRST_INTERVAL" in seconds since launch (-1 when absent)
timed_run() {
  local start line now started=-1 first=-1
  start=$(date +%s.%N)
  while IFS= read -r line; do
    now=$(date +%s.%N)
    case "$line" in
      "Threads started!"*) [ "$started" = -1 ] && started=$(echo "$now - $start" | bc) ;;
      "[ 1s ]"*) [ "$first" = -1 ] && first=$(echo "$now - $start" | bc) ;;
    esac
  done < <(CLUSTERBENCH_CACHE="$2" java -jar "$1" run oltp_read_write --time "$TIME" --report-interval 1 --out "$3" 2>&1)
  printf '%.2f %.2f\n' "$started" "$first"
}

printf '%-6s %-40s %-7s %9s %15s\n' round jar run started first-interval
for round in $(seq 1 "$ROUNDS"); do
  for jar in "$@"; do
    cache="$work/cache-$round-$(basename "$jar")"
    for run in first second; do
      read -r started first < <(timed_run "$jar" "$cache" "$work/out-$round-$run-$(basename "$jar")")
      printf '%-6s %-40s %-7s %8ss %14ss\n' "$round" "$jar" "$run" "$started" "$first"
    done
    rm -rf "$cache"
  done
done
for jar in "$@"; do
  printf 'jar %s: %d bytes\n' "$jar" "$(stat -c %s "$jar")"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
