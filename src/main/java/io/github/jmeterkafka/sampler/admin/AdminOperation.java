package io.github.jmeterkafka.sampler.admin;

import static io.github.jmeterkafka.sampler.admin.AdminInput.configMap;
import static io.github.jmeterkafka.sampler.admin.AdminInput.topicList;

import io.github.jmeterkafka.client.ShareGroupOperations;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.Tagged;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.ElectionType;

/**
 * The Kafka Admin's operations, one per drop-down choice: each reads and checks the fields it
 * needs before anything is timed, says its settings for the sampler data, and makes its call.
 */
public enum AdminOperation implements Tagged {
    CREATE_TOPIC("operation.createTopic") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> names = topicList(s, true);
            Optional<Integer> n = optionalPositive("partitions", s.getPartitions());
            Optional<Integer> rf = optionalPositive("replication factor", s.getReplicationFactor());
            if (rf.isPresent() && rf.get() > Short.MAX_VALUE) {
                throw new InvalidInputException("replication factor is too large: " + rf.get());
            }
            Optional<Short> rfShort = rf.map(Integer::shortValue);
            Map<String, String> configs = configMap(s);
            boolean ignoreExisting = s.isIgnoreExisting();
            return ops -> AdminResponse.created(ops.createTopics(names, n, rfShort, configs, ignoreExisting));
        }

        @Override
        public String settings(AdminFields s) {
            return "topics: " + s.getTopics().trim() + "\npartitions: " + blankAsDefault(s.getPartitions())
                    + "\nreplication factor: " + blankAsDefault(s.getReplicationFactor())
                    + (s.getTopicConfigs().isEmpty() ? "" : "\nconfigs: " + configMap(s)) + "\nignore existing: "
                    + s.isIgnoreExisting() + "\n";
        }
    },
    DELETE_TOPIC("operation.deleteTopic") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> names = topicList(s, true);
            boolean ignoreMissing = s.isIgnoreMissing();
            return ops -> AdminResponse.deleted(ops.deleteTopics(names, ignoreMissing));
        }

        @Override
        public String settings(AdminFields s) {
            return "topics: " + s.getTopics().trim() + "\nignore missing: " + s.isIgnoreMissing() + "\n";
        }
    },
    DESCRIBE_TOPIC("operation.describeTopic") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> names = topicList(s, true);
            return ops -> AdminResponse.described(ops.describeTopics(names));
        }

        @Override
        public String settings(AdminFields s) {
            return "topics: " + s.getTopics().trim() + "\n";
        }
    },
    LIST_TOPICS("operation.listTopics") {
        @Override
        public AdminCall prepare(AdminFields s) {
            return ops -> AdminResponse.listed(ops.listTopics());
        }

        @Override
        public String settings(AdminFields s) {
            return "";
        }
    },
    ADD_PARTITIONS("operation.addPartitions") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> names = topicList(s, true);
            int total = Fields.positiveInt("partitions", Fields.required("partitions", s.getPartitions()), 1);
            return ops -> AdminResponse.partitionsAdded(ops.addPartitions(names, total));
        }

        @Override
        public String settings(AdminFields s) {
            return "topics: " + s.getTopics().trim() + "\npartitions: "
                    + s.getPartitions().trim() + "\n";
        }
    },
    CONSUMER_GROUP_LAG("operation.consumerGroupLag") {
        @Override
        public AdminCall prepare(AdminFields s) {
            String group = Fields.required("group id", s.getGroupId());
            List<String> names = topicList(s, false);
            return ops -> AdminResponse.lag(ops.consumerGroupLag(group, names));
        }

        @Override
        public String settings(AdminFields s) {
            return "group: " + s.getGroupId().trim()
                    + (s.getTopics().isBlank()
                            ? ""
                            : "\ntopics: " + s.getTopics().trim()) + "\n";
        }
    },
    WAIT_FOR_LAG("operation.waitForLag") {
        @Override
        public AdminCall prepare(AdminFields s) {
            String group = Fields.required("group id", s.getGroupId());
            List<String> names = topicList(s, false);
            Matcher m = LAG_CONDITION.matcher(s.getLagCondition().trim());
            if (!m.matches()) {
                throw new InvalidInputException("lag condition must be '>= N' or '<= N' (N records), not '"
                        + s.getLagCondition().trim() + "'");
            }
            long n = Fields.nonNegativeLong("lag condition", m.group(2));
            boolean atLeast = m.group(1).equals(">=");
            String condition = m.group(1) + " " + n;
            return ops ->
                    AdminResponse.lag(ops.awaitGroupLag(group, names, lag -> atLeast ? lag >= n : lag <= n, condition));
        }

        @Override
        public String settings(AdminFields s) {
            return CONSUMER_GROUP_LAG.settings(s) + "lag condition: "
                    + s.getLagCondition().trim() + "\n";
        }
    },
    SHARE_GROUP("operation.shareGroup") {
        @Override
        public AdminCall prepare(AdminFields s) {
            String group = Fields.required("group id", s.getGroupId());
            return ops -> AdminResponse.shareGroup(ops.shareGroups().describe(group));
        }

        @Override
        public String settings(AdminFields s) {
            return "share group: " + s.getGroupId().trim() + "\n";
        }
    },
    SHARE_GROUP_START("operation.shareGroupStart") {
        @Override
        public AdminCall prepare(AdminFields s) {
            String group = Fields.required("group id", s.getGroupId());
            String start = Fields.required("share group start", s.getShareGroupStart());
            if (!start.equals("earliest") && !start.equals("latest") && !start.startsWith("by_duration:")) {
                throw new InvalidInputException(
                        "share group start must be earliest, latest or by_duration:<ISO-8601 duration>, not '" + start
                                + "'");
            }
            return ops -> {
                ops.shareGroups().setStart(group, start);
                return new AdminResponse(
                        "share group " + group + " starts at " + start,
                        ShareGroupOperations.SHARE_START + "=" + start + " on group " + group + "\n",
                        Map.of());
            };
        }

        @Override
        public String settings(AdminFields s) {
            return "share group: " + s.getGroupId().trim() + "\nstart: "
                    + s.getShareGroupStart().trim() + "\n";
        }
    },
    DESCRIBE_CLUSTER("operation.describeCluster") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> names = topicList(s, false);
            return ops -> ClusterResponse.described(ops.cluster().describe(names));
        }

        @Override
        public String settings(AdminFields s) {
            return "topics: " + (s.getTopics().isBlank() ? "all" : s.getTopics().trim()) + "\n";
        }
    },
    ELECT_PREFERRED("operation.electPreferred") {
        @Override
        public AdminCall prepare(AdminFields s) {
            return elect(s, ElectionType.PREFERRED);
        }

        @Override
        public String settings(AdminFields s) {
            return "partitions: "
                    + (s.getTopics().isBlank() ? "all" : s.getTopics().trim()) + "\n";
        }
    },
    ELECT_UNCLEAN("operation.electUnclean") {
        @Override
        public AdminCall prepare(AdminFields s) {
            return elect(s, ElectionType.UNCLEAN);
        }

        @Override
        public String settings(AdminFields s) {
            return ELECT_PREFERRED.settings(s);
        }
    },
    WAIT_FOR_IN_SYNC("operation.waitForInSync") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> names = topicList(s, false);
            return ops -> ClusterResponse.described(ops.cluster().awaitInSync(names));
        }

        @Override
        public String settings(AdminFields s) {
            return DESCRIBE_CLUSTER.settings(s);
        }
    },
    REASSIGN_PARTITIONS("operation.reassignPartitions") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> partitions = topicList(s, true);
            String brokers = Fields.required("brokers", s.getBrokers());
            OptionalLong throttle = s.getThrottle().isBlank()
                    ? OptionalLong.empty()
                    : OptionalLong.of(Fields.nonNegativeLong("throttle", s.getThrottle()));
            return ops ->
                    ClusterResponse.moved("reassigned", ops.replicaMoves().reassign(partitions, brokers, throttle));
        }

        @Override
        public String settings(AdminFields s) {
            return "partitions: " + s.getTopics().trim() + "\nbrokers: "
                    + s.getBrokers().trim() + "\nthrottle: "
                    + (s.getThrottle().isBlank() ? "none" : s.getThrottle().trim() + " bytes/s") + "\n";
        }
    },
    MOVE_LEADERS("operation.moveLeaders") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> partitions = topicList(s, false);
            return ops ->
                    ClusterResponse.moved("leaders moved", ops.replicaMoves().moveLeaders(partitions));
        }

        @Override
        public String settings(AdminFields s) {
            return ELECT_PREFERRED.settings(s);
        }
    },
    WAIT_FOR_LEADER_CHANGE("operation.waitForLeaderChange") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> partitions = topicList(s, false);
            OptionalInt awayFrom = s.getBrokers().isBlank()
                    ? OptionalInt.empty()
                    : OptionalInt.of(Fields.nonNegativeInt("brokers", s.getBrokers()));
            return ops -> ClusterResponse.moved(
                    "leaders changed", ops.replicaMoves().awaitLeaderChange(partitions, awayFrom));
        }

        @Override
        public String settings(AdminFields s) {
            return ELECT_PREFERRED.settings(s) + "away from: "
                    + (s.getBrokers().isBlank()
                            ? "each partition's leader at the start"
                            : "broker " + s.getBrokers().trim())
                    + "\n";
        }
    },
    ALTER_CONFIGS("operation.alterConfigs") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> topics = topicList(s, false);
            String brokers = s.getBrokers();
            Map<String, String> changes = configMap(s);
            return ops ->
                    ClusterResponse.configs("altered", ops.configs().alter(topics, brokers, changes), changes.keySet());
        }

        @Override
        public String settings(AdminFields s) {
            return DESCRIBE_CONFIGS.settings(s) + "configs: " + configMap(s) + "\n";
        }
    },
    DESCRIBE_CONFIGS("operation.describeConfigs") {
        @Override
        public AdminCall prepare(AdminFields s) {
            List<String> topics = topicList(s, false);
            String brokers = s.getBrokers();
            Set<String> names = configMap(s).keySet();
            return ops -> ClusterResponse.configs("described", ops.configs().describe(topics, brokers), names);
        }

        @Override
        public String settings(AdminFields s) {
            return s.getBrokers().isBlank()
                    ? "topics: " + s.getTopics().trim() + "\n"
                    : "brokers: " + s.getBrokers().trim() + "\n";
        }
    };

    private static final Pattern LAG_CONDITION = Pattern.compile("(>=|<=)\\s*(\\d+)");

    // what changes the cluster under load: each sample is an event the samplers' figures are split at
    private static final Set<AdminOperation> EVENTS =
            java.util.EnumSet.of(ELECT_PREFERRED, ELECT_UNCLEAN, REASSIGN_PARTITIONS, MOVE_LEADERS, ALTER_CONFIGS);

    private final String tag;

    AdminOperation(String tag) {
        this.tag = tag;
    }

    @Override
    public String tag() {
        return tag;
    }

    /** Whether a sample of it marks an event (see measure/EventMarks). */
    public boolean marksEvent() {
        return EVENTS.contains(this);
    }

    /** Reads and checks the fields this operation needs; throws InvalidInputException. */
    public abstract AdminCall prepare(AdminFields s);

    /** This operation's fields for the sampler data, one per line. */
    public abstract String settings(AdminFields s);

    /** Topics ({@code orders}) or partitions ({@code orders:3}) from the topics field; blank: every partition. */
    private static AdminCall elect(AdminFields s, ElectionType type) {
        List<String> partitions = topicList(s, false);
        return ops -> ClusterResponse.elected(type, ops.cluster().electLeaders(type, partitions));
    }

    private static Optional<Integer> optionalPositive(String field, String text) {
        return text.isBlank() ? Optional.empty() : Optional.of(Fields.positiveInt(field, text, 1));
    }

    private static String blankAsDefault(String text) {
        return text.isBlank() ? "broker default" : text.trim();
    }
}
