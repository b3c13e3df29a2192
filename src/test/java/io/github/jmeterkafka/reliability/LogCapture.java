package io.github.jmeterkafka.reliability;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.Property;

/**
 * Log events of this JVM at WARN and above, as jmeter.log would show them: the plugin at INFO and
 * Kafka's clients at WARN, as JMeter's log4j2.xml and the plugin set them.
 */
final class LogCapture extends AbstractAppender {
    private final List<LogEvent> events = new CopyOnWriteArrayList<>();

    private LogCapture() {
        super("reliability-capture", null, null, true, Property.EMPTY_ARRAY);
    }

    static LogCapture install() {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configurator.setLevel("io.github.jmeterkafka", Level.INFO);
        Configurator.setLevel("org.apache.kafka", Level.WARN);
        LogCapture capture = new LogCapture();
        capture.start();
        context.getConfiguration().getRootLogger().addAppender(capture, Level.WARN, null);
        context.updateLoggers();
        return capture;
    }

    void uninstall() {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        context.getConfiguration().getRootLogger().removeAppender(getName());
        context.updateLoggers();
        stop();
    }

    @Override
    public void append(LogEvent event) {
        events.add(event.toImmutable());
    }

    void clear() {
        events.clear();
    }

    List<LogEvent> events() {
        return List.copyOf(events);
    }

    /** One line per event: level, logger, message, and the exception's class if one was logged. */
    static String describe(List<LogEvent> events) {
        return events.stream()
                .map(e -> e.getLevel() + " " + e.getLoggerName() + ": "
                        + e.getMessage().getFormattedMessage()
                        + (e.getThrown() == null ? "" : " [with stack trace of " + e.getThrown() + "]"))
                .collect(Collectors.joining("\n"));
    }
}
