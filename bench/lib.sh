# Shared setup of the bench scripts: source it after `set -euo pipefail`.
#
#   bench_require_server_tools         exit 2 unless sysbench and mariadbd are installed
#   bench_start_server NAME PORT POOL LOG_FILE_SIZE
#                                      a fresh mariadbd on 127.0.0.1:PORT in a new directory $dir
#                                      (/tmp/clusterbench-NAME.XXXXXX), buffer pool POOL, redo log LOG_FILE_SIZE,
#                                      flush at commit 2, no binlog; sets $dir, $pid (the server's) and $version,
#                                      and stops the server and removes $dir on exit; BENCH_SERVER_ARGS: more
#                                      mariadbd options (e.g. --performance-schema=ON)
#   sql ARGS...                        the mariadb client as root on that server's socket
#   bench_install_cb PORT               a fixed copy of bin/clusterbench and its jar in $dir/cb (builds the jar when
#                                      missing), sets $cbin; one untimed prepare and run on PORT record its class
#                                      archive first, as a user's steady state (CLUSTERBENCH_CDS=0: without it);
#                                      CB_JAR: another build's jar to measure (default target/clusterbench.jar)
#   bench_timed CMD...                 runs CMD (output to $dir/last.log; exits on failure) and prints "WALL CLIENT SERVER":
#                                      its wall seconds, its own CPU seconds (user + system, /usr/bin/time) and the
#                                      server's CPU seconds (utime + stime of $pid from /proc) over the run
#   bench_median N...                  the median of the numbers given
#   bench_relayed_sandbox DIR BASE     a 3-node Galera sandbox behind the relay (docs/relay.md) in DIR, SQL port
#                                      of n1 BASE; destroyed on exit. Needs $cb (bin/clusterbench)
#
# Env read: MARIADBD (default: mariadbd on PATH or /usr/sbin/mariadbd).

mariadbd="${MARIADBD:-$(command -v mariadbd || echo /usr/sbin/mariadbd)}"

bench_require_server_tools() {
  command -v sysbench >/dev/null || { echo "sysbench is not installed (apt-get install sysbench)" >&2; exit 2; }
  [ -x "$mariadbd" ] || { echo "no mariadbd at $mariadbd (apt-get install mariadb-server)" >&2; exit 2; }
}

bench_stop_server() {
  if [ -n "${pid:-}" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"; wait "$pid" 2>/dev/null || true
  fi
  rm -rf "$dir"
}

sql() { mariadb --no-defaults -uroot -S "$dir/sock" "$@"; }

bench_start_server() {
  local name="$1" port="$2" pool="$3" logsize="$4"
  dir="$(mktemp -d "/tmp/clusterbench-$name.XXXXXX")"
  pid=""
  trap bench_stop_server EXIT
  mariadb-install-db --no-defaults --datadir="$dir/data" --user="$(id -un)" \
    --auth-root-authentication-method=normal >"$dir/install.log" 2>&1
  "$mariadbd" --no-defaults --datadir="$dir/data" --user="$(id -un)" --port="$port" --bind-address=127.0.0.1 \
    --socket="$dir/sock" --innodb-buffer-pool-size="$pool" --innodb-log-file-size="$logsize" \
    --innodb-flush-log-at-trx-commit=2 --skip-log-bin --max-connections=100 --skip-name-resolve \
    ${BENCH_SERVER_ARGS:-} >"$dir/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 60); do
    sql -e "SELECT 1" >/dev/null 2>&1 && break
    sleep 1
  done
  version="$(sql -N -e "SELECT VERSION()")"
}

bench_install_cb() {
  local port="$1"
  [ -n "${CB_JAR:-}" ] || [ -f "$here/target/clusterbench.jar" ] || (cd "$here" && mvn -q -B -DskipTests package)
  # no rebuild inside a timed run: clusterbench runs as a user runs it, with the launcher's JVM options for
  # prepare (C1 up to 4M rows) and its class-data-sharing archive
  mkdir -p "$dir/cb/bin" "$dir/cb/target"
  cp "$here/bin/clusterbench" "$dir/cb/bin/"
  cp "${CB_JAR:-$here/target/clusterbench.jar}" "$dir/cb/target/clusterbench.jar"
  cbin="$dir/cb/bin/clusterbench"
  sql -e "CREATE DATABASE IF NOT EXISTS cbwarm"
  "$cbin" prepare oltp_read_write --tables 1 --table-size 1000 --host 127.0.0.1 --port "$port" --user root \
    --db cbwarm >/dev/null 2>&1
  "$cbin" run oltp_read_write --tables 1 --table-size 1000 --time 1 --host 127.0.0.1 --port "$port" --user root \
    --db cbwarm >/dev/null 2>&1 || true
  sql -e "DROP DATABASE cbwarm"
}

bench_server_ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }

bench_timed() {
  local start end s0 s1
  s0="$(bench_server_ticks)"
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$dir/cpu" "$@" >"$dir/last.log" 2>&1 || { cat "$dir/last.log" >&2; exit 1; }
  end=$(date +%s.%N)
  s1="$(bench_server_ticks)"
  awk -v a="$start" -v b="$end" -v s0="$s0" -v s1="$s1" -v hz="$(getconf CLK_TCK)" -v cpu="$(cat "$dir/cpu")" \
    'BEGIN { split(cpu, c, " "); printf "%.2f %.2f %.2f\n", b - a, c[1] + c[2], (s1 - s0) / hz }'
}

bench_median() {
  printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'
}

bench_relayed_sandbox() {
  local sandbox="$1" base="$2"
  trap '"$cb" sandbox destroy --dir "'"$sandbox"'" >/dev/null 2>&1 || true' EXIT
  "$cb" sandbox galera --nodes 3 --dir "$sandbox" --base-port "$base" --relay >&2
}
