package io.clusterbench.workload;

/** What {@code prepare} does with the workload's own tables when they already exist. */
public enum PrepareMode {
    /** Refuse with a hint (the default). */
    REFUSE,
    /** Drop and recreate them ({@code --force}). */
    DROP,
    /** Keep what is complete and load only what is missing: rows by chunk, then indexes ({@code --resume}). */
    RESUME
}
