package io.github.jmeterkafka.run;

import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.measure.SummaryRow;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.gui.GuiPackage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prints the end-of-test perf-test style summaries: to stdout when no GUI runs (non-GUI mode and
 * jmeter-server, where perf-test users look), always to jmeter.log, and as CSV rows to the file named by {@code kafka.summary.file}.
 */
public final class SummaryPrinter {
    private static final Logger log = LoggerFactory.getLogger(SummaryPrinter.class);

    private SummaryPrinter() {}

    public static void print(String title, String... lines) {
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

    /**
     * Appends the rows to kafka.summary.file, with the header when the file is new; a file that
     * starts with other columns (an older version's) gets the header again before the rows.
     */
    public static void csv(List<SummaryRow> rows) {
        String file = PluginProperties.get(PluginProperties.SUMMARY_FILE, "");
        if (file.isEmpty() || rows.isEmpty()) {
            return;
        }
        Path path = Path.of(file);
        String header = SummaryRow.header();
        StringBuilder text = new StringBuilder();
        for (SummaryRow row : rows) {
            text.append(row.csv()).append(System.lineSeparator());
        }
        try {
            synchronized (SummaryPrinter.class) {
                if (!Files.exists(path) || Files.size(path) == 0 || !header.equals(firstLine(path))) {
                    if (Files.exists(path) && Files.size(path) > 0) {
                        log.warn("{} starts with other columns than these rows: writing the header again", path);
                    }
                    text.insert(0, header + System.lineSeparator());
                }
                Files.writeString(
                        path, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        } catch (IOException e) {
            log.error(
                    "Cannot write the Kafka summary to {} ({}): {}",
                    path.toAbsolutePath(),
                    PluginProperties.SUMMARY_FILE,
                    e.toString());
        }
    }

    private static String firstLine(Path path) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return r.readLine();
        }
    }
}
