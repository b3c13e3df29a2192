package io.github.jmeterkafka.sampler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.apache.jmeter.JMeter;
import org.apache.jmeter.gui.GuiPackage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.github.jmeterkafka.config.PluginProperties;

/**
 * Prints the end-of-test perf-test style summaries: to stdout when no GUI runs (non-GUI mode and
 * jmeter-server, where perf-test users look), always to jmeter.log, and as CSV rows to the file named by {@code kafka.summary.file}.
 */
final class SummaryPrinter {
    private static final Logger log = LoggerFactory.getLogger(SummaryPrinter.class);

    private SummaryPrinter() {
    }

    static void print(String title, String... lines) {
        StringBuilder text = new StringBuilder(title);
        for (String line : lines) {
            text.append(System.lineSeparator()).append(line);
        }
        // headless: jmeter -n, and each jmeter-server's own console in distributed mode
        if (JMeter.isNonGUI() || GuiPackage.getInstance() == null) {
            System.out.println(text); // NOSONAR the summary is meant for the console
        }
        log.info("{}", text);
    }

    /** Appends one CSV row, with the header when the file is new. */
    static void csv(String header, String row) {
        String file = PluginProperties.get(PluginProperties.SUMMARY_FILE, "");
        if (file.isEmpty()) {
            return;
        }
        Path path = Path.of(file);
        try {
            synchronized (SummaryPrinter.class) {
                if (!Files.exists(path) || Files.size(path) == 0) {
                    Files.writeString(path, header + System.lineSeparator(), StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                }
                Files.writeString(path, row + System.lineSeparator(), StandardCharsets.UTF_8,
                        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        } catch (IOException e) {
            log.error("Cannot write the Kafka summary to {} ({}): {}", path.toAbsolutePath(),
                    PluginProperties.SUMMARY_FILE, e.toString());
        }
    }
}
