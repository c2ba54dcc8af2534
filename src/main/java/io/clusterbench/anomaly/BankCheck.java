package io.clusterbench.anomaly;

import java.util.ArrayList;
import java.util.List;

/**
 * The bank invariant over a history: every acknowledged read of all balances shows every account, no negative
 * balance, and the total the bank started with. A read that breaks it saw money created or destroyed (or a partial
 * state).
 *
 * <p>Immutable.
 *
 * @param accounts      accounts the bank has
 * @param expectedTotal what every read must total
 * @param readsChecked  acknowledged reads
 * @param wrongTotal    reads whose total differs from {@code expectedTotal}
 * @param negative      reads holding a negative balance
 * @param wrongAccounts reads that did not show exactly {@code accounts} rows
 * @param minTotal      the smallest total read (the expected total when nothing was read)
 * @param maxTotal      the largest total read (the expected total when nothing was read)
 * @param transfers     acknowledged transfers that moved money
 * @param witnesses     the first {@value AppendChecker#MAX_WITNESSES} reads that broke the invariant
 * @param upperBound95  when no read broke it, the 95% upper bound on the rate of bad reads ({@link ClassCount}); else
 *                      null
 */
public record BankCheck(int accounts, long expectedTotal, long readsChecked, long wrongTotal, long negative,
                        long wrongAccounts, long minTotal, long maxTotal, long transfers, List<BankRead> witnesses,
                        Double upperBound95) {
    /** Copies the list. */
    public BankCheck {
        witnesses = List.copyOf(witnesses);
    }

    /** @return true when no read broke the invariant */
    public boolean passed() {
        return wrongTotal == 0 && negative == 0 && wrongAccounts == 0;
    }

    /**
     * @param history   the history's bank operations
     * @param accounts  accounts the bank has
     * @param expected  what every read must total
     * @return the check
     */
    public static BankCheck of(History history, int accounts, long expected) {
        long checked = 0;
        long wrongTotal = 0;
        long negative = 0;
        long wrongAccounts = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        List<BankRead> witnesses = new ArrayList<>();
        for (BankRead r : history.bankReads()) {
            if (r.outcome() != Outcome.OK || r.balances() == null) {
                continue;
            }
            checked++;
            long total = r.total();
            min = Math.min(min, total);
            max = Math.max(max, total);
            boolean bad = false;
            if (total != expected) {
                wrongTotal++;
                bad = true;
            }
            if (java.util.Arrays.stream(r.balances()).anyMatch(b -> b < 0)) {
                negative++;
                bad = true;
            }
            if (r.balances().length != accounts) {
                wrongAccounts++;
                bad = true;
            }
            if (bad && witnesses.size() < AppendChecker.MAX_WITNESSES) {
                witnesses.add(r);
            }
        }
        long transfers = history.transfers().stream().filter(t -> t.outcome() == Outcome.OK && t.applied()).count();
        boolean passed = wrongTotal == 0 && negative == 0 && wrongAccounts == 0;
        return new BankCheck(accounts, expected, checked, wrongTotal, negative, wrongAccounts,
                checked == 0 ? expected : min, checked == 0 ? expected : max, transfers, witnesses,
                passed ? ClassCount.zeroUpperBound95(checked) : null);
    }
}
