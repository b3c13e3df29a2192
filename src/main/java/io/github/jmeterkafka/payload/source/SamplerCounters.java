package io.github.jmeterkafka.payload.source;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What all threads of one sampler count together: the record sequence ({@code {{gseq}}}) and the
 * cursors of CSV files read by all threads. Thread-safe.
 */
public final class SamplerCounters {
    private final AtomicLong records = new AtomicLong();
    private final ConcurrentMap<Object, AtomicLong> cursors = new ConcurrentHashMap<>();

    AtomicLong records() {
        return records;
    }

    /** The next row all threads read through {@code cursor}, a row number that only grows. */
    AtomicLong cursor(Object cursor) {
        return cursors.computeIfAbsent(cursor, c -> new AtomicLong());
    }
}
