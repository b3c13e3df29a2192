package io.github.jmeterkafka.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Interval logs and a results file as the samplers and JMeter write them: one log per label, with
 * 1-s intervals of known latencies, bytes and failed records (a paced sampler's also with its
 * corrected latencies and send delays), the {@code #kafka.} comments and, unless left out, the summary rows.
 */
final class HlogFixture {

    static final String SUMMARY_HEADER = "kind,label,part,records,failed,mb,seconds,records_per_sec,mb_per_sec,avg_ms,"
            + "max_ms,p50_ms,p95_ms,p99_ms,p999_ms,start_time,end_time,rebalance_ms,fetch_ms,fetch_mb_per_sec,"
            + "fetch_records_per_sec,expected_records_per_sec,corrected_avg_ms,corrected_max_ms,corrected_p50_ms,"
            + "corrected_p95_ms,corrected_p99_ms,corrected_p999_ms,send_delay_p50_ms,send_delay_p99_ms,"
            + "send_delay_max_ms,behind_s,skipped";

    private final String kind;
    private final String label;
    private final long startMs;
    private final List<Histogram> latencies = new ArrayList<>();
    private final List<long[]> counters = new ArrayList<>();
    // per interval, a paced run's: null where the interval has none
    private final List<Histogram> corrected = new ArrayList<>();
    private final List<Histogram> sendDelays = new ArrayList<>();
    private final List<String> summaryRows = new ArrayList<>();

    HlogFixture(String kind, String label, long startMs) {
        this.kind = kind;
        this.label = label;
        this.startMs = startMs;
    }

    /** One 1-s interval: {@code records} latencies spread over [minMicros, maxMicros], each of recordBytes. */
    HlogFixture interval(int records, long minMicros, long maxMicros, long recordBytes, long failed) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < records; i++) {
            h.recordValue(minMicros + (records == 1 ? 0 : (maxMicros - minMicros) * i / (records - 1)));
        }
        latencies.add(h);
        counters.add(new long[] {records * recordBytes, failed});
        corrected.add(null);
        sendDelays.add(null);
        return this;
    }

    /**
     * The last interval's records as a paced sampler's: latencies from their intended send times spread over
     * [its latencies' min + 0, max + maxDelayMicros], send delays over [0, maxDelayMicros].
     */
    HlogFixture paced(long maxDelayMicros) {
        int last = latencies.size() - 1;
        Histogram h = latencies.get(last);
        int records = (int) h.getTotalCount();
        Histogram c = new Histogram(3);
        Histogram d = new Histogram(3);
        for (int i = 0; i < records; i++) {
            long delay = records == 1 ? 0 : maxDelayMicros * i / (records - 1);
            d.recordValue(delay);
            c.recordValue(h.getMinValue()
                    + (records == 1 ? 0 : (h.getMaxValue() - h.getMinValue()) * i / (records - 1))
                    + delay);
        }
        corrected.set(last, c);
        sendDelays.set(last, d);
        return this;
    }

    HlogFixture summary(String csvRow) {
        summaryRows.add(csvRow);
        return this;
    }

    String label() {
        return label;
    }

    boolean consumer() {
        return kind.equals("consumer");
    }

    List<Histogram> latencies() {
        return latencies;
    }

    List<Histogram> corrected() {
        return corrected;
    }

    List<Histogram> sendDelays() {
        return sendDelays;
    }

    long records() {
        return latencies.stream().mapToLong(Histogram::getTotalCount).sum();
    }

    long bytes() {
        return counters.stream().mapToLong(c -> c[0]).sum();
    }

    long failed() {
        return counters.stream().mapToLong(c -> c[1]).sum();
    }

    long endMs() {
        return startMs + 1000L * latencies.size();
    }

    /** Writes the log as {@code file}; with {@code summary} false, as a killed test leaves it. */
    Path write(Path file, boolean summary) throws IOException {
        Files.createDirectories(file.getParent());
        try (PrintStream out = new PrintStream(file.toFile(), StandardCharsets.UTF_8)) {
            HistogramLogWriter w = new HistogramLogWriter(out);
            w.outputLogFormatVersion();
            w.outputStartTime(startMs);
            w.setBaseTime(startMs);
            w.outputBaseTime(startMs);
            w.outputComment("kafka.kind=" + kind);
            w.outputComment("kafka.label=" + label);
            w.outputComment("kafka.latency=" + (consumer() ? "end-to-end" : "send-to-ack"));
            w.outputComment("kafka.tags=untagged: latencies in microseconds");
            w.outputLegend();
            for (int i = 0; i < latencies.size(); i++) {
                write(w, latencies.get(i), null, 1000L * i);
                write(w, counter(counters.get(i)[0]), "bytes", 1000L * i);
                write(w, counter(counters.get(i)[1]), "failed", 1000L * i);
                if (corrected.get(i) != null) {
                    write(w, corrected.get(i), "corrected", 1000L * i);
                    write(w, sendDelays.get(i), "send-delay", 1000L * i);
                }
            }
            if (summary) {
                w.outputComment("kafka.summary.header=" + SUMMARY_HEADER);
                summaryRows.forEach(r -> w.outputComment("kafka.summary=" + r));
            }
        }
        return file;
    }

    /** Time stamps relative to the base time, Interval_Max in ms of the µs values. */
    private static void write(HistogramLogWriter w, Histogram h, String tag, long fromMs) {
        h.setTag(tag);
        w.outputIntervalHistogram(fromMs / 1000.0, (fromMs + 1000) / 1000.0, h, 1000.0);
    }

    private static Histogram counter(long count) {
        Histogram h = new Histogram(1, 2, 0);
        h.recordValueWithCount(0, count);
        return h;
    }

    /**
     * A CSV results file with JMeter's default columns and the ready plans' sample variable
     * (test-plans/kafka-report.properties): one sample per second per label.
     */
    static Path jtl(Path file, long startMs, int seconds, String... labels) throws IOException {
        StringBuilder b = new StringBuilder(
                "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
                        + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,\"kafka_e2e_max\"\n");
        for (int s = 0; s < seconds; s++) {
            for (String label : labels) {
                b.append(startMs + 1000L * s)
                        .append(",900,")
                        .append(csv(label))
                        .append(",OK,,Kafka 1-1,text,true,,1024,1024,1,1,null,900,0,0,\n");
            }
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        return Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
    }

    static String csv(String field) {
        return field.contains(",") || field.contains("\"") ? '"' + field.replace("\"", "\"\"") + '"' : field;
    }

    /** JMeter's properties, empty, when no test has loaded them: JMeter's CSV reader needs them. */
    static synchronized void jmeterProperties() throws IOException {
        if (JMeterUtils.getJMeterProperties() == null) {
            Path empty = Files.createTempFile("jmeter", ".properties");
            JMeterUtils.loadJMeterProperties(empty.toString());
            Files.delete(empty);
        }
    }
}
