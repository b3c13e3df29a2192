package io.github.jmeterkafka.client;

import java.time.Duration;

/**
 * A consumer's reader that one thread owns: that thread reads and closes it; any other thread may only wake its
 * poll (Stop).
 */
public interface OwnedReader {
    /** Breaks a poll in progress; callable from any thread. */
    void wakeup();

    /** Closes the consumer within the timeout; its owning thread only. */
    void close(Duration timeout);
}
