package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.config.KafkaBeanInfo;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.payload.KeyMode;
import io.github.jmeterkafka.payload.SchemaOutput;
import io.github.jmeterkafka.payload.ValueMode;

/** The Kafka Producer's GUI; texts in KafkaProducerSamplerResources.properties. */
public class KafkaProducerSamplerBeanInfo extends KafkaBeanInfo {

    public KafkaProducerSamplerBeanInfo() {
        super(KafkaProducerSampler.class);
        createPropertyGroup("target", new String[] {"connectionName", "topic", "partition"});
        createPropertyGroup("recordKey", new String[] {"keyMode", "key", "keyCount"});
        createPropertyGroup("recordValue", new String[] {
            "valueMode",
            "value",
            "recordSize",
            "payloadFile",
            "payloadDelimiter",
            "valueSchema",
            "schemaOutput",
            "fieldRules"
        });
        createPropertyGroup("record", new String[] {"headers", "timestamp", "seed", "sequenceHeader"});
        createPropertyGroup("sending", new String[] {
            "recordsPerSample", "recordBudget", "expectedRate", "ackTimeout", "producerScope", "transactional"
        });
        text("connectionName", "kafka");
        text("topic", "${__P(topic,jmeter-kafka)}");
        text("partition", "");
        choice("keyMode", Tagged.tags(KeyMode.class));
        text("key", "");
        text("keyCount", "100");
        choice("valueMode", Tagged.tags(ValueMode.class));
        textArea("value", "");
        text("recordSize", "1000");
        text("payloadFile", "");
        text("payloadDelimiter", "\\n");
        textArea("valueSchema", "");
        choice("schemaOutput", Tagged.tags(SchemaOutput.class));
        table("fieldRules", "Field", "Template");
        table("headers", "Header", "Value");
        text("timestamp", "");
        text("seed", "");
        checkbox("sequenceHeader", false);
        text("recordsPerSample", "1");
        text("recordBudget", "");
        text("expectedRate", "");
        text("ackTimeout", "30000");
        choice("producerScope", Tagged.tags(ProducerScope.class));
        checkbox("transactional", false);
    }
}
