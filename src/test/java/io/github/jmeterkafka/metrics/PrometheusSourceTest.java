package io.github.jmeterkafka.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusSourceTest {

    private static String recorded() throws IOException {
        try (InputStream in = PrometheusSourceTest.class.getResourceAsStream("exporter-default-names.txt")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsEveryMetricFromTheExportersDefaultNames_andNotTheirNeighbours() throws IOException {
        Map<BrokerMetric, double[]> read = PrometheusSource.parse(recorded());

        assertThat(read.keySet()).isEqualTo(EnumSet.allOf(BrokerMetric.class));
        // the broker total, not the topic's line nor ReplicationBytesInPerSec (both on the same name)
        assertThat(read.get(BrokerMetric.BYTES_IN)).containsExactly(2.02614304E8);
        assertThat(read.get(BrokerMetric.HANDLER_IDLE)).containsExactly(2.8108384369E10);
        assertThat(read.get(BrokerMetric.NETWORK_IDLE)[0]).isCloseTo(0.4876, within(1e-4));
        // request="Produce", not "FetchConsumer" or another request's
        assertThat(read.get(BrokerMetric.PRODUCE_TOTAL)).containsExactly(4807.0, 1.211774495527356);
        assertThat(read.get(BrokerMetric.PRODUCE_QUEUE)).containsExactly(4807.0, 0.24173080923653006);
        assertThat(read.get(BrokerMetric.FETCH_TOTAL)).containsExactly(0.0, 0.0);
        assertThat(read.get(BrokerMetric.LOG_FLUSH)).containsExactly(65.0, 3.207874323076923);
        assertThat(read.get(BrokerMetric.UNDER_REPLICATED)).containsExactly(0.0);
    }

    @Test
    void readsTheNamesOfTheCommonRuleSets_lowerCaseWithTotals() {
        String text = """
                # HELP kafka_server_brokertopicmetrics_bytesin_total Bytes in
                # TYPE kafka_server_brokertopicmetrics_bytesin_total counter
                kafka_server_brokertopicmetrics_bytesin_total 1234.0
                kafka_server_brokertopicmetrics_replicationbytesin_total 99.0
                kafka_server_brokertopicmetrics_bytesin_total{topic="t"} 77.0
                kafka_server_replicamanager_underreplicatedpartitions 3.0
                kafka_server_kafkarequesthandlerpool_requesthandleravgidlepercent_total 5.0E9
                kafka_network_requestmetrics_totaltimems_count{request="Produce"} 10
                kafka_network_requestmetrics_totaltimems_mean{request="Produce"} 2.5
                kafka_network_requestmetrics_totaltimems{request="Produce",quantile="0.99"} 40
                """;
        Map<BrokerMetric, double[]> read = PrometheusSource.parse(text);

        assertThat(read.get(BrokerMetric.BYTES_IN)).containsExactly(1234.0);
        assertThat(read.get(BrokerMetric.UNDER_REPLICATED)).containsExactly(3.0);
        assertThat(read.get(BrokerMetric.HANDLER_IDLE)).containsExactly(5.0E9);
        assertThat(read.get(BrokerMetric.PRODUCE_TOTAL)).containsExactly(10.0, 2.5);
        // not exposed: absent, so shown as n/a, never as 0
        assertThat(read).doesNotContainKeys(BrokerMetric.NETWORK_IDLE, BrokerMetric.BYTES_OUT);
    }

    @Test
    void labelValuesMayHoldSpacesQuotesAndBraces() {
        PrometheusSource.Sample s =
                PrometheusSource.Sample.of("kafka_x_Count{name=\"a b\\\"}\",request=\"Produce\"} 4.5 1700000000000");

        assertThat(s.name()).isEqualTo("kafka_x_count");
        assertThat(s.labels()).containsEntry("name", "a b\"}").containsEntry("request", "Produce");
        assertThat(s.value()).isEqualTo(4.5);
        assertThat(PrometheusSource.Sample.of("kafka_x NaN").value()).isNaN();
        assertThat(PrometheusSource.Sample.of("# TYPE kafka_x gauge")).isNull();
        assertThat(PrometheusSource.Sample.of("broken{name=\"x")).isNull();
    }
}
