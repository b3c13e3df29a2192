package io.github.jmeterkafka.harness;

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
            KafkaBroker b = KafkaBroker.builder().build();
            Runtime.getRuntime().addShutdownHook(new Thread(b::close, "shared-kafka-broker-stop"));
            broker = b;
        }
        return broker.start();
    }
}
