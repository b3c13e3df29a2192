package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.payload.RecordMaker;
import io.github.jmeterkafka.payload.RecordSpec;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import java.time.Duration;
import java.util.Arrays;

/**
 * How fast one thread makes values with no Kafka behind it: the sampler's {@link RecordMaker} from
 * the same spec, a {@link RecordContext} of its own, one value per record as the sampler asks for
 * it, timed in windows after a warm-up. What a producer run can reach at best per thread, and
 * what a record's making costs (1e6 / rate µs).
 */
final class GeneratorRates {
    /** Records made between two clock readings. */
    private static final int BATCH = 1000;

    private GeneratorRates() {}

    /** One generator's windows. */
    static final class Rate {
        final String id;
        final String title;
        /** records/s of each window, in order */
        final double[] windows;

        final long records;
        final long bytes;
        /** Share of the machine's CPU stolen by the hypervisor over the windows. */
        final double steal;
        /** The 1-minute load average after the last window. */
        final double load;

        Rate(String id, String title, double[] windows, long records, long bytes, double steal, double load) {
            this.id = id;
            this.title = title;
            this.windows = windows;
            this.records = records;
            this.bytes = bytes;
            this.steal = steal;
            this.load = load;
        }

        double median() {
            double[] v = windows.clone();
            Arrays.sort(v);
            if (v.length == 0) {
                return Double.NaN;
            }
            return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        }

        double min() {
            return Arrays.stream(windows).min().orElse(Double.NaN);
        }

        double max() {
            return Arrays.stream(windows).max().orElse(Double.NaN);
        }

        double bytesPerRecord() {
            return records == 0 ? Double.NaN : (double) bytes / records;
        }

        /** MB (2^20 bytes, as perf-test counts them) per second at the median rate. */
        double mbPerSec() {
            return median() * bytesPerRecord() / (1024 * 1024);
        }

        /** The time one record's value takes, at the median rate. */
        double microsPerRecord() {
            return 1e6 / median();
        }
    }

    /** Makes values for {@code warmUp}, then counts them over {@code windows} windows of {@code window}. */
    static Rate measure(Payload payload, RecordSpec spec, Duration warmUp, Duration window, int windows) {
        RecordMaker maker = RecordMaker.of(spec);
        RecordContext context = new RecordContext(null, 1, new SamplerCounters());
        run(maker, context, warmUp.toNanos(), new long[2]);
        long[] ticks0 = Cpu.machineTicks();
        double[] rates = new double[windows];
        long records = 0;
        long bytes = 0;
        for (int w = 0; w < windows; w++) {
            long[] counts = new long[2];
            double seconds = run(maker, context, window.toNanos(), counts) / 1e9;
            rates[w] = counts[0] / seconds;
            records += counts[0];
            bytes += counts[1];
        }
        return new Rate(payload.id, payload.title, rates, records, bytes, Cpu.stolenSince(ticks0), Cpu.loadAverage());
    }

    /** Makes values in batches until {@code nanos} have passed; adds {records, bytes} to counts; returns nanos taken. */
    private static long run(RecordMaker maker, RecordContext context, long nanos, long[] counts) {
        long t0 = System.nanoTime();
        long now;
        long records = 0;
        long bytes = 0;
        do {
            for (int i = 0; i < BATCH; i++) {
                context.nextRecord();
                context.key(maker.key(context));
                bytes += ((byte[]) maker.value(context)).length;
            }
            records += BATCH;
            now = System.nanoTime();
        } while (now - t0 < nanos);
        counts[0] += records;
        counts[1] += bytes;
        return now - t0;
    }
}
