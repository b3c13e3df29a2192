package io.github.jmeterkafka.sweep.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    @Test
    void aFileWithAnUnclosedQuoteIsNamedWithTheLine(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("rows.csv"), "kind,label\nproducer,\"open\n", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> CsvTable.read(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + ": line 2: a quoted field is not closed");
    }
}
