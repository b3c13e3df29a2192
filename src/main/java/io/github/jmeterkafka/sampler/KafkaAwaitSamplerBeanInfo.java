package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.config.KafkaBeanInfo;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.sampler.reply.CorrelateBy;

/** The Kafka Await's GUI; texts in KafkaAwaitSamplerResources.properties. */
public class KafkaAwaitSamplerBeanInfo extends KafkaBeanInfo {

    public KafkaAwaitSamplerBeanInfo() {
        super(KafkaAwaitSampler.class);
        createPropertyGroup("source", new String[] {"connectionName", "topic"});
        createPropertyGroup(
                "match", new String[] {"correlateBy", "correlationHeader", "correlationPath", "awaitValue"});
        createPropertyGroup("wait", new String[] {"recordCount", "timeout", "startTime"});
        createPropertyGroup("records", new String[] {"valueSchema", "variablePrefix"});
        text("connectionName", "kafka");
        text("topic", "${__P(events.topic,events)}");
        choice("correlateBy", Tagged.tags(CorrelateBy.class));
        text("correlationHeader", "");
        text("correlationPath", "$.orderId");
        text("awaitValue", "${orderId}");
        text("recordCount", "1");
        text("timeout", "10000");
        text("startTime", "");
        textArea("valueSchema", "");
        text("variablePrefix", "kafka");
    }
}
