package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.InvalidInputException;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class CorrelationTest {
    private static final String ORDER = "{\"orderId\":\"o-1\",\"order\":{\"id\":42,\"lines\":[{\"sku\":\"a/b\"}]},"
            + "\"odd name\":true,\"none\":null}";

    private static String read(Correlation c, Object key, Object value) {
        return c.of(key, value, new RecordHeaders(), Correlation::text);
    }

    @Test
    void aJsonPathReadsNamesAndIndexesOfTextOrUtf8Values() {
        byte[] utf8 = ORDER.getBytes(StandardCharsets.UTF_8);
        assertThat(read(Correlation.jsonPath("$.orderId"), null, ORDER)).isEqualTo("o-1");
        assertThat(read(Correlation.jsonPath("$.order.id"), null, utf8)).isEqualTo("42");
        assertThat(read(Correlation.jsonPath(" $.order.lines[0].sku "), null, utf8))
                .isEqualTo("a/b");
        assertThat(read(Correlation.jsonPath("$['odd name']"), null, utf8)).isEqualTo("true");
    }

    @Test
    void aSchemaFieldsDottedNameIsItsPath() {
        assertThat(Correlation.jsonPath("order.lines[0].sku")).isEqualTo(Correlation.jsonPath("$.order.lines[0].sku"));
        assertThat(read(Correlation.jsonPath("order.id"), null, ORDER)).isEqualTo("42");
        assertThat(read(Correlation.jsonPath("orderId"), null, ORDER)).isEqualTo("o-1");
    }

    @Test
    void aRecordWithoutTheValueSaysWhyAndNeverPassesForAnother() {
        Correlation id = Correlation.jsonPath("$.order.id");
        assertThatThrownBy(() -> read(id, null, "not json {"))
                .isInstanceOf(Correlation.NoValue.class)
                .hasMessage("the value is not JSON");
        assertThatThrownBy(() -> read(Correlation.jsonPath("$.missing"), null, ORDER))
                .hasMessage("no $.missing in the value");
        assertThatThrownBy(() -> read(Correlation.jsonPath("$.none"), null, ORDER))
                .hasMessage("no $.none in the value");
        assertThatThrownBy(() -> read(Correlation.jsonPath("$.order"), null, ORDER))
                .hasMessage("$.order is an object or array, not a value");
        assertThatThrownBy(() -> read(id, null, null)).hasMessage("no value");
        assertThatThrownBy(() -> read(Correlation.key(), null, ORDER)).hasMessage("no key");
    }

    @Test
    void aKeyOrHeaderIsReadAsText() {
        assertThat(read(Correlation.key(), "o-7".getBytes(StandardCharsets.UTF_8), null))
                .isEqualTo("o-7");
        RecordHeaders headers = new RecordHeaders();
        headers.add("orderId", "o-8".getBytes(StandardCharsets.UTF_8));
        assertThat(Correlation.header("orderId").of(null, null, headers, Correlation::text))
                .isEqualTo("o-8");
    }

    @Test
    void onlyPathsToOneValueAreTaken() {
        for (String bad :
                new String[] {"order id", "$", "$..id", "order..id", "$.items[*].id", "$.items[?(@.x)]", "$.a..b"}) {
            assertThatThrownBy(() -> Correlation.jsonPath(bad))
                    .as(bad)
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining(bad);
        }
    }
}
