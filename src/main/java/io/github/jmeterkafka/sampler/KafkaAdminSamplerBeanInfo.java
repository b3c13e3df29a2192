package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.config.KafkaBeanInfo;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.sampler.admin.AdminOperation;

/** The Kafka Admin's GUI; texts in KafkaAdminSamplerResources.properties. */
public class KafkaAdminSamplerBeanInfo extends KafkaBeanInfo {

    public KafkaAdminSamplerBeanInfo() {
        super(KafkaAdminSampler.class);
        createPropertyGroup("request", new String[] {
            "connectionName", "operation", "topics", "brokers", "groupId", "lagCondition", "shareGroupStart"
        });
        createPropertyGroup("topicSettings", new String[] {
            "partitions", "replicationFactor", "topicConfigs", "throttle", "ignoreExisting", "ignoreMissing"
        });
        createPropertyGroup("options", new String[] {"timeout", "variablePrefix"});
        text("connectionName", "kafka");
        choice("operation", Tagged.tags(AdminOperation.class));
        text("topics", "${__P(topic,jmeter-kafka)}");
        text("brokers", "");
        text("groupId", "jmeter-kafka");
        text("lagCondition", "<= 0");
        text("shareGroupStart", "earliest");
        text("partitions", "1");
        text("replicationFactor", "1");
        table("topicConfigs", "Config", "Value");
        text("throttle", "");
        checkbox("ignoreExisting", true);
        checkbox("ignoreMissing", true);
        text("timeout", "30000");
        text("variablePrefix", "kafka");
    }
}
