package io.github.jmeterkafka.config;

import io.github.jmeterkafka.input.PluginProperties;
import java.util.Objects;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.LoggerConfig;

/**
 * Kafka clients log their whole config at INFO each time one is made: with many threads that
 * floods jmeter.log. Unless the user configured the {@code org.apache.kafka} logger (log4j2.xml or
 * {@code -L}), it is set to {@link PluginProperties#CLIENT_LOG_LEVEL} (default WARN).
 */
final class KafkaClientLogs {
    private static final String LOGGER = "org.apache.kafka";
    // the level this class set, so that a later test in the same JVM (GUI, jmeter-server) applies the
    // property again rather than take its own setting for the user's
    private static volatile Level applied;

    private KafkaClientLogs() {}

    static void quietUnlessConfigured() {
        quietUnlessConfigured(
                Level.toLevel(PluginProperties.get(PluginProperties.CLIENT_LOG_LEVEL, "WARN"), Level.WARN));
    }

    static void quietUnlessConfigured(Level level) {
        try {
            if (!(LogManager.getContext(false) instanceof LoggerContext)) {
                return;
            }
            LoggerContext context = (LoggerContext) LogManager.getContext(false);
            LoggerConfig existing = context.getConfiguration().getLoggers().get(LOGGER);
            if (existing != null && !Objects.equals(existing.getLevel(), applied)) {
                return;
            }
            Configurator.setLevel(LOGGER, level);
            applied = level;
        } catch (LinkageError | RuntimeException e) {
            // another logging backend: leave it as configured
        }
    }
}
