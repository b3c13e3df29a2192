package io.github.jmeterkafka.measure;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One sampler's HdrHistogram interval log (.hlog): each interval, every record's latency in µs
 * (untagged, so HdrHistogram's own tools read it), and two counters as tagged histograms of zeros
 * whose total count is the value: {@code Tag=bytes} and {@code Tag=failed}. At the end, the summary
 * rows as {@code #kafka.summary} comments. Each interval also goes to the {@link IntervalFeed}'s subscribers, from
 * the same histograms. Thread-safe: records come from any thread, intervals are written by one shared timer thread.
 */
public final class IntervalLog {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "kafka-interval-log");
        t.setDaemon(true);
        return t;
    });

    // the interval being recorded, swapped whole for the spares at its end: one uncontended lock per record, not a
    // recorder's atomics per figure (guarded by recording)
    private final Object recording = new Object();
    private Histogram latencies = new Histogram(3);
    // a paced run's: written from the first record on schedule on
    private Histogram corrected = new Histogram(3);
    private Histogram sendDelays = new Histogram(3);
    private boolean paced;
    private long bytes;
    private long failed;
    // the interval written last, reset and swapped in for the next (guarded by this)
    private Histogram spare = new Histogram(3);
    private Histogram spareCorrected = new Histogram(3);
    private Histogram spareDelay = new Histogram(3);
    private final String kind;
    private final String label;
    private final String latency;
    // null when only the feed reads the intervals
    private final PrintStream out;
    private final HistogramLogWriter writer;
    private final ScheduledFuture<?> task;
    private final long baseMs;
    private long intervalStartMs;
    private boolean closed;
    private boolean ended;
    // each interval's p99, for what an event cost (a few bytes a second)
    private final List<Tail> tails = new ArrayList<>();
    // the limits probe's last second, written with each interval; null: none
    private volatile Supplier<LimitSample> limits;

    /**
     * One interval's p99 (µs) of the corrected latency on a paced run, else of the latency, and its record count.
     */
    public record Tail(long startMs, long endMs, long p99Micros, long records) {}

    private IntervalLog(Path file, String kind, String label, String latency, long intervalMs) throws IOException {
        this.kind = kind;
        this.label = label;
        this.latency = latency;
        baseMs = System.currentTimeMillis();
        intervalStartMs = baseMs;
        if (file == null) {
            out = null;
            writer = null;
        } else {
            out = new PrintStream(file.toFile(), StandardCharsets.UTF_8);
            writer = new HistogramLogWriter(out);
            writeHeader();
        }
        IntervalFeed.opened(this, label);
        task = TIMER.scheduleAtFixedRate(this::writeInterval, intervalMs, intervalMs, TimeUnit.MILLISECONDS);
    }

    private void writeHeader() {
        writer.outputLogFormatVersion();
        writer.outputStartTime(intervalStartMs);
        writer.setBaseTime(intervalStartMs);
        writer.outputBaseTime(intervalStartMs);
        writer.outputComment("kafka.kind=" + kind);
        writer.outputComment("kafka.label=" + label.replace('\n', ' ').replace('\r', ' '));
        writer.outputComment("kafka.latency=" + latency);
        writer.outputComment("kafka.tags=untagged: each record's latency in microseconds (Interval_Max in ms); "
                + "Tag=bytes: total count = the interval's bytes; Tag=failed: total count = the interval's failed records; "
                + "on a paced run, Tag=corrected: latency from each record's intended send time (µs), "
                + "Tag=send-delay: from its intended to its actual send (µs); Tag=limit.<name>: total count = what the"
                + " limits probe read last, in the unit of io.github.jmeterkafka.measure.LimitSeries");
        writer.outputLegend();
    }

    /**
     * Starts the log of one sampler in {@code dir}. When {@code dir} is null: one that writes no file if the
     * {@link IntervalFeed} has subscribers, else none (null).
     *
     * @param latency what the latencies measure: send-to-ack, end-to-end
     */
    public static IntervalLog open(Path dir, String kind, String label, String latency, long intervalMs)
            throws IOException {
        if (dir == null) {
            return IntervalFeed.wanted()
                    ? new IntervalLog(null, kind, label, latency, Math.max(100, intervalMs))
                    : null;
        }
        Files.createDirectories(dir);
        return new IntervalLog(dir.resolve(fileName(label)), kind, label, latency, Math.max(100, intervalMs));
    }

    /** The label as a file name; a label that needs changing gets its hash, so two labels never share a file. */
    public static String fileName(String label) {
        String safe = label.replaceAll("[^A-Za-z0-9._-]", "_");
        return (safe.equals(label) && !safe.isEmpty() ? safe : safe + "-" + Integer.toHexString(label.hashCode()))
                + ".hlog";
    }

    public void record(long micros, long recordBytes) {
        record(micros, recordBytes, -1, 0);
    }

    /**
     * A record's latency and bytes, and a paced record's latency from its intended send time and its wait to be
     * sent, all in µs.
     *
     * @param correctedMicros -1: not paced
     */
    public void record(long micros, long recordBytes, long correctedMicros, long sendDelayMicros) {
        synchronized (recording) {
            latencies.recordValue(Math.max(0, micros));
            bytes += recordBytes;
            if (correctedMicros >= 0) {
                corrected.recordValue(correctedMicros);
                sendDelays.recordValue(Math.max(0, sendDelayMicros));
                paced = true;
            }
        }
    }

    /** A paced record's latency from its intended send time and its wait to be sent, both in µs. */
    public void scheduled(long correctedMicros, long sendDelayMicros) {
        synchronized (recording) {
            corrected.recordValue(Math.max(0, correctedMicros));
            sendDelays.recordValue(Math.max(0, sendDelayMicros));
            paced = true;
        }
    }

    /** From now on each interval also holds what {@code latest} says the limits probe read last. */
    public void watchLimits(Supplier<LimitSample> latest) {
        limits = latest;
    }

    /** Bytes of records whose latencies are recorded apart. */
    public void bytes(long n) {
        synchronized (recording) {
            bytes += n;
        }
    }

    public void failed(long records) {
        synchronized (recording) {
            failed += records;
        }
    }

    private synchronized void writeInterval() {
        if (ended) {
            return;
        }
        long now = System.currentTimeMillis();
        spare.reset();
        spareCorrected.reset();
        spareDelay.reset();
        boolean pacedNow;
        long intervalBytes;
        long intervalFailed;
        synchronized (recording) {
            Histogram h = latencies;
            latencies = spare;
            spare = h;
            h = corrected;
            corrected = spareCorrected;
            spareCorrected = h;
            h = sendDelays;
            sendDelays = spareDelay;
            spareDelay = h;
            pacedNow = paced;
            intervalBytes = bytes;
            intervalFailed = failed;
            bytes = 0;
            failed = 0;
        }
        write(spare, null, now);
        write(counter(intervalBytes), "bytes", now);
        write(counter(intervalFailed), "failed", now);
        if (pacedNow) {
            write(spareCorrected, "corrected", now);
            write(spareDelay, "send-delay", now);
        }
        Supplier<LimitSample> probe = limits;
        Map<LimitSeries, Long> limitFigures = LimitSeries.of(probe == null ? null : probe.get());
        limitFigures.forEach((series, value) -> write(counter(value), series.tag(), now));
        Histogram tail = pacedNow ? spareCorrected : spare;
        tails.add(new Tail(intervalStartMs, now, tail.getValueAtPercentile(99), spare.getTotalCount()));
        if (IntervalFeed.wanted()) {
            // copies: the spares are reused for the next interval
            IntervalFeed.publish(new IntervalFigures(
                    kind,
                    label,
                    latency,
                    new Interval(
                            intervalStartMs,
                            now,
                            spare.copy(),
                            intervalBytes,
                            intervalFailed,
                            pacedNow ? spareCorrected.copy() : null,
                            pacedNow ? spareDelay.copy() : null),
                    limitFigures));
        }
        intervalStartMs = now;
    }

    private void write(Histogram h, String tag, long endMs) {
        if (writer == null) {
            return;
        }
        h.setTag(tag);
        // relative to the base time; Interval_Max in ms
        writer.outputIntervalHistogram((intervalStartMs - baseMs) / 1000.0, (endMs - baseMs) / 1000.0, h, 1000.0);
    }

    private static Histogram counter(long count) {
        Histogram h = new Histogram(1, 2, 0);
        h.recordValueWithCount(0, count);
        return h;
    }

    /** Every interval's p99 so far, the last one too once closed. */
    public synchronized List<Tail> tails() {
        return List.copyOf(tails);
    }

    /** Writes the last interval and stops: {@link #tails} are complete. */
    public synchronized void endIntervals() {
        if (ended) {
            return;
        }
        task.cancel(false);
        writeInterval();
        ended = true;
    }

    /** Writes the last interval (unless ended) and the summary rows, then closes the file. */
    public synchronized void close(List<SummaryRow> rows) {
        if (closed) {
            return;
        }
        endIntervals();
        closed = true;
        IntervalFeed.closed(this);
        if (writer == null) {
            return;
        }
        writer.outputComment("kafka.summary.header=" + SummaryRow.header());
        for (SummaryRow row : rows) {
            writer.outputComment("kafka.summary=" + row.csv());
        }
        out.close();
    }
}
