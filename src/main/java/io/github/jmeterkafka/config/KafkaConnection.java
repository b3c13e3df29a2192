package io.github.jmeterkafka.config;

import io.github.jmeterkafka.client.ClientFactory;
import io.github.jmeterkafka.client.ClientIds;
import io.github.jmeterkafka.client.ClientJar;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.ConnectionSettings;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.client.Secrets;
import io.github.jmeterkafka.client.SecuritySettings;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.metrics.BrokerEndpoint;
import io.github.jmeterkafka.metrics.LimitsProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.jmeter.config.ConfigElement;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.kafka.clients.CommonClientConfigs;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka Connection: names a cluster and its client properties; samplers find it by name, as
 * JMeter's JDBC samplers find a connection pool. It binds its {@link Connection} at test start and
 * closes it at test end. It never throws from {@link #testStarted}: invalid settings bind a failed
 * connection whose samples fail with the reason.
 */
public class KafkaConnection extends AbstractTestElement implements ConfigElement, TestStateListener, TestBean {
    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(KafkaConnection.class);

    private String connectionName = "kafka";
    private String bootstrapServers = "localhost:9092";
    private String clientIdPrefix = "jmeter-kafka";
    private List<KeyValue> clientProperties = new ArrayList<>();
    private List<KeyValue> producerProperties = new ArrayList<>();
    private List<KeyValue> consumerProperties = new ArrayList<>();
    // Security: plans saved before these fields existed load them as "" (false), which adds nothing
    private String securityProtocol = SecuritySettings.PLAINTEXT;
    private String saslMechanism = SecuritySettings.PLAIN;
    private String saslUsername = "";
    private String saslPassword = "";
    private String saslJaasConfig = "";
    private String sslTruststoreType = "JKS";
    private String sslTruststoreLocation = "";
    private String sslTruststorePassword = "";
    private String sslKeystoreType = "JKS";
    private String sslKeystoreLocation = "";
    private String sslKeystorePassword = "";
    private String sslKeyPassword = "";
    private boolean sslDisableHostnameVerification;
    private String brokerMetrics = "";

    @Override
    public void testStarted() {
        KafkaClientLogs.quietUnlessConfigured();
        String name = connectionName == null ? "" : connectionName.trim();
        // another kafka-clients loaded first: the first samples fail with why and stop the test, so the
        // JTL says the run failed (stopping the engine here would leave it empty: a passing CI gate)
        Optional<String> clash = ClientJar.clash();
        Connection connection = clash.isPresent() ? Connection.refused(name, clash.get()) : open(name);
        if (connection.failure() != null) {
            log.error("{}", connection.failure());
        }
        Connections.bind(connection, JMeterContextService.getTestStartTime());
        ProcessMetrics.start();
        if (!"false".equalsIgnoreCase(PluginProperties.get(PluginProperties.LIMITS, "true"))) {
            LimitsProbe.start(Connections::all);
            LimitsProbe.watch(brokerEndpoints(name));
        }
    }

    /** The brokers whose own metrics the limits read; each entry that cannot be used is one WARN, and the test goes on. */
    private List<BrokerEndpoint> brokerEndpoints(String name) {
        BrokerEndpoint.Parsed parsed = BrokerEndpoint.parse(brokerMetrics);
        parsed.problems()
                .forEach(p -> log.warn(
                        "Kafka Connection '{}': Broker metrics entry {}; that broker's figures show as n/a", name, p));
        return parsed.endpoints();
    }

    private Connection open(String name) {
        try {
            ConnectionSettings settings = settings(name);
            Connection connection = Connection.of(
                    settings,
                    ClientFactory.KAFKA,
                    ClientIds.shared(settings.clientIdPrefix(), JMeterUtils.getLocalHostName()));
            if (connection.failure() == null) {
                log.info("Kafka Connection '{}': {}", name, settings.describe());
            }
            return connection;
        } catch (RuntimeException e) {
            String why = e instanceof InvalidInputException ? e.getMessage() : e.toString();
            return Connection.failed(
                    name,
                    Secrets.scrub(
                            "Kafka Connection '" + name + "' is invalid: " + why,
                            List.of(
                                    saslPassword,
                                    saslJaasConfig,
                                    sslTruststorePassword,
                                    sslKeystorePassword,
                                    sslKeyPassword)));
        }
    }

    ConnectionSettings settings(String name) {
        Map<String, String> common = KeyValue.toMap(clientProperties, "client properties");
        if (common.containsKey(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG)) {
            throw new InvalidInputException("'bootstrap.servers' in client properties would be overridden: "
                    + "it is the Bootstrap servers field");
        }
        common.put(
                CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers == null ? "" : bootstrapServers.trim());
        return new ConnectionSettings(
                name,
                clientIdPrefix,
                common,
                KeyValue.toMap(producerProperties, "producer properties"),
                KeyValue.toMap(consumerProperties, "consumer properties"),
                security());
    }

    SecuritySettings security() {
        return SecuritySettings.builder()
                .protocol(securityProtocol)
                .sasl(saslMechanism, saslUsername, saslPassword, saslJaasConfig)
                .truststore(sslTruststoreType, sslTruststoreLocation, sslTruststorePassword)
                .keystore(sslKeystoreType, sslKeystoreLocation, sslKeystorePassword, sslKeyPassword)
                .disableHostnameVerification(sslDisableHostnameVerification)
                .build();
    }

    @Override
    public void testStarted(String host) {
        testStarted();
    }

    @Override
    public void testEnded() {
        ProcessMetrics.stop();
        LimitsProbe.stop(PluginProperties.closeTimeout());
        Connections.unbind(connectionName == null ? "" : connectionName.trim(), PluginProperties.closeTimeout());
    }

    @Override
    public void testEnded(String host) {
        testEnded();
    }

    @Override
    public void addConfigElement(ConfigElement config) {
        // nothing is merged into a connection
    }

    @Override
    public boolean expectsModification() {
        return false;
    }

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getConnectionName() {
        return connectionName;
    }

    public void setConnectionName(String connectionName) {
        this.connectionName = connectionName;
    }

    public String getBootstrapServers() {
        return bootstrapServers;
    }

    public void setBootstrapServers(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    public String getClientIdPrefix() {
        return clientIdPrefix;
    }

    public void setClientIdPrefix(String clientIdPrefix) {
        this.clientIdPrefix = clientIdPrefix;
    }

    public List<KeyValue> getClientProperties() {
        return clientProperties;
    }

    public void setClientProperties(List<KeyValue> rows) {
        this.clientProperties = rows == null ? new ArrayList<>() : rows;
    }

    public List<KeyValue> getProducerProperties() {
        return producerProperties;
    }

    public void setProducerProperties(List<KeyValue> rows) {
        this.producerProperties = rows == null ? new ArrayList<>() : rows;
    }

    public List<KeyValue> getConsumerProperties() {
        return consumerProperties;
    }

    public void setConsumerProperties(List<KeyValue> rows) {
        this.consumerProperties = rows == null ? new ArrayList<>() : rows;
    }

    public String getSecurityProtocol() {
        return securityProtocol;
    }

    public void setSecurityProtocol(String securityProtocol) {
        this.securityProtocol = securityProtocol;
    }

    public String getSaslMechanism() {
        return saslMechanism;
    }

    public void setSaslMechanism(String saslMechanism) {
        this.saslMechanism = saslMechanism;
    }

    public String getSaslUsername() {
        return saslUsername;
    }

    public void setSaslUsername(String saslUsername) {
        this.saslUsername = saslUsername;
    }

    public String getSaslPassword() {
        return saslPassword;
    }

    public void setSaslPassword(String saslPassword) {
        this.saslPassword = saslPassword;
    }

    public String getSaslJaasConfig() {
        return saslJaasConfig;
    }

    public void setSaslJaasConfig(String saslJaasConfig) {
        this.saslJaasConfig = saslJaasConfig;
    }

    public String getSslTruststoreType() {
        return sslTruststoreType;
    }

    public void setSslTruststoreType(String sslTruststoreType) {
        this.sslTruststoreType = sslTruststoreType;
    }

    public String getSslTruststoreLocation() {
        return sslTruststoreLocation;
    }

    public void setSslTruststoreLocation(String sslTruststoreLocation) {
        this.sslTruststoreLocation = sslTruststoreLocation;
    }

    public String getSslTruststorePassword() {
        return sslTruststorePassword;
    }

    public void setSslTruststorePassword(String sslTruststorePassword) {
        this.sslTruststorePassword = sslTruststorePassword;
    }

    public String getSslKeystoreType() {
        return sslKeystoreType;
    }

    public void setSslKeystoreType(String sslKeystoreType) {
        this.sslKeystoreType = sslKeystoreType;
    }

    public String getSslKeystoreLocation() {
        return sslKeystoreLocation;
    }

    public void setSslKeystoreLocation(String sslKeystoreLocation) {
        this.sslKeystoreLocation = sslKeystoreLocation;
    }

    public String getSslKeystorePassword() {
        return sslKeystorePassword;
    }

    public void setSslKeystorePassword(String sslKeystorePassword) {
        this.sslKeystorePassword = sslKeystorePassword;
    }

    public String getSslKeyPassword() {
        return sslKeyPassword;
    }

    public void setSslKeyPassword(String sslKeyPassword) {
        this.sslKeyPassword = sslKeyPassword;
    }

    public String getBrokerMetrics() {
        return brokerMetrics;
    }

    public void setBrokerMetrics(String brokerMetrics) {
        this.brokerMetrics = brokerMetrics;
    }

    public boolean isSslDisableHostnameVerification() {
        return sslDisableHostnameVerification;
    }

    public void setSslDisableHostnameVerification(boolean disable) {
        this.sslDisableHostnameVerification = disable;
    }
}
