package io.github.jmeterkafka.measure;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Records left to send (or read) across all threads of one sampler, like perf-test's
 * {@code --num-records}: threads take what they need, and get less, then none, as it runs out.
 * Readers take records as they hand them out, never before: a thread waiting for records that
 * may not come must not hold back what other threads could read. Thread-safe.
 */
public final class RecordBudget {
    private final AtomicLong remaining;

    /** @param total records in all; 0 or less means no limit */
    public RecordBudget(long total) {
        this.remaining = new AtomicLong(total > 0 ? total : Long.MAX_VALUE);
    }

    /** A budget without limit. */
    public static RecordBudget unlimited() {
        return new RecordBudget(0);
    }

    /** Takes up to {@code wanted} records; 0 once the budget is spent. */
    public int take(int wanted) {
        while (true) {
            long left = remaining.get();
            if (left <= 0 || wanted <= 0) {
                return 0;
            }
            int granted = (int) Math.min(wanted, left);
            if (left == Long.MAX_VALUE || remaining.compareAndSet(left, left - granted)) {
                return granted;
            }
        }
    }

    public boolean spent() {
        return remaining.get() <= 0;
    }

    public long remaining() {
        return remaining.get();
    }
}
