package io.github.jmeterkafka.metrics;

import java.util.List;
import java.util.Locale;

/**
 * The broker MBeans the limits probe reads, one constant each, as Kafka names them: its JMX bean, and what kind of
 * Yammer metric it is, which says the attributes read and how a second's figure comes from two readings.
 */
enum BrokerMetric {
    HANDLER_IDLE("kafka.server", "KafkaRequestHandlerPool", "RequestHandlerAvgIdlePercent", null, Kind.METER),
    NETWORK_IDLE("kafka.network", "SocketServer", "NetworkProcessorAvgIdlePercent", null, Kind.GAUGE),
    PRODUCE_TOTAL("kafka.network", "RequestMetrics", "TotalTimeMs", "Produce", Kind.HISTOGRAM),
    PRODUCE_QUEUE("kafka.network", "RequestMetrics", "RequestQueueTimeMs", "Produce", Kind.HISTOGRAM),
    PRODUCE_LOCAL("kafka.network", "RequestMetrics", "LocalTimeMs", "Produce", Kind.HISTOGRAM),
    PRODUCE_REMOTE("kafka.network", "RequestMetrics", "RemoteTimeMs", "Produce", Kind.HISTOGRAM),
    PRODUCE_SEND("kafka.network", "RequestMetrics", "ResponseSendTimeMs", "Produce", Kind.HISTOGRAM),
    FETCH_TOTAL("kafka.network", "RequestMetrics", "TotalTimeMs", "Fetch", Kind.HISTOGRAM),
    FETCH_QUEUE("kafka.network", "RequestMetrics", "RequestQueueTimeMs", "Fetch", Kind.HISTOGRAM),
    UNDER_REPLICATED("kafka.server", "ReplicaManager", "UnderReplicatedPartitions", null, Kind.GAUGE),
    ISR_SHRINKS("kafka.server", "ReplicaManager", "IsrShrinksPerSec", null, Kind.METER),
    BYTES_IN("kafka.server", "BrokerTopicMetrics", "BytesInPerSec", null, Kind.METER),
    BYTES_OUT("kafka.server", "BrokerTopicMetrics", "BytesOutPerSec", null, Kind.METER),
    LOG_FLUSH("kafka.log", "LogFlushStats", "LogFlushRateAndTimeMs", null, Kind.HISTOGRAM);

    /** A meter is read by its count, a gauge by its value, a histogram (or timer) by its count and mean. */
    enum Kind {
        METER("Count"),
        GAUGE("Value"),
        HISTOGRAM("Count", "Mean");

        // List.of is immutable; the checker only knows Guava's types
        @SuppressWarnings("ImmutableEnumChecker")
        final List<String> attributes;

        Kind(String... attributes) {
            this.attributes = List.of(attributes);
        }
    }

    final String domain;
    final String type;
    final String name;
    /** The request label (RequestMetrics), or null. */
    final String request;

    final Kind kind;

    BrokerMetric(String domain, String type, String name, String request, Kind kind) {
        this.domain = domain;
        this.type = type;
        this.name = name;
        this.request = request;
        this.kind = kind;
    }

    /** The JMX object name: "kafka.network:type=RequestMetrics,name=TotalTimeMs,request=Produce". */
    String objectName() {
        return domain + ":type=" + type + ",name=" + name + (request == null ? "" : ",request=" + request);
    }

    /** The name's words in lower case without "PerSec", as exporters' rules often shorten it ("bytesin"). */
    String shortName() {
        String n = name.toLowerCase(Locale.ROOT);
        return n.endsWith("persec") ? n.substring(0, n.length() - "persec".length()) : n;
    }
}
