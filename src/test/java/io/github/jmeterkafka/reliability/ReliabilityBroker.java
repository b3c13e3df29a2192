package io.github.jmeterkafka.reliability;

import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;

/**
 * The reliability tests' own broker, not the shared one: the outage test stops and starts it, and
 * the bad-input test needs topic auto-creation off. Two partitions per topic. The tests run one
 * after another, so they can share it; a test that stops it starts it again.
 */
final class ReliabilityBroker {

    private ReliabilityBroker() {}

    static KafkaBroker get() {
        return SharedBroker.get("reliability", b -> b.numPartitions(2).autoCreateTopics(false));
    }
}
