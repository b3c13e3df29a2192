package io.github.jmeterkafka.reliability;

import io.github.jmeterkafka.harness.JMeter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/** A headless JMeter run in the background, so that a test can act on it while it runs. */
final class JMeterRun {
    private final Path runDir;
    private final CompletableFuture<JMeter.Result> result = new CompletableFuture<>();
    private final AtomicLong exitMillis = new AtomicLong();

    private JMeterRun(Path runDir) {
        this.runDir = runDir;
    }

    static JMeterRun start(JMeter.RunBuilder run, Path runDir) {
        JMeterRun r = new JMeterRun(runDir.toAbsolutePath().normalize());
        Thread t = new Thread(
                () -> {
                    try {
                        r.result.complete(run.runDir(r.runDir).run());
                    } catch (Throwable e) {
                        r.result.completeExceptionally(e);
                    }
                },
                "jmeter-run-" + r.runDir.getFileName());
        t.setDaemon(true);
        t.start();
        Thread watch = new Thread(
                () -> {
                    try {
                        CompletableFuture<Void> unused = r.process(Duration.ofMinutes(2))
                                .onExit()
                                .thenRun(() -> r.exitMillis.set(System.currentTimeMillis()));
                    } catch (InterruptedException | RuntimeException e) {
                        // exitMillis() falls back to the time the run returned
                    }
                },
                "jmeter-exit-" + r.runDir.getFileName());
        watch.setDaemon(true);
        watch.start();
        return r;
    }

    /** When the JMeter process exited (ms since the epoch), once {@link #await} returned. */
    long exitMillis() {
        long t = exitMillis.get();
        if (t == 0) {
            throw new IllegalStateException("JMeter's exit was not seen");
        }
        return t;
    }

    Path runDir() {
        return runDir;
    }

    /** The JMeter process, once started. */
    ProcessHandle process(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<ProcessHandle> p = ProcessHandle.current()
                    .descendants()
                    .filter(h -> h.info()
                            .commandLine()
                            .map(c -> c.contains(runDir.toString()))
                            .orElse(false))
                    .findFirst();
            if (p.isPresent()) {
                return p.get();
            }
            if (result.isDone()) {
                throw new IllegalStateException("JMeter ended before it was seen running: "
                        + result.join().describe());
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("No JMeter process for " + runDir + " after " + timeout);
    }

    /** Waits until JMeter's stdout holds {@code text}; false if JMeter ended or the time ran out first. */
    boolean awaitStdout(String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && !result.isDone()) {
            if (stdout().contains(text)) {
                return true;
            }
            Thread.sleep(100);
        }
        return stdout().contains(text);
    }

    String stdout() {
        try {
            Path out = runDir.resolve("stdout.txt");
            return Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        }
    }

    JMeter.Result await(Duration timeout) throws InterruptedException, ExecutionException, TimeoutException {
        return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
