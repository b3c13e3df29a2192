package io.github.jmeterkafka.report;

import io.github.jmeterkafka.measure.HlogHeader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The interval logs of one results file: those whose label is one of its sample labels and that
 * started within its time span. A log starts when its sampler's first sample does, or a little
 * before (set-up, a slow first connection): up to {@link #EARLY_START_MS} before the first sample.
 * When nothing matches, {@link #reason()} says why in one sentence.
 */
public record HlogSelection(List<HlogHeader> logs, String reason) {

    static final long EARLY_START_MS = 60_000;

    /**
     * The directory named by the {@code kafka.hlog.dir} value: absolute as it is; relative, in the
     * results file's directory if it exists there, else in the current directory.
     */
    public static Path directory(String value, Path jtlDir) {
        Path dir = Path.of(value);
        if (dir.isAbsolute()) {
            return dir;
        }
        Path besideJtl = jtlDir.resolve(dir);
        return Files.isDirectory(besideJtl)
                ? besideJtl
                : Path.of("").toAbsolutePath().resolve(dir);
    }

    public static HlogSelection find(Path dir, String property, Set<String> labels, long firstMs, long lastMs) {
        if (!Files.isDirectory(dir)) {
            return none("no interval log directory " + dir + " (property " + property + ")");
        }
        List<HlogHeader> logs = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".hlog"))
                    .sorted()
                    .toList()) {
                Optional<HlogHeader> header = HlogHeader.read(file);
                if (header.isPresent()
                        && labels.contains(header.get().label())
                        && header.get().startMs() >= firstMs - EARLY_START_MS
                        && header.get().startMs() <= lastMs) {
                    logs.add(header.get());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the interval logs in " + dir, e);
        }
        if (logs.isEmpty()) {
            return none("no interval log in " + dir + " (property " + property + ") has one of the results' labels"
                    + " and started during the results' time: no Kafka sampler in this test");
        }
        logs.sort(Comparator.comparing(HlogHeader::startMs).thenComparing(HlogHeader::label));
        return new HlogSelection(List.copyOf(logs), "");
    }

    private static HlogSelection none(String reason) {
        return new HlogSelection(List.of(), reason);
    }
}
