package io.github.jmeterkafka.sampler.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.sampler.KafkaAdminSampler;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AdminOperationTest {

    private static KafkaAdminSampler fields(String topics, String brokers) {
        KafkaAdminSampler s = new KafkaAdminSampler();
        s.setTopics(topics);
        s.setPartitions(" 6 ");
        s.setReplicationFactor("");
        s.setTopicConfigs(List.of(new KeyValue("retention.ms", "60000")));
        s.setGroupId(" g ");
        s.setShareGroupStart("latest");
        s.setLagCondition(" >= 5 ");
        s.setBrokers(brokers);
        s.setThrottle("100");
        return s;
    }

    @Test
    void theSamplerDataShowsEachFieldAnOperationReads() {
        KafkaAdminSampler s = fields(" a, b ,", "");
        Map<AdminOperation, String> expected = new EnumMap<>(AdminOperation.class);
        expected.put(AdminOperation.CREATE_TOPIC, """
                topics: a, b ,
                partitions: 6
                replication factor: broker default
                configs: {retention.ms=60000}
                ignore existing: true
                """);
        expected.put(AdminOperation.DELETE_TOPIC, "topics: a, b ,\nignore missing: true\n");
        expected.put(AdminOperation.DESCRIBE_TOPIC, "topics: a, b ,\n");
        expected.put(AdminOperation.LIST_TOPICS, "");
        expected.put(AdminOperation.ADD_PARTITIONS, "topics: a, b ,\npartitions: 6\n");
        expected.put(AdminOperation.CONSUMER_GROUP_LAG, "group: g\ntopics: a, b ,\n");
        expected.put(AdminOperation.WAIT_FOR_LAG, "group: g\ntopics: a, b ,\nlag condition: >= 5\n");
        expected.put(AdminOperation.SHARE_GROUP, "share group: g\n");
        expected.put(AdminOperation.SHARE_GROUP_START, "share group: g\nstart: latest\n");
        expected.put(AdminOperation.DESCRIBE_CLUSTER, "topics: a, b ,\n");
        expected.put(AdminOperation.ELECT_PREFERRED, "partitions: a, b ,\n");
        expected.put(AdminOperation.ELECT_UNCLEAN, "partitions: a, b ,\n");
        expected.put(AdminOperation.WAIT_FOR_IN_SYNC, "topics: a, b ,\n");
        expected.put(AdminOperation.REASSIGN_PARTITIONS, "partitions: a, b ,\nbrokers: \nthrottle: 100 bytes/s\n");
        expected.put(AdminOperation.MOVE_LEADERS, "partitions: a, b ,\n");
        expected.put(
                AdminOperation.WAIT_FOR_LEADER_CHANGE,
                "partitions: a, b ,\naway from: each partition's leader at the start\n");
        expected.put(AdminOperation.ALTER_CONFIGS, "topics: a, b ,\nconfigs: {retention.ms=60000}\n");
        expected.put(AdminOperation.DESCRIBE_CONFIGS, "topics: a, b ,\n");

        for (AdminOperation op : AdminOperation.values()) {
            assertThat(op.settings(s)).as(op.word()).isEqualTo(expected.get(op));
        }
    }

    @Test
    void blankFieldsShowTheirDefaults() {
        KafkaAdminSampler s = fields("", "2");
        s.setTopicConfigs(List.of());
        s.setThrottle("");

        assertThat(AdminOperation.CREATE_TOPIC.settings(s)).doesNotContain("configs");
        assertThat(AdminOperation.CONSUMER_GROUP_LAG.settings(s)).isEqualTo("group: g\n");
        assertThat(AdminOperation.DESCRIBE_CLUSTER.settings(s)).isEqualTo("topics: all\n");
        assertThat(AdminOperation.MOVE_LEADERS.settings(s)).isEqualTo("partitions: all\n");
        assertThat(AdminOperation.REASSIGN_PARTITIONS.settings(s)).endsWith("throttle: none\n");
        assertThat(AdminOperation.WAIT_FOR_LEADER_CHANGE.settings(s)).endsWith("away from: broker 2\n");
        assertThat(AdminOperation.DESCRIBE_CONFIGS.settings(s)).isEqualTo("brokers: 2\n");
        assertThat(AdminOperation.ALTER_CONFIGS.settings(s)).isEqualTo("brokers: 2\nconfigs: {}\n");
    }

    @Test
    void fieldsAreCheckedInTheOrderTheyAreShown() {
        KafkaAdminSampler s = fields("a", "");
        s.setPartitions("0");
        s.setReplicationFactor("40000");

        assertThatThrownBy(() -> AdminOperation.CREATE_TOPIC.prepare(s))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("partitions must be at least 1");
        s.setPartitions("");
        assertThatThrownBy(() -> AdminOperation.CREATE_TOPIC.prepare(s))
                .hasMessage("replication factor is too large: 40000");
        s.setLagCondition("== 3");
        assertThatThrownBy(() -> AdminOperation.WAIT_FOR_LAG.prepare(s))
                .hasMessage("lag condition must be '>= N' or '<= N' (N records), not '== 3'");
    }

    @Test
    void whatChangesTheClusterMarksAnEvent() {
        assertThat(Arrays.stream(AdminOperation.values()).filter(AdminOperation::marksEvent))
                .containsExactly(
                        AdminOperation.ELECT_PREFERRED,
                        AdminOperation.ELECT_UNCLEAN,
                        AdminOperation.REASSIGN_PARTITIONS,
                        AdminOperation.MOVE_LEADERS,
                        AdminOperation.ALTER_CONFIGS);
    }
}
