package io.github.jmeterkafka.reliability;

import java.time.Duration;

import io.github.jmeterkafka.harness.KafkaBroker;

/**
 * The reliability tests' own broker, not the shared one: the outage test stops and starts it, and
 * the bad-input test needs topic auto-creation off. Two partitions per topic. The tests run one
 * after another, so they can share it; a test that stops it starts it again.
 */
final class ReliabilityBroker {
    private static KafkaBroker broker;

    private ReliabilityBroker() {
    }

    static synchronized KafkaBroker get() {
        if (broker == null) {
            // a loaded CI machine may need more than the default minute to start it
            KafkaBroker b = KafkaBroker.builder().numPartitions(2).autoCreateTopics(false)
                    .startTimeout(Duration.ofMinutes(3)).build();
            Runtime.getRuntime().addShutdownHook(new Thread(b::close, "reliability-broker-stop"));
            broker = b;
        }
        return broker.start();
    }
}
