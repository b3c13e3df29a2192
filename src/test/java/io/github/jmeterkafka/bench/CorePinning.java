package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.CorePins;

/**
 * {@code bench.pin=true}: the broker on the first core, this JVM and every process it starts later (JMeter, Kafka's
 * tools) on the others, as a broker and its load generator stand on separate hosts. Without it they share every core
 * and the broker's knee moves with what the generator does at the same moment. Linux's taskset; threads started later
 * take their parent's cores.
 */
final class CorePinning {
    private CorePinning() {}

    static boolean asked() {
        return Boolean.getBoolean("bench.pin");
    }

    /** Pins, or says why not; returns the line for the results (empty when not asked). */
    static String pin(long brokerPid) {
        if (!asked()) {
            return "";
        }
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores < 2) {
            return "not pinned: " + cores + " core";
        }
        String others = cores == 2 ? "1" : "1-" + (cores - 1);
        String broker = CorePins.pin("0", brokerPid);
        String self = CorePins.pin(others, ProcessHandle.current().pid());
        return "pinned: the broker on core 0 (" + broker + "), the load generators on core " + others + " (" + self
                + ")";
    }
}
