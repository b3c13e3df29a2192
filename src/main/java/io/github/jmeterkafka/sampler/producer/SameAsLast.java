package io.github.jmeterkafka.sampler.producer;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * What a sampler clone made of its fields for the last sample, made again only when one of them changed: JMeter sets
 * the fields before every sample, mostly to what they were, and making the same value per sample costs every sample.
 *
 * <p>Threads: one sampler clone's thread.
 */
public final class SameAsLast<T> {
    private Object[] inputs;
    private T value;

    /** The value made of {@code now}: the last one when {@code now} equals the last inputs, else {@code make}'s. */
    public T get(Supplier<T> make, Object... now) {
        if (inputs == null || !Arrays.equals(now, inputs)) {
            value = make.get();
            inputs = now;
        }
        return value;
    }
}
