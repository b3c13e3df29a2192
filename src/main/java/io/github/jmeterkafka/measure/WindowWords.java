package io.github.jmeterkafka.measure;

/**
 * What one kind of sampler's window lines and rows call it: the rows' kind, one of its records (a producer's
 * "record", a request-reply's "request"), their latency ("send to ack", "round trip") and what a record done is.
 */
public record WindowWords(String kind, String item, String latency, String done) {
    public static final WindowWords PRODUCER =
            new WindowWords(ProducerStats.Summary.KIND, "record", "send to ack", "acknowledged");

    public String items() {
        return item + "s";
    }
}
