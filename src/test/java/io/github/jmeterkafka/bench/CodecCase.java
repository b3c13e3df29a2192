package io.github.jmeterkafka.bench;

import java.util.List;
import java.util.Locale;

/**
 * A compression case: N x 1000 B of random letters per record on both sides (perf-test makes them
 * so, the plugin's {@code valueMode.random} too), 1 partition, acks=1, the producer's default
 * batch.size and linger.ms, compression.type the codec; each run also measures the bytes the
 * broker stores per record. The targets: the plugin's rate at 0.9 to 1.25 of perf-test's (with
 * no codec at least 0.95), and its stored bytes per record within 3 % of perf-test's.
 */
final class CodecCase {
    static final List<String> CODECS = List.of("lz4", "snappy", "gzip", "zstd", "none");
    static final double MIN_RATIO = 0.9;
    static final double MAX_RATIO = 1.25;
    static final double NONE_MIN_RATIO = 0.95;
    static final double STORED_TOLERANCE = 0.03;

    private CodecCase() {}

    static ProducerCase of(String codec, long records, int recordsPerSample) {
        if (!CODECS.contains(codec)) {
            throw new IllegalArgumentException("No codec " + codec + "; codecs: " + CODECS);
        }
        String title = Bench.count(records) + " x 1000 B, 1 partition, compression.type=" + codec;
        return ProducerCase.unthrottled(codec, title, records, 1000, 1, recordsPerSample)
                .with(ProducerCase.props("1", "5", codec), 1)
                .measuringStoredBytes();
    }

    /** What the rate target asks of plugin / perf-test for this codec. */
    static String rateTarget(String codec) {
        return "none".equals(codec)
                ? "records/s >= " + NONE_MIN_RATIO + " x perf-test"
                : "records/s " + MIN_RATIO + " to " + MAX_RATIO + " x perf-test";
    }

    static boolean rateMet(String codec, double ratio) {
        return "none".equals(codec) ? ratio >= NONE_MIN_RATIO : ratio >= MIN_RATIO && ratio <= MAX_RATIO;
    }

    /** plugin / reference - 1: +0.02 is 2 % more bytes per record than perf-test. */
    static double deviation(double plugin, double reference) {
        return plugin / reference - 1;
    }

    static boolean storedMet(double deviation) {
        return Math.abs(deviation) <= STORED_TOLERANCE;
    }

    /** "1084.3 vs 1083.9 B (+0.04 %)". */
    static String storedMeasured(double plugin, double reference) {
        return String.format(
                Locale.ROOT, "%.1f vs %.1f B (%+.2f %%)", plugin, reference, deviation(plugin, reference) * 100);
    }
}
