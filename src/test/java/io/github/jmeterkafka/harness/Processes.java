package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Child processes that must not outlive the JVM that started them: a shutdown hook stops what is
 * left. Some (JMeter under the harness's ParentWatchdog, Xvfb under a shell that waits on stdin)
 * treat the pipe on their standard input as their parent's lifeline, so closing it, or this JVM
 * dying even by SIGKILL, stops them.
 */
public final class Processes {

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Processes::stopAll, "harness-process-reaper"));
    }

    private Processes() {}

    public static Process start(ProcessBuilder builder) throws IOException {
        return track(builder.start());
    }

    static Process track(Process process) {
        LIVE.add(process);
        return process;
    }

    /**
     * Asks the process to stop (SIGTERM, so Kafka shuts down cleanly), waits up to {@code grace},
     * then kills it and everything it started.
     *
     * @return true if it stopped within the grace period
     */
    public static boolean stop(Process process, Duration grace) {
        return stop(process, grace, process::destroy);
    }

    /** As {@link #stop(Process, Duration)}, asking by closing its standard input, its lifeline. */
    public static boolean stopByClosingInput(Process process, Duration grace) {
        return stop(process, grace, () -> {
            try {
                process.getOutputStream().close();
            } catch (IOException e) {
                // already closed: the same signal
            }
        });
    }

    private static boolean stop(Process process, Duration grace, Runnable ask) {
        try {
            if (!process.isAlive()) {
                return true;
            }
            List<ProcessHandle> children = process.descendants().collect(Collectors.toList());
            ask.run();
            boolean clean = process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            if (!clean) {
                kill(process);
            }
            children.forEach(ProcessHandle::destroyForcibly);
            return clean;
        } catch (InterruptedException e) {
            kill(process);
            Thread.currentThread().interrupt();
            return false;
        } finally {
            LIVE.remove(process);
        }
    }

    /** Kills the process and everything it started. */
    public static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LIVE.remove(process);
    }

    private static void stopAll() {
        for (Process p : LIVE) {
            p.destroy();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        for (Process p : LIVE) {
            try {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !p.waitFor(left, TimeUnit.NANOSECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
            }
        }
    }

    /** The last {@code maxLines} lines of a text file, for error messages; empty if unreadable. */
    public static String tail(Path file, int maxLines) {
        if (file == null || !Files.isRegularFile(file)) {
            return "";
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long length = raf.length();
            int chunk = (int) Math.min(length, 64 * 1024);
            byte[] bytes = new byte[chunk];
            raf.seek(length - chunk);
            raf.readFully(bytes);
            // limit 0: trailing empty lines are not counted
            String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\r?\n", 0);
            int from = Math.max(0, lines.length - maxLines);
            return String.join(System.lineSeparator(), java.util.Arrays.copyOfRange(lines, from, lines.length));
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }
}
