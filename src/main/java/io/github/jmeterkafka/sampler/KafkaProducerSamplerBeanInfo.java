package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.config.KafkaBeanInfo;

/** The Kafka Producer's GUI; texts in KafkaProducerSamplerResources.properties. */
public class KafkaProducerSamplerBeanInfo extends KafkaBeanInfo {

    public KafkaProducerSamplerBeanInfo() {
        super(KafkaProducerSampler.class);
        createPropertyGroup("target", new String[] {"connectionName", "topic", "partition"});
        createPropertyGroup("record", new String[] {"keyMode", "key", "keyCount", "valueMode", "value", "recordSize",
            "payloadFile", "payloadDelimiter", "headers", "timestamp", "sequenceHeader"});
        createPropertyGroup("sending", new String[] {"recordsPerSample", "recordBudget", "ackTimeout", "producerScope",
            "transactional"});
        text("connectionName", "kafka");
        text("topic", "${__P(topic,jmeter-kafka)}");
        text("partition", "");
        choice("keyMode", KafkaProducerSampler.KEY_NONE, KafkaProducerSampler.KEY_TEXT, KafkaProducerSampler.KEY_RANDOM);
        text("key", "");
        text("keyCount", "100");
        choice("valueMode", KafkaProducerSampler.VALUE_TEXT, KafkaProducerSampler.VALUE_RANDOM, KafkaProducerSampler.VALUE_FILE);
        textArea("value", "");
        text("recordSize", "1000");
        text("payloadFile", "");
        text("payloadDelimiter", "\\n");
        table("headers", "Header", "Value");
        text("timestamp", "");
        checkbox("sequenceHeader", false);
        text("recordsPerSample", "1");
        text("recordBudget", "");
        text("ackTimeout", "30000");
        choice("producerScope", KafkaProducerSampler.SCOPE_SHARED, KafkaProducerSampler.SCOPE_THREAD);
        checkbox("transactional", false);
    }
}
