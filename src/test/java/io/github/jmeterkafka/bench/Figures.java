package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.SummaryText;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;

/**
 * The final lines of kafka-producer-perf-test and kafka-consumer-perf-test, which the plugin's
 * end-of-test summaries repeat in the same format.
 */
final class Figures {

    private Figures() {}

    /** One producer run: perf-test's last line, or the line under "Kafka Producer summary for ...". */
    static final class Producer {
        private static final String STEADY = " steady state records sent";

        final long records;
        final double recordsPerSec;
        final double mbPerSec;
        final double avgMs;
        final double maxMs;
        final long p50Ms;
        final long p95Ms;
        final long p99Ms;
        final long p999Ms;

        private Producer(Matcher m) {
            this(
                    Long.parseLong(m.group(1)),
                    Double.parseDouble(m.group(2)),
                    Double.parseDouble(m.group(3)),
                    Double.parseDouble(m.group(4)),
                    Double.parseDouble(m.group(5)),
                    Long.parseLong(m.group(6)),
                    Long.parseLong(m.group(7)),
                    Long.parseLong(m.group(8)),
                    Long.parseLong(m.group(9)));
        }

        /** A run's records and rate with another latency distribution (the plugin's corrected latency, send delay). */
        Producer(
                long records,
                double recordsPerSec,
                double mbPerSec,
                double avgMs,
                double maxMs,
                long p50Ms,
                long p95Ms,
                long p99Ms,
                long p999Ms) {
            this.records = records;
            this.recordsPerSec = recordsPerSec;
            this.mbPerSec = mbPerSec;
            this.avgMs = avgMs;
            this.maxMs = maxMs;
            this.p50Ms = p50Ms;
            this.p95Ms = p95Ms;
            this.p99Ms = p99Ms;
            this.p999Ms = p999Ms;
        }

        /**
         * Producers that ran at once as one: records and rates added, the average weighted by records, each
         * percentile and the max the highest of theirs (their histograms are not printed, so no better bound).
         */
        static Producer concurrent(List<Producer> each) {
            long records = each.stream().mapToLong(p -> p.records).sum();
            return new Producer(
                    records,
                    each.stream().mapToDouble(p -> p.recordsPerSec).sum(),
                    each.stream().mapToDouble(p -> p.mbPerSec).sum(),
                    each.stream().mapToDouble(p -> p.avgMs * p.records).sum() / Math.max(1, records),
                    each.stream().mapToDouble(p -> p.maxMs).max().orElse(0),
                    each.stream().mapToLong(p -> p.p50Ms).max().orElse(0),
                    each.stream().mapToLong(p -> p.p95Ms).max().orElse(0),
                    each.stream().mapToLong(p -> p.p99Ms).max().orElse(0),
                    each.stream().mapToLong(p -> p.p999Ms).max().orElse(0));
        }

        /** The last line of {@code output} with all percentiles; perf-test's progress lines have none. */
        static Producer parseLast(String output) {
            return parseLast(output, line -> true, "final producer line");
        }

        /** The whole run's line, when perf-test ({@code --warmup-records}) prints its steady-state line after it. */
        static Producer parseWhole(String output) {
            return parseLast(output, line -> !line.contains(STEADY), "final producer line of the whole run");
        }

        /** The steady-state line: perf-test's after its {@code --warmup-records}, the plugin's after its warm-up. */
        static Producer parseSteady(String output) {
            return parseLast(output, line -> line.contains(STEADY), "steady-state producer line");
        }

        private static Producer parseLast(String output, Predicate<String> which, String what) {
            Producer found = null;
            for (String line : output.split("\r?\n", -1)) {
                Matcher m = SummaryText.PRODUCER.matcher(line.trim());
                if (m.matches() && which.test(line)) {
                    found = new Producer(m);
                }
            }
            if (found == null) {
                throw new IllegalStateException("No " + what + " in:\n" + tail(output));
            }
            return found;
        }

        /** The line right under {@code title} (the plugin prints other samplers' summaries too). */
        static Producer parseAfter(String output, String title) {
            return parseLast(lineAfter(output, title, 1));
        }

        /** The paced producer's corrected latencies under {@code title}, with its records and rate; null if none. */
        static Producer correctedAfter(String output, String title) {
            Producer f = parseAfter(output, title);
            Matcher c = SummaryText.CORRECTED.matcher(output.substring(output.indexOf(title)));
            if (!c.find()) {
                return null;
            }
            return new Producer(
                    f.records,
                    f.recordsPerSec,
                    f.mbPerSec,
                    Double.parseDouble(c.group(1)),
                    Double.parseDouble(c.group(2)),
                    Long.parseLong(c.group(3)),
                    Long.parseLong(c.group(4)),
                    Long.parseLong(c.group(5)),
                    Long.parseLong(c.group(6)));
        }
    }

    /** One consumer run, in kafka-consumer-perf-test's columns. */
    static final class Consumer {
        static final String HEADER_START = "start.time, end.time, data.consumed.in.MB";

        final double megabytes;
        final double mbPerSec;
        final long records;
        final double recordsPerSec;
        final long rebalanceMs;
        final long fetchMs;
        final double fetchRecordsPerSec;

        private Consumer(String line) {
            SummaryText.Consumer c = SummaryText.Consumer.parse(line);
            megabytes = c.megabytes();
            mbPerSec = c.mbPerSec();
            records = c.records();
            recordsPerSec = c.recordsPerSec();
            rebalanceMs = c.rebalanceMs();
            fetchMs = c.fetchMs();
            fetchRecordsPerSec = c.fetchRecordsPerSec();
        }

        /**
         * The first data line under the first header after {@code title} (or anywhere, if title is
         * null); consumer-perf-test may print a WARNING line between the two.
         */
        static Consumer parse(String output, String title) {
            String rest = title == null ? output : lineAfter(output, title, Integer.MAX_VALUE);
            String below = lineAfter(rest, HEADER_START, Integer.MAX_VALUE);
            for (String line : below.split("\r?\n", -1)) {
                if (SummaryText.Consumer.isLine(line) && !line.startsWith("WARNING")) {
                    return new Consumer(line);
                }
            }
            throw new IllegalStateException("No consumer figures under the header in:\n" + tail(rest));
        }
    }

    /** The {@code count} lines after the first line that contains {@code marker}. */
    private static String lineAfter(String output, String marker, int count) {
        List<String> lines = List.of(output.split("\r?\n"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(marker)) {
                int to = (int) Math.min(lines.size(), (long) i + 1 + count);
                if (to == i + 1) {
                    break;
                }
                return String.join("\n", lines.subList(i + 1, to));
            }
        }
        throw new IllegalStateException("No line after '" + marker + "' in:\n" + tail(output));
    }

    private static String tail(String s) {
        return s.length() <= 3000 ? s : "..." + s.substring(s.length() - 3000);
    }
}
