package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.payload.source.RecordContext;

/**
 * One {@code {{...}}} of a template, its name and arguments resolved when the template is parsed:
 * making a value only draws on the record's context.
 */
@FunctionalInterface
interface Placeholder {
    /** The typed value, given when a template is this placeholder alone. */
    Object value(RecordContext context);

    default void appendTo(StringBuilder out, RecordContext context) {
        out.append(value(context));
    }
}
