package io.clusterbench.embedded;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * Directory trees of servers: copied in chunks of {@value #CHUNK_BYTES} bytes, each chunk a step of a
 * {@link StartGuard} (so a stop waits for at most one chunk), and deleted best effort. Copies are sparse: a block of
 * zeros is left as a hole, which reads as zeros and is allocated when the server first writes it, as in the files a
 * fresh server creates (fallocated, unwritten). A fresh data directory is mostly such blocks (the redo log, the undo
 * and system tablespaces: about 136 of its 143 MB), so a server's copy writes about 7 MB, and deleting it frees
 * that much.
 *
 * <p>Stateless and thread-safe.
 */
public final class Trees {
    private static final int CHUNK_BYTES = 8 << 20;
    /** The file system's block: the unit a copy leaves as a hole when it holds only zeros. */
    private static final int BLOCK_BYTES = 4096;
    private static final byte[] ZERO_BLOCK = new byte[BLOCK_BYTES];

    private Trees() {
    }

    /**
     * Copies a directory tree (a data directory template), keeping permissions and modification times and leaving out
     * a server's {@code *.pid} and {@code *.sock} files.
     *
     * @param guard stops the copy between two chunks
     * @throws UncheckedIOException  when a file cannot be copied
     * @throws CancellationException when the guard is cancelled
     */
    public static void copy(Path from, Path to, StartGuard guard) {
        byte[] chunk = new byte[CHUNK_BYTES];
        try {
            Files.walkFileTree(from, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) throws IOException {
                    guard.step(() -> Files.createDirectories(to.resolve(from.relativize(d).toString())));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) throws IOException {
                    String name = f.getFileName().toString();
                    if (!name.endsWith(".pid") && !name.endsWith(".sock")) {
                        copyFile(f, to.resolve(from.relativize(f).toString()), guard, chunk);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + from + " to " + to + ": " + e.getMessage(), e);
        }
    }

    private static void copyFile(Path from, Path to, StartGuard guard, byte[] chunk) throws IOException {
        FileChannel[] out = new FileChannel[1];
        try (FileChannel in = FileChannel.open(from)) {
            // created inside a step: once a cancel returned, nothing new appears in a tree it deletes
            guard.step(() -> out[0] = FileChannel.open(to, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
            long size = in.size();
            long[] at = {0};
            while (at[0] < size) {
                guard.step(() -> {
                    int n = readFully(in, chunk, at[0], (int) Math.min(CHUNK_BYTES, size - at[0]));
                    if (n <= 0) {
                        throw new IOException(from + " ended at " + at[0] + " of its " + size + " bytes");
                    }
                    writeSparse(out[0], chunk, n, at[0], at[0] + n == size);
                    at[0] += n;
                });
            }
        } finally {
            if (out[0] != null) {
                out[0].close();
            }
        }
        guard.step(() -> {
            Files.setPosixFilePermissions(to, Files.getPosixFilePermissions(from));
            Files.setLastModifiedTime(to, Files.getLastModifiedTime(from));
        });
    }

    /** @return the bytes read into {@code chunk} from {@code position}: {@code length}, or fewer at the file's end */
    private static int readFully(FileChannel in, byte[] chunk, long position, int length) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(chunk, 0, length);
        while (b.hasRemaining()) {
            if (in.read(b, position + b.position()) < 0) {
                break;
            }
        }
        return b.position();
    }

    /**
     * Writes {@code chunk[0, length)} at {@code position}, leaving its all-zero {@value #BLOCK_BYTES}-byte blocks as
     * holes; the file's last block is always written, so the copy has the source's size.
     */
    static void writeSparse(FileChannel out, byte[] chunk, int length, long position, boolean last)
            throws IOException {
        int run = -1; // where the current run of blocks to write began
        for (int b = 0; b < length; b += BLOCK_BYTES) {
            int end = Math.min(length, b + BLOCK_BYTES);
            boolean write = (last && end == length) || Arrays.mismatch(chunk, b, end, ZERO_BLOCK, 0, end - b) >= 0;
            if (write && run < 0) {
                run = b;
            } else if (!write && run >= 0) {
                writeAt(out, chunk, run, b, position);
                run = -1;
            }
        }
        if (run >= 0) {
            writeAt(out, chunk, run, length, position);
        }
    }

    private static void writeAt(FileChannel out, byte[] chunk, int from, int to, long position) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(chunk, from, to - from);
        while (b.hasRemaining()) {
            out.write(b, position + b.position());
        }
    }

    /**
     * Writes a stream into a new file in chunks, each a step of {@code guard}.
     *
     * @param executable also make it executable by its owner
     * @throws CancellationException when the guard is cancelled
     */
    static void write(InputStream in, Path to, boolean executable, StartGuard guard) throws IOException {
        byte[] buffer = new byte[1 << 20];
        java.io.OutputStream[] out = new java.io.OutputStream[1];
        try {
            guard.step(() -> out[0] = Files.newOutputStream(to, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
            int[] n = {buffer.length};
            while (n[0] == buffer.length) {
                guard.step(() -> {
                    n[0] = in.readNBytes(buffer, 0, buffer.length);
                    out[0].write(buffer, 0, n[0]);
                });
            }
        } finally {
            if (out[0] != null) {
                out[0].close();
            }
        }
        if (executable) {
            guard.step(() -> {
                Set<PosixFilePermission> p = Files.getPosixFilePermissions(to);
                p.add(PosixFilePermission.OWNER_EXECUTE);
                p.add(PosixFilePermission.GROUP_EXECUTE);
                p.add(PosixFilePermission.OTHERS_EXECUTE);
                Files.setPosixFilePermissions(to, p);
            });
        }
    }

    /**
     * Deletes a directory tree, best effort: a file that cannot be read or deleted is skipped, not fatal, and a second
     * pass catches files a just-stopped server was still removing.
     */
    public static void delete(Path root) {
        for (int pass = 0; pass < 2 && Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS); pass++) {
            try {
                Files.walkFileTree(root, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                        f.toFile().delete();
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path f, IOException e) {
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult postVisitDirectory(Path d, IOException e) {
                        d.toFile().delete();
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                // best effort: what is left is named by the caller's checks
            }
        }
    }
}
