package io.github.jmeterkafka.client;

import java.util.Arrays;

/**
 * The figures of a sample's acknowledged records, as a jmeter-server's result carries them: each record's latency
 * (µs) from its send, from its intended send and its wait to be sent (paced runs), and their value bytes.
 *
 * <p>Threads: not thread-safe; its batch guards it.
 */
final class RecordTimes {
    private int[] micros = new int[0];
    private int[] correctedMicros = new int[0];
    private int[] delayMicros = new int[0];
    private int count;
    private long bytes;

    void add(long intendedNanos, long sendNanos, long ackNanos, long valueBytes) {
        if (count == micros.length) {
            int grown = Math.max(16, count * 2);
            micros = Arrays.copyOf(micros, grown);
            correctedMicros = Arrays.copyOf(correctedMicros, grown);
            delayMicros = Arrays.copyOf(delayMicros, grown);
        }
        micros[count] = micros(sendNanos, ackNanos);
        correctedMicros[count] = micros(intendedNanos, ackNanos);
        delayMicros[count++] = micros(intendedNanos, sendNanos);
        bytes += valueBytes;
    }

    private static int micros(long fromNanos, long toNanos) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(0, (toNanos - fromNanos) / 1000));
    }

    int[] micros() {
        return Arrays.copyOf(micros, count);
    }

    int[] correctedMicros() {
        return Arrays.copyOf(correctedMicros, count);
    }

    int[] delayMicros() {
        return Arrays.copyOf(delayMicros, count);
    }

    long bytes() {
        return bytes;
    }

    /** These records and then {@code other}'s. */
    RecordTimes plus(RecordTimes other) {
        RecordTimes sum = new RecordTimes();
        sum.micros = concat(micros, count, other.micros, other.count);
        sum.correctedMicros = concat(correctedMicros, count, other.correctedMicros, other.count);
        sum.delayMicros = concat(delayMicros, count, other.delayMicros, other.count);
        sum.count = count + other.count;
        sum.bytes = bytes + other.bytes;
        return sum;
    }

    private static int[] concat(int[] a, int na, int[] b, int nb) {
        int[] out = Arrays.copyOf(a, na + nb);
        System.arraycopy(b, 0, out, na, nb);
        return out;
    }
}
