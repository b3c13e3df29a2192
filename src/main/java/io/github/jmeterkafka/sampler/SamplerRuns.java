package io.github.jmeterkafka.sampler;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;

/**
 * What all thread clones of one sampler share during a test (stats, record budget), by label:
 * clones share no fields, and JMeter's summaries are per label too.
 */
final class SamplerRuns<T> {
    private final ConcurrentMap<String, T> runs = new ConcurrentHashMap<>();

    T get(String label, Supplier<T> create) {
        return runs.computeIfAbsent(label, k -> create.get());
    }

    T remove(String label) {
        return runs.remove(label);
    }
}
