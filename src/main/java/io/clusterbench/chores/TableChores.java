package io.clusterbench.chores;

import io.clusterbench.runner.Console;
import io.clusterbench.runner.ResolvedTarget;
import io.clusterbench.workload.TableProperties;
import io.clusterbench.db.TargetSpec;
import io.clusterbench.UserException;
import io.clusterbench.db.Target;
import io.clusterbench.workload.LoadLedger;
import io.clusterbench.workload.PrepareMode;
import io.clusterbench.workload.TableShape;
import io.clusterbench.workload.Workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The commands around a run that touch a workload's tables: prepare, cleanup, explain and making a
 * workload ready for background load. Each resolves the target, does its work and stops the embedded
 * server when it started one.
 *
 * <p>Thread-safe (stateless).
 */
public final class TableChores {
    private TableChores() {
    }

    /**
     * What {@link #prepare} did.
     *
     * @param seconds     wall time of the load in seconds
     * @param embedded    true when the target was a (now removed, unless kept) embedded server
     * @param interrupted true when a stop (Ctrl-C, SIGTERM) ended the load: what was loaded and how to resume it
     *                    were printed
     * @param dataDir     the embedded server's data directory (kept with {@code --keep}); null for a server of the
     *                    user's
     * @param binary      the embedded server's {@code mariadbd}; null for a server of the user's
     */
    public record Prepared(double seconds, boolean embedded, boolean interrupted, java.nio.file.Path dataDir,
                           java.nio.file.Path binary) {
    }

    /**
     * Creates and loads the workload's tables. On Ctrl-C or failure it prints what is complete, what is not,
     * and the exact commands that resume the load or remove it (issue 16), then ends as interrupted or failed.
     *
     * @param threads loader connections, &gt;= 1
     * @param mode    what to do with existing tables
     * @param command the command line as typed (passwords masked), for the resume and cleanup commands
     * @throws UserException for an unusable target or a failed load
     */
    public static Prepared prepare(TargetSpec spec, Workload w, int threads, PrepareMode mode, List<String> command,
                                   Console console) {
        LoadLedger ledger = new LoadLedger();
        Thread loader = Thread.currentThread();
        AtomicBoolean stopped = new AtomicBoolean();
        io.clusterbench.lifecycle.Lifecycle life = console.lifecycle();
        try (ResolvedTarget resolved = ResolvedTarget.resolve(spec, console);
             io.clusterbench.lifecycle.Lifecycle.Listener hook = life.onStop(() -> {
                 stopped.set(true);
                 loader.interrupt();
             })) {
            if (mode != PrepareMode.DROP) {
                TableShape.refuseForeign(resolved.target(), w, "prepare", true);
            }
            long start = System.nanoTime();
            life.enter(io.clusterbench.lifecycle.Lifecycle.Phase.LOAD); // a stop now reports what was loaded
            try (LoadFlowControl fc = LoadFlowControl.start(resolved.target(), console)) {
                w.prepare(resolved.target(), threads, mode, ledger, console::line);
            } catch (SQLException | RuntimeException e) {
                if (stopped.get()) { // the stop broke the load: not a failure of the server or of the options
                    LoadReport.print(console, "interrupted", ledger, command);
                    return prepared((System.nanoTime() - start) / 1e9, resolved, true);
                }
                if (!ledger.isEmpty()) {
                    LoadReport.print(console, "failed", ledger, command);
                }
                throw e;
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            describeTables(resolved.target(), w, console);
            return prepared(seconds, resolved, false);
        } catch (SQLException e) {
            throw new UserException("prepare failed: " + e.getErrorCode() + ": " + e.getMessage(),
                    io.clusterbench.db.Remedies.hint(e.getErrorCode(), null), e);
        }
    }

    /**
     * @param command the prepare command line as typed (passwords masked)
     * @return the workload and its options as typed, without what concerns only the load ({@code prepare},
     *         {@code --force}, {@code --resume}, {@code --keep}, the loader's {@code --threads}): for commands that use
     *         the tables it made
     */
    public static List<String> workloadOptions(List<String> command) {
        return LoadReport.workloadOptions(command);
    }

    private static Prepared prepared(double seconds, ResolvedTarget resolved, boolean interrupted) {
        return new Prepared(seconds, resolved.embedded() != null, interrupted, resolved.embeddedDataDir(),
                resolved.embeddedBinary());
    }

    /** Prints what the tables just created are, and notes where they differ from {@code --storage-engine}. */
    private static void describeTables(Target t, Workload w, Console console) throws SQLException {
        try (Connection c = t.openChecked(t.endpointFor(0), true)) {
            List<io.clusterbench.result.TableRecord> tables = TableProperties.read(c, t.database(), w.tables());
            String line = TableProperties.line(tables);
            if (line != null) {
                console.line(line);
            }
            TableProperties.notes(w.tableOptions(), tables, true).forEach(console::line);
        }
    }

    /**
     * Drops the workload's own tables.
     *
     * @param force also drop a table of the workload's name that it did not make (see {@link TableShape})
     * @return the tables dropped, in order; empty when none existed
     * @throws UserException for an unusable target or a failed drop
     */
    public static List<String> cleanup(TargetSpec spec, Workload w, boolean force, Console console) {
        try (ResolvedTarget resolved = ResolvedTarget.resolve(spec, console);
             Connection c = resolved.target().openChecked(resolved.target().endpointFor(0), true)) {
            if (!force) {
                TableShape.refuseForeign(resolved.target(), w, "cleanup", true);
            }
            return w.cleanup(c);
        } catch (SQLException e) {
            throw new UserException("cleanup failed: " + e.getMessage(), "check privileges", e);
        }
    }
}
