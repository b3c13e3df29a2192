package io.github.jmeterkafka.client;

/**
 * How a consumer commits. Whatever the mode, only offsets of records already reported in a sample
 * are committed: Kafka's own auto-commit would also commit records polled but not yet reported.
 */
public enum CommitMode {
    /** asynchronously, at most every auto.commit.interval.ms, and synchronously on close */
    AUTO,
    /** synchronously after every sample (bounded by default.api.timeout.ms) */
    SYNC,
    /** asynchronously after every sample */
    ASYNC,
    /** never; for assign mode or reading without a group's memory */
    NONE
}
