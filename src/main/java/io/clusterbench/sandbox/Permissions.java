package io.clusterbench.sandbox;

import io.clusterbench.UserException;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.List;
import java.util.Set;

/**
 * File ownership and helper processes for a sandbox started by root, whose servers run as {@code mysql}
 * (galera-local.md pitfall 1: as root, rsync SST fails with code 23).
 *
 * <p>Thread-safe (stateless).
 */
final class Permissions {
    private Permissions() {
    }

    /** @return true when this process runs as uid 0 */
    static boolean isRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Checks that {@code user} can reach {@code dir}: every ancestor must be searchable by others.
     *
     * @throws UserException naming the first ancestor that is not
     */
    static void checkReachable(Path dir, String user) throws IOException {
        Files.setPosixFilePermissions(dir, Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_EXECUTE,
                PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE));
        for (Path p = dir.getParent(); p != null; p = p.getParent()) {
            if (!Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                throw new UserException("the servers run as user '" + user + "', who cannot enter " + p,
                        "choose a --dir under /tmp or /var/tmp, or 'chmod o+x " + p + "'");
            }
        }
    }

    /** Gives {@code dir} and everything below it to {@code user} (and the group of the same name). */
    static void chownTree(Path dir, String user) throws IOException {
        UserPrincipalLookupService lookup = dir.getFileSystem().getUserPrincipalLookupService();
        UserPrincipal owner = lookup.lookupPrincipalByName(user);
        GroupPrincipal group = lookup.lookupPrincipalByGroupName(user);
        try (var paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class);
                view.setOwner(owner);
                view.setGroup(group);
            }
        }
    }

    /**
     * Runs a helper command to completion with its output in {@code log}, owned by {@code life} while it runs: a stop
     * kills it (SIGKILL) rather than leaving it running.
     *
     * @throws UserException when it fails or runs over 5 minutes
     */
    static void run(List<String> command, Path log, io.clusterbench.lifecycle.Lifecycle life) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.to(log.toFile())).start();
            if (!Children.await(p, java.time.Duration.ofMinutes(5), life, command.get(0))) {
                throw new UserException(command.get(0) + (life.stopRequested() ? " was stopped"
                        : " did not finish within 5 minutes"), "see " + log);
            }
            if (p.exitValue() != 0) {
                throw new UserException(command.get(0) + " failed (exit " + p.exitValue() + "): "
                        + NodeLauncher.tail(log), "see " + log);
            }
        } catch (IOException e) {
            throw new UserException("cannot run " + command.get(0) + ": " + e.getMessage(), null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserException("interrupted while running " + command.get(0), null, e);
        }
    }

    /** Deletes a directory tree; @throws UserException when something cannot be deleted */
    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException e) throws IOException {
                    Files.delete(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UserException("cannot remove " + dir + ": " + e.getMessage(), "remove it by hand", e);
        }
    }
}
