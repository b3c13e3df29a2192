package io.github.jmeterkafka.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configurator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class KafkaClientLogsTest {

    @AfterEach
    void quietAgain() {
        Configurator.setLevel("org.apache.kafka", Level.WARN);
    }

    @Test
    void eachTestAppliesTheLevelAsked_untilTheUserSetsOneOfTheirOwn() {
        KafkaClientLogs.quietUnlessConfigured(Level.WARN);
        KafkaClientLogs.quietUnlessConfigured(Level.ERROR);
        assertThat(LogManager.getLogger("org.apache.kafka.clients").getLevel())
                .as("a later test's property")
                .isEqualTo(Level.ERROR);

        Configurator.setLevel("org.apache.kafka", Level.DEBUG);
        KafkaClientLogs.quietUnlessConfigured(Level.WARN);
        assertThat(LogManager.getLogger("org.apache.kafka.clients").getLevel())
                .as("the user's level")
                .isEqualTo(Level.DEBUG);
    }
}
