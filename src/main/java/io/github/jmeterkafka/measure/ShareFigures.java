package io.github.jmeterkafka.measure;

import java.io.Serializable;

/**
 * What one share consumer thread's sample adds to its sampler's share lines: deliveries by count, the plan's
 * outcomes, lock renewals, and the broker's answers that arrived since the thread's last figures. The sampler's
 * own {@link ShareStats} adds them as the controller's merge of a distributed test does.
 */
public final class ShareFigures implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Records handed out, by delivery count (index 1 to {@link ShareStats#MAX_COUNTED_DELIVERY}). */
    final long[] deliveries;

    final long accepted;
    final long released;
    final long rejected;
    /** Released unread because the sampler's record budget was spent (not the plan's). */
    final long returned;

    final long renewals;
    final long refused;
    /** Latency of each acknowledgement the broker took (µs, delivery to answer). */
    final int[] ackMicros;

    /**
     * The outcomes the records were given: by the plan (accepted, released, rejected), or released unread because
     * the sampler's record budget was spent ({@code returned}).
     */
    record Outcomes(long accepted, long released, long rejected, long returned) {}

    // the fields stay one per figure: they are the form a jmeter-server sends the controller
    ShareFigures(long[] deliveries, Outcomes outcomes, long renewals, long refused, int[] ackMicros) {
        this.deliveries = deliveries;
        this.accepted = outcomes.accepted();
        this.released = outcomes.released();
        this.rejected = outcomes.rejected();
        this.returned = outcomes.returned();
        this.renewals = renewals;
        this.refused = refused;
        this.ackMicros = ackMicros;
    }
}
