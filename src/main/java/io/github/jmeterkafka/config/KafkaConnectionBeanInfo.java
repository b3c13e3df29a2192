package io.github.jmeterkafka.config;

/** The Kafka Connection's GUI; texts in KafkaConnectionResources.properties. */
public class KafkaConnectionBeanInfo extends KafkaBeanInfo {

    public KafkaConnectionBeanInfo() {
        super(KafkaConnection.class);
        createPropertyGroup("connection", new String[] {"connectionName", "bootstrapServers", "clientIdPrefix"});
        createPropertyGroup("properties", new String[] {"clientProperties", "producerProperties", "consumerProperties"});
        text("connectionName", "kafka");
        text("bootstrapServers", "${__P(kafka.bootstrap,localhost:9092)}");
        text("clientIdPrefix", "jmeter-kafka");
        table("clientProperties", "Property", "Value");
        table("producerProperties", "Property", "Value");
        table("consumerProperties", "Property", "Value");
    }
}
