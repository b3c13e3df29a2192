package io.github.jmeterkafka.measure;

import java.util.Arrays;

/**
 * One share consumer thread's figures since it last handed them over ({@link #handOver}): kept apart from the
 * sampler's {@link ShareStats} so that each sample carries exactly what it adds, to the local summary and to a
 * distributed test's merge alike. Used by one thread.
 */
public final class ShareTally {
    private final ShareStats stats;
    private final long[] deliveries = new long[ShareStats.MAX_COUNTED_DELIVERY + 1];
    private long accepted;
    private long released;
    private long rejected;
    private long returned;
    private long renewals;
    private long refused;
    private int[] ackMicros = new int[16];
    private int acks;
    private boolean empty = true;

    /** @param stats the sampler's, which each hand-over adds to */
    public ShareTally(ShareStats stats) {
        this.stats = stats;
    }

    /** One record handed to the plan, delivered {@code count} times so far (1: the first time). */
    public void delivered(int count) {
        deliveries[Math.max(1, Math.min(count, ShareStats.MAX_COUNTED_DELIVERY))]++;
        empty = false;
    }

    /**
     * The outcome given to a record.
     *
     * @param outcome    "accept", "release" or "reject"
     * @param overBudget released unread because the sampler's record budget was spent
     */
    public void decided(String outcome, boolean overBudget) {
        count(outcome, overBudget, 1);
    }

    private void count(String outcome, boolean overBudget, int n) {
        empty = false;
        if (overBudget) {
            returned += n;
            return;
        }
        switch (outcome) {
            case "accept" -> accepted += n;
            case "release" -> released += n;
            default -> rejected += n;
        }
    }

    public void renewed(int times) {
        if (times > 0) {
            renewals += times;
            empty = false;
        }
    }

    /** The broker took an acknowledgement {@code micros} after the record's delivery. */
    public void answered(long micros) {
        if (acks == ackMicros.length) {
            ackMicros = Arrays.copyOf(ackMicros, acks * 2);
        }
        ackMicros[acks++] = (int) Math.max(0, Math.min(Integer.MAX_VALUE, micros));
        empty = false;
    }

    /**
     * The broker refused an acknowledgement (the record's lock expired, or it moved): the outcome given to it is
     * taken back, and the record is the group's again.
     */
    public void refused(String outcome, boolean overBudget) {
        count(outcome, overBudget, -1);
        refused++;
    }

    /** Adds what was counted since the last hand-over to the sampler's figures and returns it; null when nothing was. */
    public ShareFigures handOver() {
        if (empty) {
            return null;
        }
        ShareFigures f = new ShareFigures(
                deliveries.clone(),
                new ShareFigures.Outcomes(accepted, released, rejected, returned),
                renewals,
                refused,
                Arrays.copyOf(ackMicros, acks));
        Arrays.fill(deliveries, 0);
        accepted = released = rejected = returned = renewals = refused = 0;
        acks = 0;
        empty = true;
        stats.add(f);
        return f;
    }
}
