package io.github.jmeterkafka.ecosystem;

import io.github.jmeterkafka.harness.Processes;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A virtual X display for Swing. Xvfb picks a free display number itself and reports it when ready
 * ({@code -displayfd}); it runs under a shell that kills it when its standard input closes, so it
 * goes with this JVM however that ends.
 */
final class Xvfb implements AutoCloseable {

    private final Process process;
    private final String display;

    private Xvfb(Process process, String display) {
        this.process = process;
        this.display = display;
    }

    static boolean onPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator, -1)) {
            if (!dir.isEmpty() && Files.isExecutable(Paths.get(dir, "Xvfb"))) {
                return true;
            }
        }
        return false;
    }

    static Xvfb start(Path log, String screen, Duration timeout) {
        ProcessBuilder pb = new ProcessBuilder(
                        "sh",
                        "-c",
                        "Xvfb \"$@\" & x=$!; cat >/dev/null; kill $x 2>/dev/null; wait $x",
                        "xvfb",
                        "-displayfd",
                        "1",
                        "-screen",
                        "0",
                        screen,
                        "-nolisten",
                        "tcp")
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process p;
        try {
            Files.createDirectories(log.getParent());
            p = Processes.start(pb);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start Xvfb", e);
        }
        CompletableFuture<String> number = CompletableFuture.supplyAsync(() -> {
            try {
                return new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))
                        .readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            String n = number.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (n == null || !n.trim().matches("\\d+")) {
                throw new IllegalStateException("Xvfb reported no display (" + n + "):\n" + Processes.tail(log, 20));
            }
            return new Xvfb(p, ":" + n.trim());
        } catch (Exception e) {
            Processes.kill(p);
            throw new IllegalStateException(
                    "Xvfb did not start within " + timeout.toSeconds() + " s:\n" + Processes.tail(log, 20), e);
        }
    }

    /** The value for DISPLAY, e.g. {@code :99}. */
    String display() {
        return display;
    }

    @Override
    public void close() {
        Processes.stopByClosingInput(process, Duration.ofSeconds(10));
    }
}
