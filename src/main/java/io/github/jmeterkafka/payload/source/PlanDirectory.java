package io.github.jmeterkafka.payload.source;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Relative file names resolved as JMeter resolves them: as written when the file is there (the
 * working directory), else in the test plan's directory, which the sampler sets at test start.
 */
public final class PlanDirectory {
    private static volatile Path directory = Path.of("");

    private PlanDirectory() {}

    /** At test start, from JMeter's base directory (the plan's). */
    public static void set(Path planDirectory) {
        directory = planDirectory;
    }

    public static Path resolve(String name) {
        Path path = Path.of(name);
        return path.isAbsolute() || Files.exists(path) ? path : directory.resolve(path);
    }
}
