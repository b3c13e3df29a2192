package io.github.jmeterkafka.measure;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Records left to send (or read) across all threads of one sampler, like perf-test's
 * {@code --num-records}: threads take what they need, and get less, then none, as it runs out.
 */
public final class RecordBudget {
    private final AtomicLong remaining;

    /** @param total records in all; 0 or less means no limit */
    public RecordBudget(long total) {
        this.remaining = new AtomicLong(total > 0 ? total : Long.MAX_VALUE);
    }

    /** Takes up to {@code wanted} records; 0 once the budget is spent. */
    public int take(int wanted) {
        while (true) {
            long left = remaining.get();
            if (left <= 0) {
                return 0;
            }
            int granted = (int) Math.min(wanted, left);
            if (remaining.compareAndSet(left, left - granted)) {
                return granted;
            }
        }
    }

    /** Gives back what was taken but not used. */
    public void giveBack(int unused) {
        if (unused > 0 && remaining.get() != Long.MAX_VALUE) {
            remaining.addAndGet(unused);
        }
    }

    public long remaining() {
        return remaining.get();
    }
}
