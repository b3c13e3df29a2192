package io.github.jmeterkafka.echo;

import java.util.Locale;

/**
 * What the echo did so far: requests read, replies the broker acknowledged, replies that failed, the requests it did
 * not answer, and the seconds from the first request read to the last reply acknowledged.
 */
public record EchoCounts(long read, long replied, long failed, Unanswered unanswered, double seconds) {

    /**
     * The requests read and not answered: dropped on purpose, without a correlation id, or delayed replies not sent
     * when it stopped.
     */
    public record Unanswered(long dropped, long uncorrelated, long unsent) {}

    /** Replies per second from the first request read to the last reply acknowledged: its own turnaround rate. */
    public double repliesPerSec() {
        return seconds > 0 ? replied / seconds : 0;
    }

    /** The final line: {@code echo: 10000 requests read, 9903 replied, 97 dropped, 0 failed, 812.4 replies/sec ...}. */
    String line() {
        StringBuilder s = new StringBuilder(String.format(
                Locale.ROOT,
                "echo: %d requests read, %d replied, %d dropped, %d failed, %.1f replies/sec"
                        + " (first request to last reply, %.2f s)",
                read,
                replied,
                unanswered.dropped(),
                failed,
                repliesPerSec(),
                seconds));
        if (unanswered.uncorrelated() > 0) {
            s.append(", ").append(unanswered.uncorrelated()).append(" without a correlation id (not answered)");
        }
        if (unanswered.unsent() > 0) {
            s.append(", ").append(unanswered.unsent()).append(" delayed replies not sent at stop");
        }
        return s.append('.').toString();
    }

    /** A progress line: the counts and the reply rate since {@code before}, {@code elapsedSec} ago. */
    String progress(EchoCounts before, double elapsedSec) {
        return String.format(
                Locale.ROOT,
                "echo: %d read, %d replied, %d dropped, %d failed; %.1f replies/sec in the last %.0f s",
                read,
                replied,
                unanswered.dropped(),
                failed,
                (replied - before.replied) / elapsedSec,
                elapsedSec);
    }
}
