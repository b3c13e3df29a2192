package io.github.jmeterkafka.report;

import io.github.jmeterkafka.measure.HlogHeader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the Kafka page into a generated dashboard: kafka.html beside index.html, the interval logs
 * it shows copied into kafka/ (the report carries its data), and a Kafka entry in every page's menu.
 */
public final class KafkaReport {

    public static final String PAGE = "kafka.html";
    static final String DATA_DIR = "kafka";

    private KafkaReport() {}

    /** Adds the page for {@code logs} to the dashboard in {@code reportDir}; returns the page. */
    public static Path write(Path reportDir, String title, List<HlogHeader> logs) throws IOException {
        Path data = Files.createDirectories(reportDir.resolve(DATA_DIR));
        List<SamplerSection> sections = new ArrayList<>();
        for (HlogHeader log : logs) {
            String name = log.path().getFileName().toString();
            Files.copy(log.path(), data.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            sections.add(SamplerSection.read(log, DATA_DIR + "/" + name));
        }
        Sidebar.link(reportDir, PAGE);
        Path index = reportDir.resolve("index.html");
        String indexHtml = Files.isRegularFile(index) ? Files.readString(index, StandardCharsets.UTF_8) : "";
        Path page = reportDir.resolve(PAGE);
        Files.writeString(page, KafkaPage.html(title, Sidebar.menu(indexHtml, PAGE), sections), StandardCharsets.UTF_8);
        return page;
    }
}
