package io.clusterbench.chores;

import io.clusterbench.runner.Console;
import io.clusterbench.workload.LoadLedger;

import java.util.ArrayList;
import java.util.List;

/**
 * What an interrupted or failed {@code prepare} leaves behind (issue 16): the complete tables, the incomplete
 * ones with rows loaded and indexes missing, and the exact commands that resume the load or remove it.
 *
 * <p>Stateless.
 */
final class LoadReport {
    private LoadReport() {
    }

    /**
     * @param command the prepare command line as typed (passwords masked), starting at the command name
     * @return the same command with {@code --force} removed and {@code --resume} added
     */
    static String resumeCommand(List<String> command) {
        List<String> out = new ArrayList<>(strip(command, false));
        out.add("--resume");
        return "clusterbench " + String.join(" ", out);
    }

    /** @return the matching {@code cleanup} command: same workload and connection options, no loader options */
    static String cleanupCommand(List<String> command) {
        List<String> out = strip(command, true);
        if (!out.isEmpty() && out.get(0).equals("prepare")) {
            out.set(0, "cleanup");
        }
        return "clusterbench " + String.join(" ", out);
    }

    /**
     * @param command the prepare command line as typed (passwords masked)
     * @return the workload and its options: without the {@code prepare} word and the options that concern only the
     *         load ({@code --force}, {@code --resume}, {@code --keep}, the loader's {@code --threads})
     */
    static List<String> workloadOptions(List<String> command) {
        List<String> out = new ArrayList<>();
        for (String a : strip(command, true)) {
            if (!a.equals("prepare") && !a.equals("--keep")) {
                out.add(a);
            }
        }
        return out;
    }

    private static List<String> strip(List<String> command, boolean threadsToo) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < command.size(); i++) {
            String a = command.get(i);
            if (a.equals("--force") || a.equals("--resume") || a.startsWith("--force=") || a.startsWith("--resume=")) {
                continue;
            }
            if (threadsToo && a.equals("--threads") && i + 1 < command.size()) {
                i++;
                continue;
            }
            if (threadsToo && a.startsWith("--threads=")) {
                continue;
            }
            out.add(a);
        }
        return out;
    }

    /**
     * Prints the state of a load that did not finish: one line of complete tables, one per incomplete table,
     * then the resume and cleanup commands.
     *
     * @param why     "interrupted" or "failed"
     */
    static void print(Console out, String why, LoadLedger ledger, List<String> command) {
        List<String> done = ledger.completeTables();
        List<String> left = ledger.incomplete();
        out.line("Load " + why + (ledger.rowsWanted() > 0
                ? ": " + ledger.rowsLoaded() + " of " + ledger.rowsWanted() + " rows committed." : "."));
        out.line("  complete: " + (done.isEmpty() ? "none" : String.join(", ", done)));
        for (String line : left) {
            out.line("  incomplete: " + line);
        }
        if (!left.isEmpty() || ledger.isEmpty()) {
            out.line("  resume with:   " + resumeCommand(command));
            out.line("  or remove with: " + cleanupCommand(command));
        }
    }
}
