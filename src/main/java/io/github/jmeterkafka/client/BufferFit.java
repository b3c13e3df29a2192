package io.github.jmeterkafka.client;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the samples of the threads sharing one producer fit into its {@code buffer.memory}. When
 * they do not, records wait in {@code send()} for buffer space: the threads then contend for it, the
 * wait is in every record's latency, and more threads send slower instead of faster. Warns once.
 *
 * <p>Threads: any; counters only.
 */
public final class BufferFit {
    private static final Logger log = LoggerFactory.getLogger(BufferFit.class);

    private final String connection;
    private final long bufferMemory;
    private final AtomicInteger threads = new AtomicInteger();
    private final AtomicBoolean warned = new AtomicBoolean();

    public BufferFit(String connection, long bufferMemory) {
        this.connection = connection;
        this.bufferMemory = bufferMemory;
    }

    /** A thread starts sending through the shared producer. */
    public void join() {
        threads.incrementAndGet();
    }

    /** A thread that joined is done. */
    public void leave() {
        threads.decrementAndGet();
    }

    /**
     * A sample of {@code records} records and {@code bytes} bytes was sent.
     *
     * @return whether the samples of all sharing threads exceeded the buffer (the first time, logged)
     */
    public boolean sampled(int records, long bytes) {
        int n = Math.max(1, threads.get());
        if (bytes * n <= bufferMemory || records == 0) {
            return false;
        }
        if (warned.compareAndSet(false, true)) {
            long fitting = Math.max(1, bufferMemory / n / Math.max(1, bytes / records));
            log.warn(String.format(
                    Locale.ROOT,
                    "Kafka Connection '%s': %d thread(s) share one producer with samples of"
                            + " %.1f MB (%d records); together they exceed buffer.memory (%.1f MB), so records wait in send() for"
                            + " buffer space and that wait is in their latency. Send at most %d records per sample per thread, or"
                            + " raise buffer.memory in the connection's producer properties.",
                    connection,
                    n,
                    bytes / 1e6,
                    records,
                    bufferMemory / 1e6,
                    fitting));
        }
        return true;
    }
}
