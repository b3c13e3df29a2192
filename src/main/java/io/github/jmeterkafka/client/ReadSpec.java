package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.Tagged;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.kafka.common.TopicPartition;

/** Where a consumer reads: topics, a pattern or explicit partitions, and where it starts. */
public final class ReadSpec {

    /** How the consumer gets its partitions. */
    public enum Subscription implements Tagged {
        /** a group subscribed to listed topics */
        TOPICS("subscription.topics"),
        /** a group subscribed to the topics a regular expression matches */
        PATTERN("subscription.pattern"),
        /** given partitions of the listed topics, with no group */
        ASSIGN("subscription.assign");

        private final String tag;

        Subscription(String tag) {
            this.tag = tag;
        }

        @Override
        public String tag() {
            return tag;
        }

        /**
         * The read this subscription makes of the sampler's fields.
         *
         * @param partitions read in assign mode only
         */
        public ReadSpec spec(String topics, String partitions, Start start, long startValue) {
            return switch (this) {
                case PATTERN -> pattern(topics, start, startValue);
                case ASSIGN -> assign(topics, partitions, start, startValue);
                default -> topics(topics, start, startValue);
            };
        }
    }

    /**
     * Where reading starts on a partition the first time a consumer of the test gets it; in a group, a
     * partition moving to another thread goes on from the offset committed on the hand-over.
     */
    public enum Start implements Tagged {
        /** the group's committed offset, else the earliest (auto.offset.reset=earliest) */
        COMMITTED_OR_EARLIEST("startAt.committedOrEarliest"),
        /** the group's committed offset, else the latest (auto.offset.reset=latest) */
        COMMITTED_OR_LATEST("startAt.committedOrLatest"),
        /** the beginning, whatever the group committed */
        EARLIEST("startAt.earliest"),
        /** the end, whatever the group committed */
        LATEST("startAt.latest"),
        /** a given offset */
        OFFSET("startAt.offset"),
        /** the first record at or after a given timestamp (ms since the epoch) */
        TIMESTAMP("startAt.timestamp");

        private final String tag;

        Start(String tag) {
            this.tag = tag;
        }

        @Override
        public String tag() {
            return tag;
        }

        /** Whether it needs a value: an offset or a timestamp. */
        public boolean takesValue() {
            return this == OFFSET || this == TIMESTAMP;
        }

        /** Whether the reader seeks, rather than the group's committed offset deciding. */
        boolean seeks() {
            return this != COMMITTED_OR_EARLIEST && this != COMMITTED_OR_LATEST;
        }
    }

    final List<String> topics;
    final Pattern pattern;
    final List<TopicPartition> partitions;
    final Start start;
    final long startValue;

    private ReadSpec(
            List<String> topics, Pattern pattern, List<TopicPartition> partitions, Start start, long startValue) {
        this.topics = topics;
        this.pattern = pattern;
        this.partitions = partitions;
        this.start = start;
        this.startValue = startValue;
    }

    public static ReadSpec topics(String commaSeparated, Start start, long startValue) {
        List<String> topics = split(commaSeparated);
        if (topics.isEmpty()) {
            throw new InvalidInputException("topic is empty");
        }
        return new ReadSpec(topics, null, null, start, startValue);
    }

    public static ReadSpec pattern(String regex, Start start, long startValue) {
        if (regex == null || regex.isBlank()) {
            throw new InvalidInputException("topic pattern is empty");
        }
        try {
            return new ReadSpec(null, Pattern.compile(regex.trim()), null, start, startValue);
        } catch (PatternSyntaxException e) {
            throw new InvalidInputException(
                    "topic pattern '" + regex + "' is not a regular expression: " + e.getDescription());
        }
    }

    /**
     * A read of the listed partitions of every listed topic, without a group.
     *
     * @param partitions comma-separated partition numbers of every listed topic, e.g. "0,2"
     */
    public static ReadSpec assign(String commaSeparatedTopics, String partitions, Start start, long startValue) {
        List<String> topics = split(commaSeparatedTopics);
        if (topics.isEmpty()) {
            throw new InvalidInputException("topic is empty");
        }
        List<TopicPartition> tps = new ArrayList<>();
        for (String topic : topics) {
            for (String p : split(partitions)) {
                tps.add(new TopicPartition(topic, Fields.nonNegativeInt("partition", p)));
            }
        }
        if (tps.isEmpty()) {
            throw new InvalidInputException("partitions are empty: assign mode needs e.g. 0,1,2");
        }
        return new ReadSpec(topics, null, tps, start, startValue);
    }

    public boolean usesGroup() {
        return partitions == null;
    }

    /** The consumer's auto.offset.reset for this start. */
    public String offsetReset() {
        return start == Start.COMMITTED_OR_LATEST || start == Start.LATEST ? "latest" : "earliest";
    }

    @Override
    public String toString() {
        String what = pattern != null
                ? "pattern " + pattern
                : partitions != null ? "partitions " + partitions : "topics " + topics;
        return what + " from " + start.name().toLowerCase(Locale.ROOT) + (start.takesValue() ? " " + startValue : "");
    }

    private static List<String> split(String s) {
        List<String> out = new ArrayList<>();
        if (s != null) {
            for (String part : s.split(",", -1)) {
                if (!part.isBlank()) {
                    out.add(part.trim());
                }
            }
        }
        return out;
    }
}
