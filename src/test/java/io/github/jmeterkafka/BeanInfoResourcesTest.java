package io.github.jmeterkafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.config.KafkaConnection;
import io.github.jmeterkafka.listener.KafkaEventMark;
import io.github.jmeterkafka.sampler.KafkaAdminSampler;
import io.github.jmeterkafka.sampler.KafkaAwaitSampler;
import io.github.jmeterkafka.sampler.KafkaConsumerSampler;
import io.github.jmeterkafka.sampler.KafkaProducerSampler;
import io.github.jmeterkafka.sampler.KafkaRequestReplySampler;
import io.github.jmeterkafka.sampler.KafkaShareConsumerSampler;
import java.beans.BeanInfo;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.stream.Stream;
import org.apache.jmeter.testbeans.BeanInfoSupport;
import org.apache.jmeter.testbeans.TestBeanHelper;
import org.apache.jmeter.testbeans.gui.GenericTestBeanCustomizer;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every TestBean's GUI is complete: each property is in a group and has a display name and a
 * description, each group and each drop-down choice has a text. The property names are pinned:
 * they are written into every saved .jmx, so renaming one breaks users' plans.
 */
class BeanInfoResourcesTest {

    static Stream<Arguments> beans() {
        return Stream.of(
                Arguments.of(
                        KafkaConnection.class,
                        List.of(
                                "connectionName",
                                "bootstrapServers",
                                "clientIdPrefix",
                                "clientProperties",
                                "producerProperties",
                                "consumerProperties",
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
                                "sslDisableHostnameVerification",
                                "brokerMetrics")),
                Arguments.of(
                        KafkaProducerSampler.class,
                        List.of(
                                "connectionName",
                                "topic",
                                "partition",
                                "keyMode",
                                "key",
                                "keyCount",
                                "valueMode",
                                "value",
                                "recordSize",
                                "payloadFile",
                                "payloadDelimiter",
                                "valueSchema",
                                "schemaOutput",
                                "fieldRules",
                                "headers",
                                "timestamp",
                                "seed",
                                "sequenceHeader",
                                "recordsPerSample",
                                "recordBudget",
                                "targetRate",
                                "targetRampUp",
                                "behindSchedule",
                                "expectedRate",
                                "ackTimeout",
                                "producerScope",
                                "transactional")),
                Arguments.of(
                        KafkaRequestReplySampler.class,
                        List.of(
                                "connectionName",
                                "topic",
                                "replyTopic",
                                "partition",
                                "keyMode",
                                "key",
                                "keyCount",
                                "valueMode",
                                "value",
                                "recordSize",
                                "payloadFile",
                                "payloadDelimiter",
                                "valueSchema",
                                "schemaOutput",
                                "fieldRules",
                                "headers",
                                "timestamp",
                                "seed",
                                "correlateBy",
                                "correlationPath",
                                "correlationHeader",
                                "replyTopicHeader",
                                "recordsPerSample",
                                "recordBudget",
                                "targetRate",
                                "targetRampUp",
                                "behindSchedule",
                                "expectedRate",
                                "replyTimeout",
                                "replySchema",
                                "variablePrefix")),
                Arguments.of(
                        KafkaAwaitSampler.class,
                        List.of(
                                "connectionName",
                                "topic",
                                "correlateBy",
                                "correlationHeader",
                                "correlationPath",
                                "awaitValue",
                                "recordCount",
                                "timeout",
                                "startTime",
                                "valueSchema",
                                "variablePrefix")),
                Arguments.of(
                        KafkaConsumerSampler.class,
                        List.of(
                                "connectionName",
                                "subscription",
                                "topics",
                                "partitions",
                                "groupId",
                                "startAt",
                                "startValue",
                                "recordsPerSample",
                                "pollTimeout",
                                "commitMode",
                                "recordBudget",
                                "variablePrefix",
                                "valueSchema",
                                "verifyDelivery",
                                "failOnGap")),
                Arguments.of(
                        KafkaShareConsumerSampler.class,
                        List.of(
                                "connectionName",
                                "topics",
                                "groupId",
                                "recordsPerSample",
                                "pollTimeout",
                                "recordBudget",
                                "variablePrefix",
                                "valueSchema",
                                "acknowledgement",
                                "releasePercent",
                                "rejectPercent",
                                "outcomeExpression",
                                "processingTime",
                                "renewLocks",
                                "verifyDelivery")),
                Arguments.of(
                        KafkaAdminSampler.class,
                        List.of(
                                "connectionName",
                                "operation",
                                "topics",
                                "groupId",
                                "lagCondition",
                                "shareGroupStart",
                                "partitions",
                                "replicationFactor",
                                "topicConfigs",
                                "ignoreExisting",
                                "ignoreMissing",
                                "brokers",
                                "throttle",
                                "timeout",
                                "variablePrefix")),
                Arguments.of(KafkaEventMark.class, List.of("eventName")));
    }

    @BeforeAll
    static void locale() {
        // BeanInfoSupport loads the bundle for JMeter's locale, which is unset outside JMeter
        JMeterUtils.setLocale(Locale.ENGLISH);
    }

    @ParameterizedTest
    @MethodSource("beans")
    void propertyNamesArePinned(Class<?> bean, List<String> expected) throws Exception {
        assertThat(names(editable(bean))).containsExactlyInAnyOrderElementsOf(expected);
    }

    @ParameterizedTest
    @MethodSource("beans")
    void everyPropertyGroupAndChoiceHasItsTexts(Class<?> bean, List<String> expected) throws Exception {
        ResourceBundle texts = ResourceBundle.getBundle(bean.getName() + "Resources", Locale.ENGLISH);
        List<String> missing = new ArrayList<>();
        check(texts, "displayName", missing);
        for (PropertyDescriptor p : editable(bean)) {
            Object group = p.getValue(GenericTestBeanCustomizer.GROUP);
            if (group == null) {
                missing.add(p.getName() + " (in no group)");
            } else {
                check(texts, group + ".displayName", missing);
            }
            check(texts, p.getName() + ".displayName", missing);
            check(texts, p.getName() + ".shortDescription", missing);
            Object tags = p.getValue(BeanInfoSupport.TAGS);
            if (tags != null) {
                for (String tag : (String[]) tags) {
                    check(texts, tag, missing);
                }
            }
        }
        assertThat(missing)
                .as("texts missing from %sResources.properties", bean.getSimpleName())
                .isEmpty();
    }

    @ParameterizedTest
    @MethodSource("beans")
    void theBeanInfoIsTheOneJMeterFinds(Class<?> bean, List<String> expected) throws Exception {
        BeanInfo info = Introspector.getBeanInfo(bean);
        ResourceBundle texts = ResourceBundle.getBundle(bean.getName() + "Resources", Locale.ENGLISH);
        assertThat(info.getBeanDescriptor().getValue(BeanInfoSupport.RESOURCE_BUNDLE))
                .isNotNull();
        assertThat(info.getBeanDescriptor().getDisplayName()).isEqualTo(texts.getString("displayName"));
    }

    private static void check(ResourceBundle texts, String key, List<String> missing) {
        if (!texts.containsKey(key) || texts.getString(key).isBlank()) {
            missing.add(key);
        }
    }

    /** The properties JMeter shows and saves, by its own rule. */
    private static List<PropertyDescriptor> editable(Class<?> bean) throws Exception {
        List<PropertyDescriptor> out = new ArrayList<>();
        for (PropertyDescriptor p : Introspector.getBeanInfo(bean).getPropertyDescriptors()) {
            if (!TestBeanHelper.isDescriptorIgnored(p)) {
                out.add(p);
            }
        }
        return out;
    }

    private static List<String> names(List<PropertyDescriptor> properties) {
        List<String> out = new ArrayList<>();
        properties.forEach(p -> out.add(p.getName()));
        return out;
    }
}
