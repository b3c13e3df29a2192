package io.github.jmeterkafka.sampler.admin;

import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;

/** The fields the Admin's operations read, each with its check and its line in the sampler data. */
final class AdminInputs {
    /** Topic names, at least one. */
    static final AdminInput<List<String>> TOPICS =
            new AdminInput<>("topics", s -> topicList(s, true), trimmed(AdminFields::getTopics));
    /** Topics or partitions ({@code orders:3}) to move, at least one. */
    static final AdminInput<List<String>> PARTITIONS_TO_MOVE =
            new AdminInput<>("partitions", s -> topicList(s, true), trimmed(AdminFields::getTopics));
    /** The topics of a group's lag; none: every topic it committed on. */
    static final AdminInput<List<String>> LAG_TOPICS =
            new AdminInput<>("topics", s -> topicList(s, false), blankAs(AdminFields::getTopics, null));
    /** Topics; none: every topic. */
    static final AdminInput<List<String>> TOPICS_OR_ALL =
            new AdminInput<>("topics", s -> topicList(s, false), blankAs(AdminFields::getTopics, "all"));
    /** Topics ({@code orders}) or partitions ({@code orders:3}); none: every partition. */
    static final AdminInput<List<String>> PARTITIONS_OR_ALL =
            new AdminInput<>("partitions", s -> topicList(s, false), blankAs(AdminFields::getTopics, "all"));
    /** The topics whose configs are read or changed, when no broker is named. */
    static final AdminInput<List<String>> CONFIG_TOPICS = new AdminInput<>(
            "topics",
            s -> topicList(s, false),
            s -> s.getBrokers().isBlank() ? s.getTopics().trim() : null);
    /** The brokers whose configs are read or changed; blank: the topics'. */
    static final AdminInput<String> CONFIG_BROKERS =
            new AdminInput<>("brokers", AdminFields::getBrokers, blankAs(AdminFields::getBrokers, null));
    /** Brokers a reassignment moves replicas to. */
    static final AdminInput<String> BROKERS = new AdminInput<>(
            "brokers", s -> Fields.required("brokers", s.getBrokers()), trimmed(AdminFields::getBrokers));
    /** A new topic's partitions; blank: the broker's default. */
    static final AdminInput<Optional<Integer>> PARTITIONS = new AdminInput<>(
            "partitions",
            s -> optionalPositive("partitions", s.getPartitions()),
            blankAs(AdminFields::getPartitions, "broker default"));
    /** The partitions a topic is raised to. */
    static final AdminInput<Integer> TOTAL_PARTITIONS = new AdminInput<>(
            "partitions",
            s -> Fields.positiveInt("partitions", Fields.required("partitions", s.getPartitions()), 1),
            trimmed(AdminFields::getPartitions));
    /** A new topic's replication factor; blank: the broker's default. */
    static final AdminInput<Optional<Short>> REPLICATION_FACTOR = new AdminInput<>(
            "replication factor",
            AdminInputs::replicationFactor,
            blankAs(AdminFields::getReplicationFactor, "broker default"));
    /** A new topic's configs, shown when there are any. */
    static final AdminInput<Map<String, String>> TOPIC_CONFIGS = new AdminInput<>(
            "configs",
            AdminInputs::configMap,
            s -> s.getTopicConfigs().isEmpty() ? null : configMap(s).toString());
    /** The configs to set (or, with no value, to remove). */
    static final AdminInput<Map<String, String>> CONFIG_CHANGES = new AdminInput<>(
            "configs", AdminInputs::configMap, s -> configMap(s).toString());
    /** The names of the configs to show; none: all. Not in the sampler data. */
    static final AdminInput<Set<String>> CONFIG_NAMES =
            new AdminInput<>("configs", s -> configMap(s).keySet(), s -> null);

    static final AdminInput<Boolean> IGNORE_EXISTING = new AdminInput<>(
            "ignore existing", AdminFields::isIgnoreExisting, s -> String.valueOf(s.isIgnoreExisting()));
    static final AdminInput<Boolean> IGNORE_MISSING =
            new AdminInput<>("ignore missing", AdminFields::isIgnoreMissing, s -> String.valueOf(s.isIgnoreMissing()));
    static final AdminInput<String> GROUP_ID = new AdminInput<>(
            "group", s -> Fields.required("group id", s.getGroupId()), trimmed(AdminFields::getGroupId));
    static final AdminInput<String> SHARE_GROUP_ID = new AdminInput<>(
            "share group", s -> Fields.required("group id", s.getGroupId()), trimmed(AdminFields::getGroupId));
    /** Where a share group starts: earliest, latest or by_duration:&lt;ISO-8601 duration&gt;. */
    static final AdminInput<String> SHARE_START =
            new AdminInput<>("start", AdminInputs::shareStart, trimmed(AdminFields::getShareGroupStart));

    static final AdminInput<LagCondition> LAG_CONDITION = new AdminInput<>(
            "lag condition", s -> LagCondition.parse(s.getLagCondition()), trimmed(AdminFields::getLagCondition));
    /** A reassignment's replication throttle in bytes/s; blank: none. */
    static final AdminInput<OptionalLong> THROTTLE = new AdminInput<>(
            "throttle",
            s -> s.getThrottle().isBlank()
                    ? OptionalLong.empty()
                    : OptionalLong.of(Fields.nonNegativeLong("throttle", s.getThrottle())),
            s -> s.getThrottle().isBlank() ? "none" : s.getThrottle().trim() + " bytes/s");
    /** The broker a leader must move away from; blank: each partition's leader at the start. */
    static final AdminInput<OptionalInt> AWAY_FROM = new AdminInput<>(
            "away from",
            s -> s.getBrokers().isBlank()
                    ? OptionalInt.empty()
                    : OptionalInt.of(Fields.nonNegativeInt("brokers", s.getBrokers())),
            s -> s.getBrokers().isBlank()
                    ? "each partition's leader at the start"
                    : "broker " + s.getBrokers().trim());

    private AdminInputs() {}

    /** The topics field's comma-separated names, each once; blank entries (a trailing comma) are skipped. */
    private static List<String> topicList(AdminFields s, boolean required) {
        Set<String> names = new LinkedHashSet<>();
        for (String t : s.getTopics().split(",", -1)) {
            if (!t.isBlank()) {
                names.add(t.trim());
            }
        }
        if (required && names.isEmpty()) {
            throw new InvalidInputException("topics is empty");
        }
        return new ArrayList<>(names);
    }

    /** The configs table as names and values. */
    private static Map<String, String> configMap(AdminFields s) {
        return KeyValue.toMap(s.getTopicConfigs(), "configs");
    }

    private static Optional<Short> replicationFactor(AdminFields s) {
        Optional<Integer> rf = optionalPositive("replication factor", s.getReplicationFactor());
        if (rf.isPresent() && rf.get() > Short.MAX_VALUE) {
            throw new InvalidInputException("replication factor is too large: " + rf.get());
        }
        return rf.map(Integer::shortValue);
    }

    private static String shareStart(AdminFields s) {
        String start = Fields.required("share group start", s.getShareGroupStart());
        if (!start.equals("earliest") && !start.equals("latest") && !start.startsWith("by_duration:")) {
            throw new InvalidInputException(
                    "share group start must be earliest, latest or by_duration:<ISO-8601 duration>, not '" + start
                            + "'");
        }
        return start;
    }

    private static Optional<Integer> optionalPositive(String field, String text) {
        return text.isBlank() ? Optional.empty() : Optional.of(Fields.positiveInt(field, text, 1));
    }

    private static Function<AdminFields, String> trimmed(Function<AdminFields, String> field) {
        return s -> field.apply(s).trim();
    }

    /** The field trimmed, or {@code whenBlank} (null: no line). */
    private static Function<AdminFields, String> blankAs(Function<AdminFields, String> field, String whenBlank) {
        return s -> field.apply(s).isBlank() ? whenBlank : field.apply(s).trim();
    }
}
