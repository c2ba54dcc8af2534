package io.clusterbench.result;

import java.util.Map;

/**
 * Recovery figures of one disruptive fault, computed from the run's intervals by {@link Recovery}
 * (definitions in docs/metrics.md, "Faults and recovery"). Seconds are measured from the fault's start; a
 * figure that could not be determined is -1. Immutable.
 *
 * @param step              the fault, e.g. {@code kill n3}
 * @param atSeconds         when it began, seconds since the measured start
 * @param baselineTps       median tps of the intervals that ended before the run's first disruptive fault
 * @param detectSeconds     until the end of the first interval of the window with an error or below 50% of the
 *                          baseline
 * @param stallSeconds      total time in the fault's window in intervals below {@link Recovery#STALL_SHARE} of the
 *                          baseline (at 0 tps when there is no baseline)
 * @param recoverySeconds   until the start of the interval from which tps stayed at or above 90% of the baseline
 *                          to the end of the window (intervals that end by then); 0 when it never dipped; -1 when it
 *                          was not back by the window's end
 * @param windowEndSeconds  end of the window: the next disruptive fault, or the end of the run
 * @param errorsByCode      errors of the intervals that overlap the window, by {@code code/sqlstate}
 */
public record RecoveryRecord(String step, double atSeconds, double baselineTps, double detectSeconds,
                             double stallSeconds, double recoverySeconds, double windowEndSeconds,
                             Map<String, Long> errorsByCode) {
}
