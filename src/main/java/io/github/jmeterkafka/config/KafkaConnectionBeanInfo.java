package io.github.jmeterkafka.config;

import io.github.jmeterkafka.client.SecuritySettings;

/** The Kafka Connection's GUI; texts in KafkaConnectionResources.properties. */
public class KafkaConnectionBeanInfo extends KafkaBeanInfo {

    public KafkaConnectionBeanInfo() {
        super(KafkaConnection.class);
        createPropertyGroup("connection", new String[] {"connectionName", "bootstrapServers", "clientIdPrefix"});
        createPropertyGroup("security", new String[] {
            "securityProtocol",
            "saslMechanism",
            "saslUsername",
            "saslPassword",
            "saslJaasConfig",
            "sslTruststoreType",
            "sslTruststoreLocation",
            "sslTruststorePassword",
            "sslKeystoreType",
            "sslKeystoreLocation",
            "sslKeystorePassword",
            "sslKeyPassword",
            "sslDisableHostnameVerification"
        });
        createPropertyGroup(
                "properties", new String[] {"clientProperties", "producerProperties", "consumerProperties"});
        createPropertyGroup("limits", new String[] {"brokerMetrics"});
        text("connectionName", "kafka");
        text("bootstrapServers", "${__P(kafka.bootstrap,localhost:9092)}");
        text("clientIdPrefix", "jmeter-kafka");
        table("clientProperties", "Property", "Value");
        table("producerProperties", "Property", "Value");
        table("consumerProperties", "Property", "Value");
        editableChoice("securityProtocol", SecuritySettings.PROTOCOLS.toArray(new String[0]));
        editableChoice("saslMechanism", SecuritySettings.MECHANISMS.toArray(new String[0]));
        text("saslUsername", "");
        password("saslPassword");
        password("saslJaasConfig");
        editableChoice("sslTruststoreType", SecuritySettings.STORE_TYPES.toArray(new String[0]));
        file("sslTruststoreLocation");
        password("sslTruststorePassword");
        editableChoice("sslKeystoreType", SecuritySettings.STORE_TYPES.toArray(new String[0]));
        file("sslKeystoreLocation");
        password("sslKeystorePassword");
        password("sslKeyPassword");
        checkbox("sslDisableHostnameVerification", false);
        text("brokerMetrics", "${__P(kafka.broker.metrics,)}");
    }
}
