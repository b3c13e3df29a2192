package io.github.jmeterkafka.reliability;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Looks into another JVM on this machine: its thread count, live objects and heap, as jcmd reports them. */
final class JvmProbe {
    private static final Pattern HISTOGRAM_ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");
    private static final Pattern HEAP_USED = Pattern.compile("total (\\d+)K, used (\\d+)K");

    private final long pid;

    JvmProbe(long pid) {
        this.pid = pid;
    }

    /** The Threads: line of /proc/pid/status; -1 once the process is gone. */
    int threads() {
        try {
            for (String line :
                    Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Threads:")) {
                    return Integer.parseInt(line.substring("Threads:".length()).trim());
                }
            }
            return -1;
        } catch (IOException e) {
            return -1;
        }
    }

    /** Live instances per class name (GC.class_histogram collects garbage first). */
    Map<String, Long> liveInstances() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String line : jcmd("GC.class_histogram").split("\\R", -1)) {
            Matcher m = HISTOGRAM_ROW.matcher(line);
            if (m.find()) {
                out.merge(m.group(3), Long.parseLong(m.group(1)), Long::sum);
            }
        }
        return out;
    }

    /** Heap used in KB right after a full collection. */
    long heapUsedAfterGcKb() {
        jcmd("GC.run");
        Matcher m = HEAP_USED.matcher(jcmd("GC.heap_info"));
        if (!m.find()) {
            throw new IllegalStateException("No heap figure from jcmd " + pid + " GC.heap_info");
        }
        return Long.parseLong(m.group(2));
    }

    String jcmd(String command) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process p = new ProcessBuilder(List.of(jcmd.toString(), Long.toString(pid), command))
                    .redirectErrorStream(true)
                    .start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(
                        "jcmd " + pid + " " + command + " failed: " + new String(out, StandardCharsets.UTF_8));
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
