package io.github.jmeterkafka.measure;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * A record header that lets a consumer check delivery and end-to-end latency: the producing
 * thread's id, its sequence number and the send time, as ASCII {@code <producer>;<seq>;<epochMicros>}.
 */
public final class SequenceHeader {
    public static final String NAME = "jmeter-kafka-seq";

    public final String producer;
    public final long sequence;
    public final long sendMicros;

    public SequenceHeader(String producer, long sequence, long sendMicros) {
        this.producer = producer;
        this.sequence = sequence;
        this.sendMicros = sendMicros;
    }

    public byte[] encode() {
        return (producer + ';' + sequence + ';' + sendMicros).getBytes(StandardCharsets.US_ASCII);
    }

    /** Reads a header's value; null when the bytes are not a sequence header. */
    public static SequenceHeader decode(byte[] value) {
        if (value == null) {
            return null;
        }
        String s = new String(value, StandardCharsets.US_ASCII);
        int b = s.lastIndexOf(';');
        int a = b > 0 ? s.lastIndexOf(';', b - 1) : -1;
        if (a <= 0) {
            return null;
        }
        try {
            return new SequenceHeader(
                    s.substring(0, a), Long.parseLong(s.substring(a + 1, b)), Long.parseLong(s.substring(b + 1)));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    public static long nowMicros() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
    }
}
