package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * What a share group's members of one sampler did with their records, added up from the threads' {@link
 * ShareFigures}: how often each record had been delivered, what each was acknowledged as, how long the broker took
 * to confirm it, and (from the producers' sequence headers) whether every record was accepted exactly once.
 * Volume, rates and end-to-end latency are the {@link ConsumerStats} beside it. A distributed test's controller
 * merges the servers' figures into one the same way. Thread-safe.
 */
public final class ShareStats {
    /** Delivery counts above this share one bucket (Kafka's delivery limit is 5 by default, at most 10). */
    static final int MAX_COUNTED_DELIVERY = 10;

    private final AtomicLongArray deliveries = new AtomicLongArray(MAX_COUNTED_DELIVERY + 1);
    private final LongAdder accepted = new LongAdder();
    private final LongAdder released = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder returned = new LongAdder();
    private final LongAdder renewals = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private final LongAdder confirmed = new LongAdder();
    private final Histogram ackMicros = new ConcurrentHistogram(3);
    private final DeliveryVerifier verifier;
    // records whose acceptance the broker answered with an error (or whose answer a failover lost), until one is
    // delivered and accepted again
    private final Set<String> acceptanceErrors = ConcurrentHashMap.newKeySet();
    private final boolean merged;

    /** @param verifier null when delivery is not verified */
    public ShareStats(DeliveryVerifier verifier) {
        this(verifier, false);
    }

    private ShareStats(DeliveryVerifier verifier, boolean merged) {
        this.verifier = verifier;
        this.merged = merged;
    }

    /** A distributed test's merge of its servers' figures (each server checks delivery itself). */
    public static ShareStats merged() {
        return new ShareStats(null, true);
    }

    public void add(ShareFigures f) {
        for (int i = 1; i < f.deliveries.length; i++) {
            if (f.deliveries[i] > 0) {
                deliveries.addAndGet(i, f.deliveries[i]);
            }
        }
        accepted.add(f.accepted);
        released.add(f.released);
        rejected.add(f.rejected);
        returned.add(f.returned);
        renewals.add(f.renewals);
        refused.add(f.refused);
        for (int m : f.ackMicros) {
            ackMicros.recordValue(m);
        }
    }

    /**
     * The broker took a record's acceptance: checked against the producers' sequences.
     *
     * @param sequence the record's sequence header; null when it has none
     */
    public void acceptanceConfirmed(String topic, int partition, SequenceHeader sequence) {
        confirmed.increment();
        if (verifier != null && sequence != null) {
            verifier.observe(sequence.producer, topic, partition, sequence.sequence, sequence.sendMicros / 1000);
            if (!acceptanceErrors.isEmpty()) {
                acceptanceErrors.remove(key(topic, partition, sequence));
            }
        }
    }

    /**
     * The broker answered a record's acceptance with an error. A record it did not take comes back (its lock ends) and
     * is accepted again; one that never does was most likely taken, its answer lost in a failover.
     *
     * @param sequence the record's sequence header; null when it has none
     */
    public void acceptanceFailed(String topic, int partition, SequenceHeader sequence) {
        if (verifier != null && sequence != null) {
            acceptanceErrors.add(key(topic, partition, sequence));
        }
    }

    private static String key(String topic, int partition, SequenceHeader sequence) {
        return sequence.producer + '\u0000' + topic + '\u0000' + partition + '\u0000' + sequence.sequence;
    }

    /** Accepted records, less those whose acceptance the broker refused (those that came back count again). */
    public long accepted() {
        return accepted.sum();
    }

    /** Acceptances the broker has confirmed so far; at the end, equal to {@link #accepted}. */
    public long confirmedAcceptances() {
        return confirmed.sum();
    }

    public long released() {
        return released.sum();
    }

    public long rejected() {
        return rejected.sum();
    }

    public long refusals() {
        return refused.sum();
    }

    public long renewals() {
        return renewals.sum();
    }

    /** Records delivered {@code count} times (the last bucket: that many or more). */
    public long deliveredTimes(int count) {
        return deliveries.get(count);
    }

    /** The delivery check per event window (see {@link DeliveryVerifier#eventLines}); none when not verified. */
    public List<String> eventLines(List<EventMarks.Mark> marks) {
        return verifier == null ? List.of() : verifier.eventLines(marks);
    }

    /** The summary's share lines: acknowledgements, their latency, delivery counts, and the delivery check. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(
                Locale.ROOT,
                "acknowledged: %d accepted, %d released, %d rejected; %d lock renewals; %d acknowledgements refused by"
                        + " the broker; %d released unread at the end of the record budget.",
                accepted.sum(),
                released.sum(),
                rejected.sum(),
                renewals.sum(),
                refused.sum(),
                returned.sum()));
        Histogram h = ackMicros.copy();
        lines.add(
                h.getTotalCount() == 0
                        ? "acknowledgement latency: none confirmed"
                        : String.format(
                                Locale.ROOT,
                                "acknowledgement latency (delivery to the broker's answer): %.2f ms avg, %d ms 50th, %d"
                                        + " ms 95th, %d ms 99th, %d ms 99.9th, %d ms 99.99th, %.2f ms max.",
                                h.getMean() / 1000.0,
                                h.getValueAtPercentile(50) / 1000,
                                h.getValueAtPercentile(95) / 1000,
                                h.getValueAtPercentile(99) / 1000,
                                h.getValueAtPercentile(99.9) / 1000,
                                SummaryRow.p9999Ms(h),
                                h.getMaxValue() / 1000.0));
        StringBuilder counts = new StringBuilder("delivery counts (records handed out, by delivery):");
        for (int i = 1; i <= MAX_COUNTED_DELIVERY; i++) {
            long n = deliveries.get(i);
            if (n > 0) {
                counts.append(' ')
                        .append(i)
                        .append(i == MAX_COUNTED_DELIVERY ? "+" : "")
                        .append(": ")
                        .append(n)
                        .append(',');
            }
        }
        counts.setLength(counts.length() - 1);
        lines.add(counts.append('.').toString());
        if (merged) {
            lines.add("the broker's answers to each thread's last acknowledgements come at its close, after its last"
                    + " sample: they are in each server's own summary, as is the delivery check.");
        } else if (verifier == null) {
            lines.add("delivery: not verified (Verify delivery is off)");
        } else {
            lines.add(verifier.summaryLine("accepted"));
            if (!acceptanceErrors.isEmpty()) {
                lines.add(String.format(
                        Locale.ROOT,
                        "acceptance errors: %d records whose acceptance the broker answered with an error were not"
                                + " delivered again: it most likely took them, its answer lost in a failover (the"
                                + " check above counts them missing).",
                        acceptanceErrors.size()));
            }
        }
        return lines;
    }
}
