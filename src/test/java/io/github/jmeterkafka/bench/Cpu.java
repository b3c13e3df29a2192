package io.github.jmeterkafka.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * CPU time from /proc (Linux only). A child's CPU reaches this JVM's cutime + cstime once Java has
 * reaped it, so the difference around one {@code waitFor()} is that child's whole CPU time.
 */
final class Cpu {
    /** USER_HZ; 100 on every Linux this runs on, checked once with getconf. */
    private static final double TICKS_PER_SECOND = ticksPerSecond();

    private Cpu() {
    }

    /** CPU seconds of this JVM's reaped children, user + system. */
    static double children() {
        long[] f = stat(Paths.get("/proc/self/stat"));
        return (f[2] + f[3]) / TICKS_PER_SECOND;
    }

    /** CPU seconds a live process has used so far, user + system; NaN if it is gone. */
    static double process(long pid) {
        try {
            long[] f = stat(Paths.get("/proc", Long.toString(pid), "stat"));
            return (f[0] + f[1]) / TICKS_PER_SECOND;
        } catch (IllegalStateException e) {
            return Double.NaN;
        }
    }

    /** The 1-minute load average; NaN where /proc/loadavg is missing. */
    static double loadAverage() {
        try {
            return Double.parseDouble(Files.readString(Paths.get("/proc/loadavg"), StandardCharsets.US_ASCII).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** utime, stime, cutime, cstime in ticks. */
    private static long[] stat(Path file) {
        String s;
        try {
            s = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read " + file + ": " + e, e);
        }
        // the command name in parentheses may hold spaces: count fields after the last ')'
        String[] f = s.substring(s.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (state); utime is field 14
        return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[13]), Long.parseLong(f[14])};
    }

    private static double ticksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            p.waitFor();
            return Double.parseDouble(out);
        } catch (IOException | RuntimeException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }
}
