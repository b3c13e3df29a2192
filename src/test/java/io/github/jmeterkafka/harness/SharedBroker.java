package io.github.jmeterkafka.harness;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Brokers for every test in this JVM: a broker takes seconds to start and runs slower while fresh,
 * so tests share one and use topics of their own. Tests that need other broker settings (or stop
 * their broker) share one of their own, by name. Stopped when the JVM exits.
 */
public final class SharedBroker {
    private static final Map<String, KafkaBroker> BROKERS = new HashMap<>();

    private SharedBroker() {}

    /** The shared broker, started on first use. A test that stops it must start it again. */
    public static KafkaBroker get() {
        return get("shared", UnaryOperator.identity());
    }

    /** The broker of that name, built with those settings on first use and started. */
    public static synchronized KafkaBroker get(String name, UnaryOperator<KafkaBroker.Builder> settings) {
        KafkaBroker broker = BROKERS.computeIfAbsent(name, n -> {
            // generous: a loaded machine has taken over a minute to boot a broker
            KafkaBroker b = settings.apply(KafkaBroker.builder().startTimeout(Duration.ofMinutes(3)))
                    .build();
            Runtime.getRuntime().addShutdownHook(new Thread(b::close, n + "-kafka-broker-stop"));
            return b;
        });
        return broker.start();
    }
}
