package io.clusterbench.result;

/**
 * How a rejoining Galera node got the cluster's state, read from its error log (and the donor's name in it).
 * Immutable.
 *
 * @param method           {@code IST}, {@code SST}, or {@code none} (the node needed no transfer), {@code unknown}
 *                         when the log said nothing recognisable
 * @param sstMethod        for SST the script ({@code rsync}, {@code mariabackup}), else ""
 * @param donor            donor node name when the log names it, else ""
 * @param transferSeconds  from the transfer's first to its last log line; -1 when unknown
 * @param syncedSeconds    from the action's start until the node reported Synced; -1 when it did not
 */
public record StateTransferRecord(String method, String sstMethod, String donor, double transferSeconds,
                                  double syncedSeconds) {
}
