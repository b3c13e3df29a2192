package io.github.jmeterkafka.sweep.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One combination of the varied properties' values, property names without {@code vary.}. Equal
 * maps are equal configurations, so two sweeps match theirs whatever their column order.
 */
record Configuration(Map<String, String> values) {

    Configuration {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    String get(String property) {
        return values.getOrDefault(property, "");
    }

    /** {@code partitions=6, acks=all}; empty when nothing varies. */
    String text() {
        StringJoiner j = new StringJoiner(", ");
        values.forEach((k, v) -> j.add(k + "=" + v));
        return j.toString();
    }
}
