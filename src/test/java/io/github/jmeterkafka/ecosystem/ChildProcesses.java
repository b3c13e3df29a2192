package io.github.jmeterkafka.ecosystem;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Processes these tests start. Each is started with a pipe on its standard input that it treats as
 * its parent's lifeline (JMeter under the harness's ParentWatchdog, Xvfb under a shell that waits on
 * stdin), so closing that pipe, or this JVM dying even by SIGKILL, stops it; a shutdown hook kills
 * what is left.
 */
final class ChildProcesses {

    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(ChildProcesses::killTree),
                "ecosystem-process-reaper"));
    }

    private ChildProcesses() {
    }

    static Process start(ProcessBuilder builder) throws IOException {
        Process p = builder.start();
        LIVE.add(p);
        return p;
    }

    /**
     * Closes the process's standard input (its signal to exit cleanly), waits up to {@code grace},
     * then kills it and everything it started.
     *
     * @return true if it exited by itself within {@code grace}
     */
    static boolean stop(Process process, Duration grace) {
        try {
            List<ProcessHandle> children = process.descendants().collect(Collectors.toList());
            try {
                process.getOutputStream().close();
            } catch (IOException e) {
                // already closed: the same signal
            }
            boolean clean = process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            if (!clean) {
                killTree(process);
            }
            children.forEach(ProcessHandle::destroyForcibly);
            return clean;
        } catch (InterruptedException e) {
            killTree(process);
            Thread.currentThread().interrupt();
            return false;
        } finally {
            LIVE.remove(process);
        }
    }

    static void killTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        LIVE.remove(process);
    }

    /** The last {@code maxLines} lines of a text file, for failure messages. */
    static String tail(Path file, int maxLines) {
        if (file == null || !Files.isRegularFile(file)) {
            return "(no " + file + ")";
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            int chunk = (int) Math.min(raf.length(), 64 * 1024);
            byte[] bytes = new byte[chunk];
            raf.seek(raf.length() - chunk);
            raf.readFully(bytes);
            String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\r?\n");
            return String.join("\n", Arrays.copyOfRange(lines, Math.max(0, lines.length - maxLines), lines.length));
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e + ")";
        }
    }
}
