package io.github.jmeterkafka.sampler;

import static io.github.jmeterkafka.sampler.KafkaConsumerSampler.*;

import io.github.jmeterkafka.config.KafkaBeanInfo;

/** The Kafka Consumer's GUI; texts in KafkaConsumerSamplerResources.properties. */
public class KafkaConsumerSamplerBeanInfo extends KafkaBeanInfo {

    public KafkaConsumerSamplerBeanInfo() {
        super(KafkaConsumerSampler.class);
        createPropertyGroup("source", new String[] {"connectionName", "subscription", "topics", "partitions", "groupId",
            "startAt", "startValue"});
        createPropertyGroup("reading", new String[] {"recordsPerSample", "pollTimeout", "commitMode", "recordBudget",
            "variablePrefix", "valueSchema"});
        createPropertyGroup("verification", new String[] {"verifyDelivery", "failOnGap"});
        text("connectionName", "kafka");
        choice("subscription", SUBSCRIBE_TOPICS, SUBSCRIBE_PATTERN, ASSIGN);
        text("topics", "${__P(topic,jmeter-kafka)}");
        text("partitions", "");
        text("groupId", "jmeter-kafka");
        choice("startAt", START_COMMITTED_OR_EARLIEST, START_COMMITTED_OR_LATEST, START_EARLIEST, START_LATEST,
                START_OFFSET, START_TIMESTAMP);
        text("startValue", "");
        text("recordsPerSample", "1");
        text("pollTimeout", "5000");
        choice("commitMode", COMMIT_AUTO, COMMIT_SYNC, COMMIT_ASYNC, COMMIT_NONE);
        text("recordBudget", "");
        text("variablePrefix", "kafka");
        textArea("valueSchema", "");
        checkbox("verifyDelivery", true);
        checkbox("failOnGap", false);
    }
}
