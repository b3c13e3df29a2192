package io.github.jmeterkafka.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CsvFieldTest {

    @Test
    void fieldsWithCommasQuotesOrLineBreaksAreQuoted() {
        assertThat(CsvField.of("a,b")).isEqualTo("\"a,b\"");
        assertThat(CsvField.of("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(CsvField.of("two\nlines")).isEqualTo("\"two\nlines\"");
        assertThat(CsvField.of("cr\r")).isEqualTo("\"cr\r\"");
        assertThat(CsvField.of("plain-group.1")).isEqualTo("plain-group.1");
    }
}
