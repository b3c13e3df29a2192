package io.github.jmeterkafka.plans;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;
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
}
