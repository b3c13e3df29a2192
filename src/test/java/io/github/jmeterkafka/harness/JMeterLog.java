package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Entries of a jmeter.log as bin/log4j2.xml writes them:
 * {@code 2024-01-01 12:00:00,123 ERROR o.a.j.e.StandardJMeterEngine: message}; lines that do not
 * start that way (stack traces) belong to the entry above them.
 */
public final class JMeterLog {

    private static final Pattern ENTRY =
            Pattern.compile("^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3} (TRACE|DEBUG|INFO|WARN|ERROR|FATAL) ");

    private final List<Entry> entries;

    private JMeterLog(List<Entry> entries) {
        this.entries = entries;
    }

    /**
     * The entries of a log JMeter wrote. A missing log, or one without a single entry, fails: a
     * check for "no ERROR" must not pass because there was nothing to read.
     */
    public static JMeterLog read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("No jmeter.log at " + file);
        }
        JMeterLog log;
        try {
            log = parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
        if (log.entries.isEmpty()) {
            throw new IllegalStateException(
                    "No log entry in " + file + ": not a jmeter.log as bin/log4j2.xml writes it");
        }
        return log;
    }

    public static JMeterLog parse(String text) {
        List<Entry> entries = new ArrayList<>();
        String level = null;
        StringBuilder current = null;
        for (String line : text.split("\r?\n", -1)) {
            Matcher m = ENTRY.matcher(line);
            if (m.find()) {
                if (current != null) {
                    entries.add(new Entry(level, current.toString()));
                }
                level = m.group(1);
                current = new StringBuilder(line);
            } else if (current != null && !line.isEmpty()) {
                current.append('\n').append(line);
            }
        }
        if (current != null) {
            entries.add(new Entry(level, current.toString()));
        }
        return new JMeterLog(Collections.unmodifiableList(entries));
    }

    public List<Entry> entries() {
        return entries;
    }

    /** ERROR and FATAL entries, each with its stack trace. */
    public List<String> errors() {
        return at(Set.of("ERROR", "FATAL"));
    }

    public List<String> warnings() {
        return at(Set.of("WARN"));
    }

    public List<String> warningsAndErrors() {
        return at(Set.of("WARN", "ERROR", "FATAL"));
    }

    private List<String> at(Set<String> levels) {
        return entries.stream()
                .filter(e -> levels.contains(e.level()))
                .map(Entry::text)
                .collect(Collectors.toList());
    }

    /** One log event: its level and its text, first line included. */
    public static final class Entry {
        private final String level;
        private final String text;

        Entry(String level, String text) {
            this.level = level;
            this.text = text;
        }

        public String level() {
            return level;
        }

        public String text() {
            return text;
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
