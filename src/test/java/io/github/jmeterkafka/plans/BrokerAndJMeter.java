package io.github.jmeterkafka.plans;

import io.github.jmeterkafka.harness.BackendListeners;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** What every plan test runs against: the shared broker, an admin client on it, a real JMeter with the plugin. */
abstract class BrokerAndJMeter {
    static KafkaBroker broker;
    static Admin admin;
    static JMeter jmeter;

    @BeforeAll
    static void startBrokerAndJMeter() {
        broker = SharedBroker.get();
        admin = broker.admin();
        jmeter = JMeter.fromSystemProperties().installPlugin();
    }

    @AfterAll
    static void closeAdmin() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
    }

    /**
     * test-plans/produce-consume-e2e.jmx with {@code listeners} added first under its test plan: 500 records/s from 2
     * threads, 2 consumers, for {@code seconds}, on the topic {@code name}.
     */
    static JMeter.Result e2eWithListeners(String name, String listeners, String seconds) {
        Path withListener = BackendListeners.addedTo(
                Harness.projectDir().resolve("test-plans/produce-consume-e2e.jmx"),
                Harness.targetDir().resolve("listener-plans"),
                name,
                listeners);
        return jmeter.plan(withListener)
                .name(name)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", name)
                .property("rate", "500")
                .property("duration", seconds)
                .property("threads", "2")
                .property("consumers", "2")
                .property("partitions", "2")
                // the plan starts the producers once every consumer has its partitions: the timeout is the
                // consumers' idle wait that ends each run after the producers are done (as in ScenarioPlansIT)
                // (at 250 records/s a consumer, 2 s without one is no healthy run)
                .property("timeout", "2000")
                .run();
    }
}
