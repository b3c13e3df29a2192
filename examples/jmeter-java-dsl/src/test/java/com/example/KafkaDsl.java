package com.example;

import io.github.jmeterkafka.config.KafkaConnection;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.sampler.KafkaAdminSampler;
import io.github.jmeterkafka.sampler.KafkaConsumerSampler;
import io.github.jmeterkafka.sampler.KafkaProducerSampler;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.testbeans.gui.TestBeanGUI;
import org.apache.jmeter.testelement.TestElement;
import us.abstracta.jmeter.javadsl.core.configs.BaseConfigElement;
import us.abstracta.jmeter.javadsl.core.samplers.BaseSampler;

/**
 * jmeter-kafka's elements as jmeter-java-dsl elements, the DSL's way of adding custom ones: each builds the
 * element a saved plan would hold, with the fields the GUI shows (their names: the plugin's docs/).
 */
public final class KafkaDsl {

    private KafkaDsl() {}

    /** A Kafka Connection named {@code name}: samplers name it to use its clients. */
    public static Connection kafkaConnection(String name, String bootstrapServers) {
        return new Connection(name, bootstrapServers);
    }

    /** A Kafka Admin sampler that creates {@code topic} unless it exists. */
    public static CreateTopic createTopic(String connection, String topic, int partitions) {
        return new CreateTopic(connection, topic, partitions);
    }

    /** A Kafka Producer of random records of {@code recordSize} bytes. */
    public static Producer kafkaProducer(String label, String connection, String topic) {
        return new Producer(label, connection, topic);
    }

    /** A Kafka Consumer reading {@code topic} from the start, checking that no record is missing. */
    public static Consumer kafkaConsumer(String label, String connection, String topic) {
        return new Consumer(label, connection, topic);
    }

    public static final class Connection extends BaseConfigElement {
        private final String bootstrapServers;
        private final List<KeyValue> producerProperties = new ArrayList<>();

        private Connection(String name, String bootstrapServers) {
            super(name, TestBeanGUI.class);
            this.bootstrapServers = bootstrapServers;
        }

        /** A producer property, e.g. {@code acks}. */
        public Connection producerProperty(String name, String value) {
            producerProperties.add(new KeyValue(name, value));
            return this;
        }

        @Override
        protected TestElement buildTestElement() {
            KafkaConnection c = new KafkaConnection();
            c.setConnectionName(name);
            c.setBootstrapServers(bootstrapServers);
            c.setClientIdPrefix("dsl");
            c.setProducerProperties(producerProperties);
            return c;
        }
    }

    public static final class CreateTopic extends BaseSampler<CreateTopic> {
        private final String connection;
        private final String topic;
        private final int partitions;

        private CreateTopic(String connection, String topic, int partitions) {
            super("Create topic", TestBeanGUI.class);
            this.connection = connection;
            this.topic = topic;
            this.partitions = partitions;
        }

        @Override
        protected TestElement buildTestElement() {
            KafkaAdminSampler s = new KafkaAdminSampler();
            s.setConnectionName(connection);
            s.setOperation("operation.createTopic");
            s.setTopics(topic);
            s.setPartitions(Integer.toString(partitions));
            s.setReplicationFactor("1");
            s.setIgnoreExisting(true);
            return s;
        }
    }

    public static final class Producer extends BaseSampler<Producer> {
        private final String connection;
        private final String topic;
        private int recordSize = 1000;
        private int recordsPerSample = 10;
        private long records;

        private Producer(String label, String connection, String topic) {
            super(label, TestBeanGUI.class);
            this.connection = connection;
            this.topic = topic;
        }

        public Producer recordSize(int bytes) {
            this.recordSize = bytes;
            return this;
        }

        public Producer recordsPerSample(int n) {
            this.recordsPerSample = n;
            return this;
        }

        /** Records to send over all threads (the sampler's Records to send in total). */
        public Producer records(long n) {
            this.records = n;
            return this;
        }

        @Override
        protected TestElement buildTestElement() {
            KafkaProducerSampler s = new KafkaProducerSampler();
            s.setConnectionName(connection);
            s.setTopic(topic);
            s.setValueMode("valueMode.random");
            s.setRecordSize(Integer.toString(recordSize));
            s.setRecordsPerSample(Integer.toString(recordsPerSample));
            s.setRecordBudget(records > 0 ? Long.toString(records) : "");
            s.setSequenceHeader(true);
            return s;
        }
    }

    public static final class Consumer extends BaseSampler<Consumer> {
        private final String connection;
        private final String topic;
        private long records;

        private Consumer(String label, String connection, String topic) {
            super(label, TestBeanGUI.class);
            this.connection = connection;
            this.topic = topic;
        }

        /** Records to read in all (the sampler's Records to read in total). */
        public Consumer records(long n) {
            this.records = n;
            return this;
        }

        @Override
        protected TestElement buildTestElement() {
            KafkaConsumerSampler s = new KafkaConsumerSampler();
            s.setConnectionName(connection);
            s.setTopics(topic);
            s.setGroupId("dsl-" + topic);
            s.setStartAt("startAt.earliest");
            s.setRecordsPerSample("500");
            s.setPollTimeout("30000");
            s.setRecordBudget(Long.toString(records));
            s.setVerifyDelivery(true);
            return s;
        }
    }
}
