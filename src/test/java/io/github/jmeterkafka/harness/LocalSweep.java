package io.github.jmeterkafka.harness;

import io.github.jmeterkafka.sweep.SweepRun;
import io.github.jmeterkafka.sweep.SweepSpec;
import java.nio.file.Path;

/**
 * {@code mvn -Psweep verify -Dsweep=FILE}: the sweep against {@code -Dkafka.bootstrap} or, without
 * it, a broker started here, in the JMeter assembled under target/ with the plugin just built; the
 * rows and the report go to target/sweeps/NAME/.
 */
public final class LocalSweep {

    private LocalSweep() {}

    public static void main(String[] args) throws Exception {
        Path file = Harness.projectDir().resolve(System.getProperty("sweep", "test-plans/sweeps/quick.properties"));
        String bootstrap = System.getProperty("kafka.bootstrap", "");
        SweepSpec spec = SweepSpec.read(file);
        KafkaBroker broker = null;
        int status;
        try {
            if (bootstrap.isBlank()) {
                System.out.println("Starting a local Kafka broker...");
                broker = KafkaBroker.builder().build().start();
                bootstrap = broker.bootstrapServers();
                System.out.println("Kafka broker at " + bootstrap + " (log " + broker.logFile() + ")");
            }
            JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
            status = SweepRun.run(
                    spec,
                    jmeter.home(),
                    bootstrap,
                    Harness.targetDir().resolve("sweeps").resolve(spec.name));
        } finally {
            if (broker != null) {
                broker.close();
            }
        }
        System.exit(status);
    }
}
