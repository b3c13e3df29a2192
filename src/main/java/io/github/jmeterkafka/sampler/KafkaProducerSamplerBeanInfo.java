package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.sampler.producer.ProducerScope;

/** The Kafka Producer's GUI; texts in KafkaProducerSamplerResources.properties. */
public class KafkaProducerSamplerBeanInfo extends RecordBeanInfo {

    public KafkaProducerSamplerBeanInfo() {
        super(KafkaProducerSampler.class);
        createPropertyGroup("target", new String[] {"connectionName", "topic", "partition"});
        recordFields("headers", "timestamp", "seed", "sequenceHeader");
        createPropertyGroup("sending", new String[] {
            "recordsPerSample",
            "recordBudget",
            "targetRate",
            "targetRampUp",
            "behindSchedule",
            "expectedRate",
            "ackTimeout",
            "producerScope",
            "transactional"
        });
        checkbox("sequenceHeader", false);
        text("ackTimeout", "30000");
        choice("producerScope", Tagged.tags(ProducerScope.class));
        checkbox("transactional", false);
    }
}
