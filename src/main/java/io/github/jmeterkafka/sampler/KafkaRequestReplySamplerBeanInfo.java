package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.sampler.reply.CorrelateBy;

/**
 * The Kafka Request-Reply's GUI; texts in RequestReplyTexts.properties, then the Kafka Producer's
 * ({@link KafkaRequestReplySamplerResources}).
 */
public class KafkaRequestReplySamplerBeanInfo extends RecordBeanInfo {

    public KafkaRequestReplySamplerBeanInfo() {
        super(KafkaRequestReplySampler.class);
        createPropertyGroup("target", new String[] {"connectionName", "topic", "replyTopic", "partition"});
        recordFields("headers", "timestamp", "seed");
        createPropertyGroup(
                "correlation",
                new String[] {"correlateBy", "correlationPath", "correlationHeader", "replyTopicHeader"});
        createPropertyGroup("sending", new String[] {
            "recordsPerSample",
            "recordBudget",
            "targetRate",
            "targetRampUp",
            "behindSchedule",
            "expectedRate",
            "replyTimeout"
        });
        createPropertyGroup("reply", new String[] {"replySchema", "variablePrefix"});
        text("topic", "${__P(request.topic,requests)}");
        text("replyTopic", "${__P(reply.topic,replies)}");
        choice("correlateBy", Tagged.tags(CorrelateBy.class));
        text("correlationPath", "");
        text("correlationHeader", "kafka_correlationId");
        text("replyTopicHeader", "kafka_replyTopic");
        text("replyTimeout", "5000");
        textArea("replySchema", "");
        text("variablePrefix", "kafka");
    }
}
