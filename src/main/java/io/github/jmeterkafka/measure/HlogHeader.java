package io.github.jmeterkafka.measure;

import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a sampler's interval log says about itself in its first lines: the {@code #kafka.} comments
 * and HdrHistogram's {@code #[StartTime: ...]}. Read without the histograms, to pick the logs of a run.
 */
public record HlogHeader(Path path, String kind, String label, String latency, long startMs) {

    public static final String KAFKA_COMMENT = "#kafka.";
    private static final String START_TIME = "#[StartTime: ";

    /** The header of {@code file}, or empty when it lacks the kafka label or the start time. */
    public static Optional<HlogHeader> read(Path file) throws IOException {
        String kind = "";
        String label = null;
        String latency = "";
        Long startMs = null;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            // the header ends at the first line that is not a comment: the CSV legend
            while ((line = in.readLine()) != null && line.startsWith("#")) {
                if (line.startsWith(START_TIME)) {
                    String seconds = line.substring(START_TIME.length()).split(" ", 2)[0];
                    startMs = new BigDecimal(seconds).movePointRight(3).longValue();
                } else if (line.startsWith(KAFKA_COMMENT)) {
                    String value = line.substring(line.indexOf('=') + 1);
                    String key =
                            line.substring(KAFKA_COMMENT.length(), Math.max(KAFKA_COMMENT.length(), line.indexOf('=')));
                    switch (key) {
                        case "kind" -> kind = value;
                        case "label" -> label = value;
                        case "latency" -> latency = value;
                        default -> {}
                    }
                }
            }
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return label == null || startMs == null
                ? Optional.empty()
                : Optional.of(new HlogHeader(file, kind, label, latency, startMs));
    }

    public boolean consumer() {
        return "consumer".equals(kind);
    }
}
