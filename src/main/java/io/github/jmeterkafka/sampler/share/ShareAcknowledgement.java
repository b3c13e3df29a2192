package io.github.jmeterkafka.sampler.share;

import io.github.jmeterkafka.input.Tagged;

/** How a share consumer acknowledges what it was delivered. */
public enum ShareAcknowledgement implements Tagged {
    /** the client accepts every record it delivered, as Kafka's share-consumer perf tool runs */
    IMPLICIT("acknowledgement.implicit"),
    /** each record as the plan decides: accept, release or reject */
    EXPLICIT("acknowledgement.explicit");

    private final String tag;

    ShareAcknowledgement(String tag) {
        this.tag = tag;
    }

    @Override
    public String tag() {
        return tag;
    }
}
