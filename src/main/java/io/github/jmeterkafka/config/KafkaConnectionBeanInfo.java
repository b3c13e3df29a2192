package io.github.jmeterkafka.config;

import io.github.jmeterkafka.client.SecuritySettings;

/** The Kafka Connection's GUI; texts in KafkaConnectionResources.properties. */
public class KafkaConnectionBeanInfo extends KafkaBeanInfo {

    public KafkaConnectionBeanInfo() {
        super(KafkaConnection.class);
        createPropertyGroup("connection", new String[] {"connectionName", "bootstrapServers", "clientIdPrefix"});
        createPropertyGroup("security", new String[] {"securityProtocol", "saslMechanism", "saslUsername", "saslPassword",
            "saslJaasConfig", "sslTruststoreType", "sslTruststoreLocation", "sslTruststorePassword", "sslKeystoreType",
            "sslKeystoreLocation", "sslKeystorePassword", "sslKeyPassword", "sslDisableHostnameVerification"});
        createPropertyGroup("properties", new String[] {"clientProperties", "producerProperties", "consumerProperties"});
        text("connectionName", "kafka");
        text("bootstrapServers", "${__P(kafka.bootstrap,localhost:9092)}");
        text("clientIdPrefix", "jmeter-kafka");
        table("clientProperties", "Property", "Value");
        table("producerProperties", "Property", "Value");
        table("consumerProperties", "Property", "Value");
        editableChoice("securityProtocol", SecuritySettings.PROTOCOLS);
        editableChoice("saslMechanism", SecuritySettings.MECHANISMS);
        text("saslUsername", "");
        password("saslPassword");
        password("saslJaasConfig");
        editableChoice("sslTruststoreType", SecuritySettings.STORE_TYPES);
        file("sslTruststoreLocation");
        password("sslTruststorePassword");
        editableChoice("sslKeystoreType", SecuritySettings.STORE_TYPES);
        file("sslKeystoreLocation");
        password("sslKeystorePassword");
        password("sslKeyPassword");
        checkbox("sslDisableHostnameVerification", false);
    }
}
