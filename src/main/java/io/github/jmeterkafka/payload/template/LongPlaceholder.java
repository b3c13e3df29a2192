package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.payload.source.RecordContext;

/** A placeholder whose value is a whole number: appended without boxing it. */
@FunctionalInterface
interface LongPlaceholder extends Placeholder {
    long asLong(RecordContext context);

    @Override
    default Object value(RecordContext context) {
        return asLong(context);
    }

    @Override
    default void appendTo(StringBuilder out, RecordContext context) {
        out.append(asLong(context));
    }
}
