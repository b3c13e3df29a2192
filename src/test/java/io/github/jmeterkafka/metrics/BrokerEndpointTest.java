package io.github.jmeterkafka.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BrokerEndpointTest {

    @Test
    void readsNodeIdsAndUrls_apartByCommasSpacesOrLines() {
        BrokerEndpoint.Parsed p = BrokerEndpoint.parse(
                " 1=service:jmx:rmi:///jndi/rmi://127.0.0.1:9999/jmxrmi,2=http://b2:7071/metrics\n3=https://b3/metrics ");

        assertThat(p.problems()).isEmpty();
        assertThat(p.endpoints())
                .containsExactly(
                        new BrokerEndpoint(1, "service:jmx:rmi:///jndi/rmi://127.0.0.1:9999/jmxrmi"),
                        new BrokerEndpoint(2, "http://b2:7071/metrics"),
                        new BrokerEndpoint(3, "https://b3/metrics"));
        assertThat(p.endpoints().get(0).jmx()).isTrue();
        assertThat(p.endpoints().get(1).jmx()).isFalse();
        assertThat(BrokerEndpoint.parse("  ").endpoints()).isEmpty();
        assertThat(BrokerEndpoint.parse(null).endpoints()).isEmpty();
    }

    @Test
    void eachEntryThatCannotBeUsedIsOneProblem_andTheOthersStay() {
        BrokerEndpoint.Parsed p = BrokerEndpoint.parse(
                "http://b1:7071/metrics, x=http://b2/metrics, 3=ftp://b3/m, 4=service:jmx:nonsense, 5=http://b5/m,"
                        + " 5=http://b5b/m");

        assertThat(p.endpoints()).containsExactly(new BrokerEndpoint(5, "http://b5/m"));
        assertThat(p.problems())
                .hasSize(5)
                .anySatisfy(m -> assertThat(m).contains("'http://b1:7071/metrics' is not <broker node id>=<URL>"))
                .anySatisfy(m -> assertThat(m).contains("'x=http://b2/metrics' does not start with a broker node id"))
                .anySatisfy(m -> assertThat(m).contains("'3=ftp://b3/m' is neither a JMX service URL"))
                .anySatisfy(m -> assertThat(m).contains("'4=service:jmx:nonsense' is not a valid URL"))
                .anySatisfy(m -> assertThat(m).contains("names node 5 a second time"));
    }
}
