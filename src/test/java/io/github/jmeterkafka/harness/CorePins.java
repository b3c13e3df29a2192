package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Linux's taskset, the one place the tests pin processes to cores: a process started on some cores, one already
 * running moved onto them with all its threads (threads started later take their parent's cores), and a busy loop
 * that keeps cores full while a test runs.
 */
public final class CorePins {
    private CorePins() {}

    /** What to put before a command so it starts on {@code cores} ("1", "1-3", "0,2"). */
    public static List<String> prefix(String cores) {
        return List.of("taskset", "-c", cores);
    }

    /** Moves a running process and all its threads onto {@code cores}; returns taskset's new affinity line. */
    public static String pin(String cores, long pid) {
        List<String> cmd = List.of("taskset", "-a", "-p", "-c", cores, Long.toString(pid));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out);
            }
            String[] lines = out.split("\n", -1);
            return lines[lines.length - 1].replaceFirst("^pid \\d+'s ", "");
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", cmd) + " could not run", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(String.join(" ", cmd) + " interrupted", e);
        }
    }

    /** A shell spinning on {@code cores} until closed, as another program taking a load generator's CPU would. */
    public static Busy busy(String cores) {
        List<String> cmd = new ArrayList<>(prefix(cores));
        cmd.addAll(List.of("sh", "-c", "while :; do :; done"));
        try {
            return new Busy(Processes.start(new ProcessBuilder(cmd)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)));
        } catch (IOException e) {
            throw new IllegalStateException(String.join(" ", cmd) + " could not run", e);
        }
    }

    /** A running busy loop; {@link #close} stops it. */
    public static final class Busy implements AutoCloseable {
        private final Process process;

        private Busy(Process process) {
            this.process = process;
        }

        public boolean isAlive() {
            return process.isAlive();
        }

        @Override
        public void close() {
            Processes.stop(process, Duration.ofSeconds(5));
        }
    }
}
