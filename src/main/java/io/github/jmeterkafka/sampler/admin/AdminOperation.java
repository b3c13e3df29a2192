package io.github.jmeterkafka.sampler.admin;

import static io.github.jmeterkafka.sampler.admin.AdminInputs.AWAY_FROM;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.BROKERS;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.CONFIG_BROKERS;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.CONFIG_CHANGES;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.CONFIG_NAMES;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.CONFIG_TOPICS;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.GROUP_ID;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.IGNORE_EXISTING;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.IGNORE_MISSING;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.LAG_CONDITION;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.LAG_TOPICS;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.PARTITIONS;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.PARTITIONS_OR_ALL;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.PARTITIONS_TO_MOVE;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.REPLICATION_FACTOR;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.SHARE_GROUP_ID;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.SHARE_START;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.THROTTLE;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.TOPICS;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.TOPICS_OR_ALL;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.TOPIC_CONFIGS;
import static io.github.jmeterkafka.sampler.admin.AdminInputs.TOTAL_PARTITIONS;

import io.github.jmeterkafka.client.AdminOperations;
import io.github.jmeterkafka.input.Tagged;
import java.util.List;
import java.util.function.Function;
import org.apache.kafka.common.ElectionType;

/**
 * The Kafka Admin's operations, one per drop-down choice, each declared as data: the fields it reads (checked
 * before anything is timed, and shown one a line in the sampler data), its Kafka call, the response made of the
 * call's result, and whether a sample of it marks an event.
 */
public enum AdminOperation implements Tagged {
    CREATE_TOPIC(
            "operation.createTopic",
            Event.NONE,
            List.of(TOPICS, PARTITIONS, REPLICATION_FACTOR, TOPIC_CONFIGS, IGNORE_EXISTING),
            (ops, in) -> ops.createTopics(
                    in.get(TOPICS),
                    in.get(PARTITIONS),
                    in.get(REPLICATION_FACTOR),
                    in.get(TOPIC_CONFIGS),
                    in.get(IGNORE_EXISTING)),
            Response.of(AdminResponse::created)),
    DELETE_TOPIC(
            "operation.deleteTopic",
            Event.NONE,
            List.of(TOPICS, IGNORE_MISSING),
            (ops, in) -> ops.deleteTopics(in.get(TOPICS), in.get(IGNORE_MISSING)),
            Response.of(AdminResponse::deleted)),
    DESCRIBE_TOPIC(
            "operation.describeTopic",
            Event.NONE,
            List.of(TOPICS),
            (ops, in) -> ops.describeTopics(in.get(TOPICS)),
            Response.of(AdminResponse::described)),
    LIST_TOPICS(
            "operation.listTopics",
            Event.NONE,
            List.of(),
            (ops, in) -> ops.listTopics(),
            Response.of(AdminResponse::listed)),
    ADD_PARTITIONS(
            "operation.addPartitions",
            Event.NONE,
            List.of(TOPICS, TOTAL_PARTITIONS),
            (ops, in) -> ops.addPartitions(in.get(TOPICS), in.get(TOTAL_PARTITIONS)),
            Response.of(AdminResponse::partitionsAdded)),
    CONSUMER_GROUP_LAG(
            "operation.consumerGroupLag",
            Event.NONE,
            List.of(GROUP_ID, LAG_TOPICS),
            (ops, in) -> ops.consumerGroupLag(in.get(GROUP_ID), in.get(LAG_TOPICS)),
            Response.of(AdminResponse::lag)),
    WAIT_FOR_LAG(
            "operation.waitForLag",
            Event.NONE,
            List.of(GROUP_ID, LAG_TOPICS, LAG_CONDITION),
            (ops, in) -> ops.awaitGroupLag(
                    in.get(GROUP_ID),
                    in.get(LAG_TOPICS),
                    in.get(LAG_CONDITION)::holds,
                    in.get(LAG_CONDITION).text()),
            Response.of(AdminResponse::lag)),
    SHARE_GROUP(
            "operation.shareGroup",
            Event.NONE,
            List.of(SHARE_GROUP_ID),
            (ops, in) -> ops.shareGroups().describe(in.get(SHARE_GROUP_ID)),
            Response.of(AdminResponse::shareGroup)),
    SHARE_GROUP_START(
            "operation.shareGroupStart",
            Event.NONE,
            List.of(SHARE_GROUP_ID, SHARE_START),
            (ops, in) -> {
                ops.shareGroups().setStart(in.get(SHARE_GROUP_ID), in.get(SHARE_START));
                return null;
            },
            (none, in) -> AdminResponse.shareGroupStarted(in.get(SHARE_GROUP_ID), in.get(SHARE_START))),
    DESCRIBE_CLUSTER(
            "operation.describeCluster",
            Event.NONE,
            List.of(TOPICS_OR_ALL),
            (ops, in) -> ops.cluster().describe(in.get(TOPICS_OR_ALL)),
            Response.of(ClusterResponse::described)),
    ELECT_PREFERRED(
            "operation.electPreferred",
            Event.MARKED,
            List.of(PARTITIONS_OR_ALL),
            (ops, in) -> ops.cluster().electLeaders(ElectionType.PREFERRED, in.get(PARTITIONS_OR_ALL)),
            Response.of(r -> ClusterResponse.elected(ElectionType.PREFERRED, r))),
    ELECT_UNCLEAN(
            "operation.electUnclean",
            Event.MARKED,
            List.of(PARTITIONS_OR_ALL),
            (ops, in) -> ops.cluster().electLeaders(ElectionType.UNCLEAN, in.get(PARTITIONS_OR_ALL)),
            Response.of(r -> ClusterResponse.elected(ElectionType.UNCLEAN, r))),
    WAIT_FOR_IN_SYNC(
            "operation.waitForInSync",
            Event.NONE,
            List.of(TOPICS_OR_ALL),
            (ops, in) -> ops.cluster().awaitInSync(in.get(TOPICS_OR_ALL)),
            Response.of(ClusterResponse::described)),
    REASSIGN_PARTITIONS(
            "operation.reassignPartitions",
            Event.MARKED,
            List.of(PARTITIONS_TO_MOVE, BROKERS, THROTTLE),
            (ops, in) -> ops.replicaMoves().reassign(in.get(PARTITIONS_TO_MOVE), in.get(BROKERS), in.get(THROTTLE)),
            Response.of(r -> ClusterResponse.moved("reassigned", r))),
    MOVE_LEADERS(
            "operation.moveLeaders",
            Event.MARKED,
            List.of(PARTITIONS_OR_ALL),
            (ops, in) -> ops.replicaMoves().moveLeaders(in.get(PARTITIONS_OR_ALL)),
            Response.of(r -> ClusterResponse.moved("leaders moved", r))),
    WAIT_FOR_LEADER_CHANGE(
            "operation.waitForLeaderChange",
            Event.NONE,
            List.of(PARTITIONS_OR_ALL, AWAY_FROM),
            (ops, in) -> ops.replicaMoves().awaitLeaderChange(in.get(PARTITIONS_OR_ALL), in.get(AWAY_FROM)),
            Response.of(r -> ClusterResponse.moved("leaders changed", r))),
    ALTER_CONFIGS(
            "operation.alterConfigs",
            Event.MARKED,
            List.of(CONFIG_TOPICS, CONFIG_BROKERS, CONFIG_CHANGES),
            (ops, in) -> ops.configs().alter(in.get(CONFIG_TOPICS), in.get(CONFIG_BROKERS), in.get(CONFIG_CHANGES)),
            (r, in) ->
                    ClusterResponse.configs("altered", r, in.get(CONFIG_CHANGES).keySet())),
    DESCRIBE_CONFIGS(
            "operation.describeConfigs",
            Event.NONE,
            List.of(CONFIG_TOPICS, CONFIG_BROKERS, CONFIG_NAMES),
            (ops, in) -> ops.configs().describe(in.get(CONFIG_TOPICS), in.get(CONFIG_BROKERS)),
            (r, in) -> ClusterResponse.configs("described", r, in.get(CONFIG_NAMES)));

    private final String tag;
    private final boolean marksEvent;
    // an unmodifiable list of records of stateless functions, and a function of stateless ones: immutable, but
    // error-prone knows only its own and Guava's immutable types
    @SuppressWarnings("ImmutableEnumChecker")
    private final List<AdminInput<?>> inputs;

    @SuppressWarnings("ImmutableEnumChecker")
    private final Function<InputValues, AdminCall> call;

    <R> AdminOperation(String tag, Event event, List<AdminInput<?>> inputs, KafkaCall<R> call, Response<R> response) {
        this.tag = tag;
        this.marksEvent = event == Event.MARKED;
        this.inputs = inputs;
        this.call = in -> ops -> response.make(call.run(ops, in), in);
    }

    @Override
    public String tag() {
        return tag;
    }

    /** Whether a sample of it marks an event (see measure/EventMarks). */
    public boolean marksEvent() {
        return marksEvent;
    }

    /** Reads and checks the fields this operation needs; throws InvalidInputException. */
    public AdminCall prepare(AdminFields s) {
        return call.apply(InputValues.read(inputs, s));
    }

    /** This operation's fields for the sampler data, one per line. */
    public String settings(AdminFields s) {
        StringBuilder out = new StringBuilder();
        for (AdminInput<?> input : inputs) {
            out.append(input.line(s));
        }
        return out.toString();
    }

    /** Whether a sample changes the cluster under load: an event the samplers' figures are split at. */
    private enum Event {
        NONE,
        MARKED
    }

    /** The Kafka call, on the values the operation's inputs read. */
    @FunctionalInterface
    private interface KafkaCall<R> {
        R run(AdminOperations ops, InputValues in) throws Exception;
    }

    /** The response a call's result makes. */
    @FunctionalInterface
    private interface Response<R> {
        AdminResponse make(R result, InputValues in);

        /** A response of the result alone. */
        static <R> Response<R> of(Function<R, AdminResponse> factory) {
            return (result, in) -> factory.apply(result);
        }
    }
}
