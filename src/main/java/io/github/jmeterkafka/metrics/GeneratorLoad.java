package io.github.jmeterkafka.metrics;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;
import io.github.jmeterkafka.measure.LimitSample;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * How busy the load generator is: the cores this process may run on (all processes together, from /proc/stat on
 * Linux; elsewhere the machine's CPU load), this JVM's share of them, how long its threads waited for a core (each
 * thread's run-queue delay in /proc/self/task/TID/schedstat), and its GC pauses as the JVM reports each.
 *
 * <p>Threads: the probe's thread calls {@link #read}; the JVM's notification thread records pauses.
 */
final class GeneratorLoad implements NotificationListener {
    private static final Path PROC_STAT = Path.of("/proc/stat");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern COMMA = Pattern.compile(",");
    private static final Pattern DASH = Pattern.compile("-");
    private static final Path TASKS = Path.of("/proc/self/task");

    private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private final BitSet allowed = allowedCores(Path.of("/proc/self/status"));
    private final int cores = allowed.isEmpty() ? Runtime.getRuntime().availableProcessors() : allowed.cardinality();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private long[] lastStat;
    private long lastCpuNanos = os.getProcessCpuTime();
    private long lastNanos = System.nanoTime();
    private double pauseMs;
    private double longestMs;
    // per thread id, its run-queue delay (ns) at the last read; null where schedstat cannot be read
    private Map<String, Long> runDelays = runDelays();

    GeneratorLoad() {
        lastStat = coreTimes();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(this, null, null);
                emitters.add(emitter);
            }
        }
    }

    LimitSample.Generator read(long nanos) {
        long cpu = os.getProcessCpuTime();
        long[] stat = coreTimes();
        double wall = Math.max(1, nanos - lastNanos);
        double jvm = cpu < 0 ? Double.NaN : (cpu - lastCpuNanos) / wall / cores;
        double busy = stat == null || lastStat == null ? os.getCpuLoad() : busyShare(lastStat, stat);
        Map<String, Long> delays = runDelays();
        double waitMs = waited(runDelays, delays) / 1e6 / (wall / 1e9);
        runDelays = delays;
        lastNanos = nanos;
        lastCpuNanos = cpu;
        lastStat = stat;
        double pause;
        double longest;
        synchronized (this) {
            pause = pauseMs;
            longest = longestMs;
            pauseMs = 0;
            longestMs = 0;
        }
        return new LimitSample.Generator(
                busy < 0 ? Double.NaN : Math.min(1, busy),
                Math.min(1, Math.max(0, jvm)),
                cores,
                pause,
                longest,
                waitMs);
    }

    /** Nanoseconds the threads of {@code after} waited for a core since {@code before}; NaN when not known. */
    static double waited(Map<String, Long> before, Map<String, Long> after) {
        if (before == null || after == null) {
            return Double.NaN;
        }
        long sum = 0;
        for (Map.Entry<String, Long> e : after.entrySet()) {
            // a thread started since counts from its start
            sum += e.getValue() - before.getOrDefault(e.getKey(), 0L);
        }
        return Math.max(0, sum);
    }

    /** Each thread's run-queue delay in ns, the second field of its schedstat; null where it cannot be read. */
    private static Map<String, Long> runDelays() {
        Map<String, Long> delays = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    delays.put(task.getFileName().toString(), runDelay(Files.readString(task.resolve("schedstat"))));
                } catch (IOException | RuntimeException e) {
                    // the thread ended while listed
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return delays.isEmpty() ? null : delays;
    }

    /** From a schedstat line: "time on a core (ns) time waiting on a run queue (ns) timeslices". */
    static long runDelay(String schedstat) {
        return Long.parseLong(SPACES.split(schedstat.trim(), -1)[1]);
    }

    static double busyShare(long[] before, long[] after) {
        double total = after[1] - before[1];
        return total <= 0 ? Double.NaN : (after[0] - before[0]) / total;
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        // concurrent cycles run beside the application: only pauses stop it
        if (info.getGcName().contains("Concurrent") || info.getGcName().contains("Cycles")) {
            return;
        }
        long ms = info.getGcInfo().getDuration();
        synchronized (this) {
            pauseMs += (double) ms;
            longestMs = Math.max(longestMs, (double) ms);
        }
    }

    void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(this);
            } catch (ListenerNotFoundException ignored) {
                // already gone
            }
        }
    }

    /** Busy and total jiffies of the allowed cores, or null where /proc/stat cannot be read. */
    private long[] coreTimes() {
        if (allowed.isEmpty()) {
            return null;
        }
        try {
            return coreTimes(Files.readAllLines(PROC_STAT), allowed);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** From /proc/stat's "cpuN user nice system idle iowait irq softirq steal ..." lines of the cores in {@code of}. */
    static long[] coreTimes(List<String> procStat, BitSet of) {
        long busy = 0;
        long total = 0;
        for (String line : procStat) {
            if (!line.startsWith("cpu") || line.startsWith("cpu ")) {
                continue;
            }
            String[] f = SPACES.split(line.trim(), -1);
            if (!of.get(Integer.parseInt(f[0].substring(3)))) {
                continue;
            }
            for (int i = 1; i < Math.min(f.length, 9); i++) {
                long v = Long.parseLong(f[i]);
                total += v;
                // idle and iowait are the only fields of a core doing nothing
                busy += i == 4 || i == 5 ? 0 : v;
            }
        }
        return new long[] {busy, total};
    }

    /** The cores of /proc/self/status's Cpus_allowed_list ("0-1,4"); empty where it cannot be read. */
    static BitSet allowedCores(Path status) {
        BitSet cores = new BitSet();
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parseCores(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the machine's CPU load stands in
        }
        return cores;
    }

    static BitSet parseCores(String list) {
        BitSet cores = new BitSet();
        for (String range : COMMA.split(list, -1)) {
            String[] ends = DASH.split(range.trim(), -1);
            int from = Integer.parseInt(ends[0]);
            cores.set(from, (ends.length > 1 ? Integer.parseInt(ends[1]) : from) + 1);
        }
        return cores;
    }
}
