package io.clusterbench.engine;

import io.clusterbench.UserException;
import io.clusterbench.db.VendorCodes;

import java.util.BitSet;

/**
 * Which statement errors restart the event instead of stopping the run ({@code --ignore-errors}, the
 * equivalent of sysbench's {@code --mysql-ignore-errors}).
 *
 * <p>Immutable and thread-safe. Lost connections always reconnect and the failover codes (1047, 1180, 3100) always reroute; this policy
 * decides only for other statement errors.
 */
public final class ErrorPolicy {
    private final boolean all;
    private final BitSet codes;
    private final String spec;

    private ErrorPolicy(boolean all, BitSet codes, String spec) {
        this.all = all;
        this.codes = codes;
        this.spec = spec;
    }

    /**
     * @param spec comma-separated vendor codes, {@code all}, or {@code none}/empty
     * @throws UserException for a value that is not a number
     */
    public static ErrorPolicy parse(String spec) {
        String s = spec == null ? "" : spec.strip();
        if (s.equalsIgnoreCase("all")) {
            return new ErrorPolicy(true, new BitSet(), "all");
        }
        BitSet codes = new BitSet();
        if (!s.isEmpty() && !s.equalsIgnoreCase("none")) {
            for (String part : s.split(",")) {
                try {
                    int code = Integer.parseInt(part.strip());
                    if (code < 0) {
                        throw new NumberFormatException();
                    }
                    codes.set(code);
                } catch (NumberFormatException e) {
                    throw new UserException("invalid --ignore-errors value '" + part.strip() + "'",
                            "give vendor error codes separated by commas (default " + VendorCodes.DEFAULT_IGNORED
                                    + "), 'all' or 'none'");
                }
            }
        }
        return new ErrorPolicy(false, codes, s.isEmpty() ? "none" : s);
    }

    /**
     * @return true when a statement error with this vendor code restarts the event; Group Replication's
     *         certification rollback (3101) follows the deadlock code 1213, as Galera's certification failure does
     */
    public boolean ignores(int vendorCode) {
        if (vendorCode == VendorCodes.GR_CERTIFICATION_ROLLBACK) {
            return all || codes.get(vendorCode) || codes.get(VendorCodes.DEADLOCK);
        }
        return all || codes.get(vendorCode);
    }

    /** @return true for {@code --ignore-errors all} */
    public boolean ignoresAll() {
        return all;
    }

    /** @return the policy as given, e.g. {@code 1213,1205,1020} */
    @Override
    public String toString() {
        return spec;
    }
}
