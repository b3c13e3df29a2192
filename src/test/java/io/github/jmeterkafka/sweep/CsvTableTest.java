package io.github.jmeterkafka.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CsvTableTest {

    @Test
    void quotedFieldsKeepTheirCommasQuotesAndLineBreaks() {
        CsvTable t = CsvTable.parse("kind,label,records\r\nproducer,\"a, \"\"b\"\"\nc\",10\nconsumer,plain,\n");

        assertThat(t.header()).containsExactly("kind", "label", "records");
        assertThat(t.size()).isEqualTo(2);
        assertThat(t.get(0, "label")).isEqualTo("a, \"b\"\nc");
        assertThat(t.get(0, "records")).isEqualTo("10");
        assertThat(t.get(1, "records")).isEmpty();
        assertThat(t.get(1, "no such column")).isEmpty();
    }
}
