package io.github.jmeterkafka.echo;

import java.util.SplittableRandom;

/** How long the echo waits before it replies: a fixed time or one drawn uniformly from a range. */
record DelayRange(long minMs, long maxMs) {
    static final DelayRange NONE = new DelayRange(0, 0);

    /** {@code 5} (fixed) or {@code 2-20} (uniform, both ends included), in ms. */
    static DelayRange parse(String text) {
        String t = text.trim();
        int dash = t.indexOf('-', 1);
        long min;
        long max;
        try {
            min = Long.parseLong(dash < 0 ? t : t.substring(0, dash).trim());
            max = dash < 0 ? min : Long.parseLong(t.substring(dash + 1).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--delay-ms: '" + text + "' is neither a number of ms nor a range such as 2-20");
        }
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("--delay-ms: '" + text + "' must be 0 or more, the range low to high");
        }
        return new DelayRange(min, max);
    }

    boolean none() {
        return maxMs == 0;
    }

    long nextMs(SplittableRandom random) {
        return minMs == maxMs ? minMs : random.nextLong(minMs, maxMs + 1);
    }

    @Override
    public String toString() {
        return minMs == maxMs ? minMs + " ms" : minMs + "-" + maxMs + " ms";
    }
}
