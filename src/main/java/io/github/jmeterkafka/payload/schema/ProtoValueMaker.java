package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.payload.source.RecordContext;

/** One field of a message type, compiled: makes its value for one record. */
@FunctionalInterface
interface ProtoValueMaker {
    /**
     * Makes the value for one record.
     *
     * @param depth how many times the message type has entered itself above this value
     * @return the value as {@code DynamicMessage} holds it, or null to leave the field unset
     */
    Object make(RecordContext context, int depth);
}
