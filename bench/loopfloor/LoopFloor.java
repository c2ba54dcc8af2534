import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * The floor of an event-loop load generator (issue 37's first step): N connections driven by L loop threads, each
 * a selector over non-blocking sockets; every connection runs {@code SELECT c FROM sbtestT WHERE id=?} as a
 * server-side prepared statement (one per table, prepared at connect; binary protocol, as sysbench's
 * oltp_point_select does with its default {@code --db-ps-mode=auto}), or with {@code text} as a plain query, awaits
 * its result set and sends the next, with no wake-up per statement while connections are busy. No histogram, no
 * intervals: the bare cost of the socket path, to compare with sysbench's oltp_point_select.
 *
 * <p>Run with the JDK's single-file launcher: {@code java bench/loopfloor/LoopFloor.java HOST PORT USER DB TABLES
 * TABLE_SIZE CONNECTIONS LOOPS SECONDS [ps|text]}. Prints one line of {@code key=value}: events, tps, the process's
 * CPU seconds (user, system) and context switches (voluntary, involuntary) over the measured window, all threads
 * summed from /proc/self/task, and the peak RSS. The password is empty (a benchmark server's root).
 */
public final class LoopFloor {
    private static final LongAdder EVENTS = new LongAdder();
    private static volatile boolean running = true;

    public static void main(String[] args) throws Exception {
        String host = args[0];
        int port = Integer.parseInt(args[1]);
        String user = args[2];
        String db = args[3];
        int tables = Integer.parseInt(args[4]);
        int tableSize = Integer.parseInt(args[5]);
        int connections = Integer.parseInt(args[6]);
        int loops = Integer.parseInt(args[7]);
        int seconds = Integer.parseInt(args[8]);
        boolean prepared = args.length < 10 || args[9].equals("ps");
        List<List<Conn>> perLoop = new ArrayList<>();
        for (int l = 0; l < loops; l++) {
            perLoop.add(new ArrayList<>());
        }
        for (int i = 0; i < connections; i++) {
            perLoop.get(i % loops).add(Conn.open(host, port, user, db, tables, tableSize, i, prepared));
        }
        List<Thread> threads = new ArrayList<>();
        for (List<Conn> conns : perLoop) {
            Thread t = new Thread(() -> loop(conns), "loop");
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        Thread.sleep(3000); // warm up the loop and the JIT (the window starts 3 s in, as the script's for sysbench)
        long e0 = EVENTS.sum();
        long[] cpu0 = procTasks();
        long t0 = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        long e1 = EVENTS.sum();
        long[] cpu1 = procTasks();
        double elapsed = (System.nanoTime() - t0) / 1e9;
        running = false;
        long events = e1 - e0;
        System.out.printf(java.util.Locale.ROOT, "events=%d tps=%.2f user_s=%.2f sys_s=%.2f vcsw=%d ivcsw=%d rss_kb=%d%n",
                events, events / elapsed, (cpu1[0] - cpu0[0]) / 100.0, (cpu1[1] - cpu0[1]) / 100.0, cpu1[2] - cpu0[2],
                cpu1[3] - cpu0[3], peakRssKb());
        System.exit(0);
    }

    private static void loop(List<Conn> conns) {
        try (Selector selector = Selector.open()) {
            for (Conn c : conns) {
                c.channel.configureBlocking(false);
                c.channel.register(selector, SelectionKey.OP_READ, c);
                c.sendNext();
            }
            while (running) {
                selector.select(100);
                for (SelectionKey k : selector.selectedKeys()) {
                    Conn c = (Conn) k.attachment();
                    if (c.readResponse()) {
                        EVENTS.increment();
                        c.sendNext();
                    }
                }
                selector.selectedKeys().clear();
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** utime, stime (ticks), voluntary and involuntary context switches summed over this process's threads. */
    private static long[] procTasks() throws IOException {
        long[] out = new long[4];
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : tasks.toList()) {
                try {
                    String stat = Files.readString(t.resolve("stat"));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    out[0] += Long.parseLong(f[11]);
                    out[1] += Long.parseLong(f[12]);
                    for (String line : Files.readAllLines(t.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:")) {
                            out[2] += Long.parseLong(line.split("\\s+")[1]);
                        } else if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                            out[3] += Long.parseLong(line.split("\\s+")[1]);
                        }
                    }
                } catch (IOException gone) {
                    // a thread that ended meanwhile
                }
            }
        }
        return out;
    }

    private static long peakRssKb() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmHWM:")) {
                return Long.parseLong(line.split("\\s+")[1]);
            }
        }
        return -1;
    }

    /** One connection: its socket, its read buffer, and where the current result set is. */
    private static final class Conn {
        final SocketChannel channel;
        final SplittableRandom random;
        final int tables;
        final int tableSize;
        ByteBuffer in = ByteBuffer.allocate(16 * 1024).order(ByteOrder.LITTLE_ENDIAN);
        final ByteBuffer out = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
        /** Statement ids per table (index 0 = sbtest1); null in text mode. */
        int[] statements;
        int eofs;
        boolean header;

        private Conn(SocketChannel channel, int tables, int tableSize, long seed) {
            this.channel = channel;
            this.tables = tables;
            this.tableSize = tableSize;
            this.random = new SplittableRandom(seed);
        }

        static Conn open(String host, int port, String user, String db, int tables, int tableSize, long seed,
                         boolean prepared) throws Exception {
            SocketChannel ch = SocketChannel.open(new InetSocketAddress(host, port));
            ch.socket().setTcpNoDelay(true);
            Conn c = new Conn(ch, tables, tableSize, seed);
            c.handshake(user, db);
            if (prepared) {
                c.statements = new int[tables];
                for (int t = 0; t < tables; t++) {
                    c.statements[t] = c.prepare("SELECT c FROM sbtest" + (t + 1) + " WHERE id=?");
                }
            }
            return c;
        }

        /** Blocking COM_STMT_PREPARE; @return the statement id (its parameter and column definitions read) */
        private int prepare(String sql) throws IOException {
            byte[] text = sql.getBytes(StandardCharsets.UTF_8);
            ByteBuffer r = ByteBuffer.allocate(5 + text.length).order(ByteOrder.LITTLE_ENDIAN);
            r.putInt(1 + text.length).put((byte) 0x16).put(text).flip(); // sequence id 0
            while (r.hasRemaining()) {
                channel.write(r);
            }
            ByteBuffer ok = readPacketBlocking();
            if ((ok.get(0) & 0xff) != 0) {
                throw new IOException("prepare failed: " + new String(ok.array(), 3, ok.limit() - 3, StandardCharsets.UTF_8));
            }
            int id = ok.getInt(1);
            int columns = ok.getShort(5) & 0xffff;
            int params = ok.getShort(7) & 0xffff;
            for (int i = 0; i < (params > 0 ? params + 1 : 0) + (columns > 0 ? columns + 1 : 0); i++) {
                readPacketBlocking(); // definitions, each list closed by an EOF
            }
            return id;
        }

        /** Blocking: reads the server's greeting, answers with an empty password, reads the OK. */
        private void handshake(String user, String db) throws Exception {
            ByteBuffer greeting = readPacketBlocking();
            greeting.get(); // protocol version
            while (greeting.get() != 0) {
                // the server version, up to its NUL
            }
            greeting.getInt(); // connection id; then the seed, unused with an empty password
            int capabilities = 0x0001 | 0x0004 | 0x0008 | 0x0200 | 0x2000 | 0x8000 | 0x80000; // long password, long
            // flag, connect with db, protocol 41, transactions, secure connection, plugin auth
            byte[] userBytes = user.getBytes(StandardCharsets.UTF_8);
            byte[] dbBytes = db.getBytes(StandardCharsets.UTF_8);
            byte[] plugin = "mysql_native_password".getBytes(StandardCharsets.UTF_8);
            ByteBuffer r = ByteBuffer.allocate(128 + userBytes.length + dbBytes.length).order(ByteOrder.LITTLE_ENDIAN);
            r.putInt(0); // header, filled below
            r.putInt(capabilities).putInt(1 << 24).put((byte) 33).put(new byte[23]);
            r.put(userBytes).put((byte) 0).put((byte) 0); // empty auth response
            r.put(dbBytes).put((byte) 0).put(plugin).put((byte) 0);
            int len = r.position() - 4;
            r.putInt(0, len | (1 << 24)); // sequence id 1
            r.flip();
            while (r.hasRemaining()) {
                channel.write(r);
            }
            ByteBuffer ok = readPacketBlocking();
            if ((ok.get(0) & 0xff) != 0) {
                throw new IOException("login failed: " + new String(ok.array(), 3, ok.limit() - 3, StandardCharsets.UTF_8));
            }
        }

        private ByteBuffer readPacketBlocking() throws IOException {
            ByteBuffer h = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            while (h.hasRemaining()) {
                if (channel.read(h) < 0) {
                    throw new IOException("closed");
                }
            }
            int len = h.getInt(0) & 0xffffff;
            ByteBuffer p = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
            while (p.hasRemaining()) {
                if (channel.read(p) < 0) {
                    throw new IOException("closed");
                }
            }
            p.flip();
            return p;
        }

        void sendNext() throws IOException {
            int table = random.nextInt(tables);
            int id = 1 + random.nextInt(tableSize);
            out.clear();
            if (statements != null) { // COM_STMT_EXECUTE: id, no cursor, 1 iteration, null bitmap, types bound, LONG
                out.putInt(0).put((byte) 0x17).putInt(statements[table]).put((byte) 0).putInt(1).put((byte) 0)
                        .put((byte) 1).putShort((short) 0x03).putInt(id);
            } else {
                String sql = "SELECT c FROM sbtest" + (1 + table) + " WHERE id=" + id;
                out.putInt(0).put((byte) 3);
                for (int i = 0; i < sql.length(); i++) {
                    out.put((byte) sql.charAt(i));
                }
            }
            out.putInt(0, (out.position() - 4)); // sequence id 0
            out.flip();
            while (out.hasRemaining()) {
                channel.write(out); // 60 bytes into an empty send buffer: written at once
            }
            eofs = 0;
            header = false;
        }

        /** Reads what arrived; @return true when the current result set is complete */
        boolean readResponse() throws IOException {
            if (channel.read(in) < 0) {
                throw new IOException("server closed the connection");
            }
            in.flip();
            boolean done = false;
            while (in.remaining() >= 4) {
                int len = in.getInt(in.position()) & 0xffffff;
                if (in.remaining() < 4 + len) {
                    break;
                }
                int first = in.get(in.position() + 4) & 0xff;
                in.position(in.position() + 4 + len);
                if (first == 0xff) {
                    throw new IOException("server error");
                }
                if (!header) {
                    header = true; // the column count
                } else if (first == 0xfe && len < 9 && ++eofs == 2) {
                    done = true; // columns' EOF, then rows, then the last EOF
                }
            }
            in.compact();
            return done;
        }
    }
}
