package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.input.Tagged;

/** What a paced sampler does with records whose send time has passed while its threads were busy. */
public enum BehindSchedule implements Tagged {
    /** Sends them as fast as it can (OpenMessaging Benchmark's way): their wait counts in the corrected latency. */
    CATCH_UP("behindSchedule.catchUp"),
    /** Leaves out those more than the grace late, and counts them. */
    SKIP("behindSchedule.skip");

    private final String tag;

    BehindSchedule(String tag) {
        this.tag = tag;
    }

    @Override
    public String tag() {
        return tag;
    }
}
