package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.CommitMode;
import io.github.jmeterkafka.client.ReadSpec;
import io.github.jmeterkafka.config.KafkaBeanInfo;
import io.github.jmeterkafka.input.Tagged;

/** The Kafka Consumer's GUI; texts in KafkaConsumerSamplerResources.properties. */
public class KafkaConsumerSamplerBeanInfo extends KafkaBeanInfo {

    public KafkaConsumerSamplerBeanInfo() {
        super(KafkaConsumerSampler.class);
        createPropertyGroup("source", new String[] {
            "connectionName", "subscription", "topics", "partitions", "groupId", "startAt", "startValue"
        });
        createPropertyGroup("reading", new String[] {
            "recordsPerSample", "pollTimeout", "commitMode", "recordBudget", "variablePrefix", "valueSchema"
        });
        createPropertyGroup("verification", new String[] {"verifyDelivery", "failOnGap"});
        text("connectionName", "kafka");
        choice("subscription", Tagged.tags(ReadSpec.Subscription.class));
        text("topics", "${__P(topic,jmeter-kafka)}");
        text("partitions", "");
        text("groupId", "jmeter-kafka");
        choice("startAt", Tagged.tags(ReadSpec.Start.class));
        text("startValue", "");
        text("recordsPerSample", "1");
        text("pollTimeout", "5000");
        choice("commitMode", Tagged.tags(CommitMode.class));
        text("recordBudget", "");
        text("variablePrefix", "kafka");
        textArea("valueSchema", "");
        checkbox("verifyDelivery", true);
        checkbox("failOnGap", false);
    }
}
