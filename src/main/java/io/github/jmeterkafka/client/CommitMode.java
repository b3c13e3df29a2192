package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.Tagged;

/**
 * How a consumer commits. Whatever the mode, only offsets of records already reported in a sample
 * are committed: Kafka's own auto-commit would also commit records polled but not yet reported.
 */
public enum CommitMode implements Tagged {
    /** asynchronously, at most every auto.commit.interval.ms, and synchronously on close */
    AUTO("commitMode.auto"),
    /** synchronously after every sample (bounded by default.api.timeout.ms) */
    SYNC("commitMode.sync"),
    /** asynchronously after every sample */
    ASYNC("commitMode.async"),
    /** never; for assign mode or reading without a group's memory */
    NONE("commitMode.none");

    private final String tag;

    CommitMode(String tag) {
        this.tag = tag;
    }

    @Override
    public String tag() {
        return tag;
    }
}
