package io.github.jmeterkafka.payload.source;

/**
 * Makes the key, the value or a header value of one record at a time: fixed text, random payloads,
 * lines of a payload file, templates, records from a schema.
 *
 * <p>Threads: a source may keep state (a file position, a cached buffer): each sampler thread has
 * its own, and calls it with its own {@link RecordContext}.
 */
@FunctionalInterface
public interface ValueSource {
    /**
     * The next value: {@code byte[]}, or an object for the producer's serializer (an Avro
     * {@code GenericRecord}); null for a null key or value.
     *
     * @throws io.github.jmeterkafka.input.InvalidInputException when the value cannot be made
     *                                                           (a field rule that does not fit its type)
     */
    Object next(RecordContext context);
}
