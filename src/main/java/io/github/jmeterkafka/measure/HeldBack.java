package io.github.jmeterkafka.measure;

/** The union of the stretches it is told of, in ns: two threads held back at once count once. */
final class HeldBack {
    private long nanos;
    private long coveredUntil = Long.MIN_VALUE;

    synchronized void add(long from, long to) {
        long start = Math.max(from, coveredUntil);
        if (to > start) {
            nanos += to - start;
            coveredUntil = to;
        }
    }

    synchronized long ms() {
        return nanos / 1_000_000;
    }
}
