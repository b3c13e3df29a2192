package io.github.jmeterkafka.harness;

import java.time.Duration;

/**
 * One broker for every test in this JVM: a broker takes seconds to start and runs slower while
 * fresh, so tests share it and use topics of their own. Stopped when the JVM exits.
 */
public final class SharedBroker {

    private static KafkaBroker broker;

    private SharedBroker() {
    }

    /** The shared broker, started on first use. A test that stops it must start it again. */
    public static synchronized KafkaBroker get() {
        if (broker == null) {
            // generous: a loaded machine has taken over a minute to boot a broker
            KafkaBroker b = KafkaBroker.builder().startTimeout(Duration.ofMinutes(3)).build();
            Runtime.getRuntime().addShutdownHook(new Thread(b::close, "shared-kafka-broker-stop"));
            broker = b;
        }
        return broker.start();
    }
}
