package io.github.jmeterkafka.sweep.report;

import java.util.List;

/** The median and the range of one figure over a configuration's ok repeats. */
record Spread(double median, double min, double max) {

    /** Null when there is no value: nothing to summarise is not a zero. */
    static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int mid = v.length / 2;
        double median = v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
        return new Spread(median, v[0], v[v.length - 1]);
    }
}
