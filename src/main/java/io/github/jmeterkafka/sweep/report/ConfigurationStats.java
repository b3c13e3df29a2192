package io.github.jmeterkafka.sweep.report;

import java.util.Map;

/** One row of a sampler's table: a configuration's figures over its ok repeats; a metric with no value has no spread. */
record ConfigurationStats(Configuration configuration, int okRepeats, Map<Metric, Spread> spreads) {

    Spread spread(Metric m) {
        return spreads.get(m);
    }

    /** The median, or null: no ok repeat or the column is empty for this kind. */
    Double median(Metric m) {
        Spread s = spreads.get(m);
        return s == null ? null : s.median();
    }
}
