package io.github.jmeterkafka.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code bench.pin=true}: the broker on the first core, this JVM and every process it starts later (JMeter, Kafka's
 * tools) on the others, as a broker and its load generator stand on separate hosts. Without it they share every core
 * and the broker's knee moves with what the generator does at the same moment. Linux's taskset; threads started later
 * take their parent's cores.
 */
final class CorePinning {
    private CorePinning() {}

    static boolean asked() {
        return Boolean.getBoolean("bench.pin");
    }

    /** Pins, or says why not; returns the line for the results (empty when not asked). */
    static String pin(long brokerPid) {
        if (!asked()) {
            return "";
        }
        int cores = Runtime.getRuntime().availableProcessors();
        if (cores < 2) {
            return "not pinned: " + cores + " core";
        }
        String others = cores == 2 ? "1" : "1-" + (cores - 1);
        String broker = taskset("0", brokerPid);
        String self = taskset(others, ProcessHandle.current().pid());
        return "pinned: the broker on core 0 (" + broker + "), the load generators on core " + others + " (" + self
                + ")";
    }

    private static String taskset(String cores, long pid) {
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
}
