# Shared setup of the bench scripts: source it after `set -euo pipefail`.
#
#   bench_require_server_tools         exit 2 unless sysbench and mariadbd are installed
#   bench_start_server NAME PORT POOL LOG_FILE_SIZE
#                                      a fresh mariadbd on 127.0.0.1:PORT in a new directory $dir
#                                      (/tmp/clusterbench-NAME.XXXXXX), buffer pool POOL, redo log LOG_FILE_SIZE,
#                                      flush at commit 2, no binlog; sets $dir, $pid (the server's) and $version,
#                                      and stops the server and removes $dir on exit
#   sql ARGS...                        the mariadb client as root on that server's socket
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
    >"$dir/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 60); do
    sql -e "SELECT 1" >/dev/null 2>&1 && break
    sleep 1
  done
  version="$(sql -N -e "SELECT VERSION()")"
}

bench_relayed_sandbox() {
  local sandbox="$1" base="$2"
  trap '"$cb" sandbox destroy --dir "'"$sandbox"'" >/dev/null 2>&1 || true' EXIT
  "$cb" sandbox galera --nodes 3 --dir "$sandbox" --base-port "$base" --relay >&2
}
