package io.github.jmeterkafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** CONTRIBUTING's size rule: a class that outgrows it is split by composition (never by a new superclass). */
class SourceSizeTest {
    private static final int MAX_LINES = 350;

    @Test
    void noMainSourceFileIsLongerThanTheRule() throws IOException {
        try (Stream<Path> files = Files.walk(Harness.projectDir().resolve("src/main/java"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".java")))
                    .as("files over %d lines", MAX_LINES)
                    .allSatisfy(f -> assertThat(lines(f)).as("%s", f).isLessThanOrEqualTo(MAX_LINES));
        }
    }

    private static long lines(Path f) {
        try (Stream<String> lines = Files.lines(f)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
