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

    private Cpu() {}

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
            return Double.parseDouble(Files.readString(Paths.get("/proc/loadavg"), StandardCharsets.US_ASCII)
                    .split(" ", -1)[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /**
     * The machine's CPU ticks so far, over all CPUs: {stolen, all}. "Stolen" is time a virtual CPU
     * was ready to run but the hypervisor ran something else: every figure of a run slows with it.
     * {0, 0} where /proc/stat is missing.
     */
    static long[] machineTicks() {
        try {
            String cpu = Files.readAllLines(Paths.get("/proc/stat"), StandardCharsets.US_ASCII)
                    .get(0);
            // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is inside user)
            String[] f = cpu.trim().split("\\s+", -1);
            long all = 0;
            for (int i = 1; i <= 8 && i < f.length; i++) {
                all += Long.parseLong(f[i]);
            }
            return new long[] {f.length > 8 ? Long.parseLong(f[8]) : 0, all};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0};
        }
    }

    /** The share of the machine's CPU time stolen since {@code before} (from {@link #machineTicks}); NaN if unknown. */
    static double stolenSince(long[] before) {
        long[] now = machineTicks();
        long all = now[1] - before[1];
        return all > 0 ? (double) (now[0] - before[0]) / all : Double.NaN;
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
        String[] f = s.substring(s.lastIndexOf(')') + 2).trim().split(" ", -1);
        // f[0] is field 3 (state); utime is field 14
        return new long[] {Long.parseLong(f[11]), Long.parseLong(f[12]), Long.parseLong(f[13]), Long.parseLong(f[14])};
    }

    private static double ticksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK")
                    .redirectErrorStream(true)
                    .start();
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
