package io.github.jmeterkafka.config;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Kafka clients log their whole config at INFO each time one is made: with many threads that
 * floods jmeter.log. Unless the user configured the {@code org.apache.kafka} logger (log4j2.xml or
 * {@code -L}), it is set to {@link PluginProperties#CLIENT_LOG_LEVEL} (default WARN).
 */
final class KafkaClientLogs {
    private static final String LOGGER = "org.apache.kafka";

    private KafkaClientLogs() {
    }

    static void quietUnlessConfigured() {
        try {
            if (!(LogManager.getContext(false) instanceof LoggerContext)) {
                return;
            }
            LoggerContext context = (LoggerContext) LogManager.getContext(false);
            if (context.getConfiguration().getLoggers().containsKey(LOGGER)) {
                return;
            }
            Configurator.setLevel(LOGGER, Level.toLevel(PluginProperties.get(PluginProperties.CLIENT_LOG_LEVEL, "WARN"), Level.WARN));
        } catch (LinkageError | RuntimeException e) {
            // another logging backend: leave it as configured
        }
    }
}
