package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.config.KafkaBeanInfo;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.sampler.share.ShareAcknowledgement;

/** The Kafka Share Consumer's GUI; texts in KafkaShareConsumerSamplerResources.properties. */
public class KafkaShareConsumerSamplerBeanInfo extends KafkaBeanInfo {

    public KafkaShareConsumerSamplerBeanInfo() {
        super(KafkaShareConsumerSampler.class);
        createPropertyGroup("source", new String[] {"connectionName", "topics", "groupId"});
        createPropertyGroup(
                "reading",
                new String[] {"recordsPerSample", "pollTimeout", "recordBudget", "variablePrefix", "valueSchema"});
        createPropertyGroup("jobs", new String[] {
            "acknowledgement", "releasePercent", "rejectPercent", "outcomeExpression", "processingTime", "renewLocks"
        });
        createPropertyGroup("verification", new String[] {"verifyDelivery"});
        text("connectionName", "kafka");
        text("topics", "${__P(topic,jmeter-kafka)}");
        text("groupId", "jmeter-kafka-share");
        text("recordsPerSample", "500");
        text("pollTimeout", "5000");
        text("recordBudget", "");
        text("variablePrefix", "kafka");
        textArea("valueSchema", "");
        choice("acknowledgement", Tagged.tags(ShareAcknowledgement.class));
        text("releasePercent", "");
        text("rejectPercent", "");
        text("outcomeExpression", "");
        text("processingTime", "");
        checkbox("renewLocks", false);
        checkbox("verifyDelivery", true);
    }
}
