package io.github.jmeterkafka.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvReaderTest {

    @Test
    void aQuotedFieldHoldsCommasDoubledQuotesAndLineBreaks() {
        assertThat(CsvReader.rows("a,\"b, c\",\"say \"\"hi\"\"\",\"two\nlines\"\nnext,row,,"))
                .containsExactly(List.of("a", "b, c", "say \"hi\"", "two\nlines"), List.of("next", "row", "", ""));
    }

    @Test
    void rowsEndAtLfOrCrlf_andLineEndsAtTheEndAreNotARow() {
        assertThat(CsvReader.rows("a,b\r\nc,d\ne,f\r\n\r\n"))
                .containsExactly(List.of("a", "b"), List.of("c", "d"), List.of("e", "f"));
        assertThat(CsvReader.rows("a\n")).containsExactly(List.of("a"));
        assertThat(CsvReader.rows("\n\r\n")).isEmpty();
    }

    @Test
    void emptyFieldsAndBlankLinesInsideTheTextAreKept() {
        assertThat(CsvReader.rows(",,\n\nx,\"\","))
                .containsExactly(List.of("", "", ""), List.of(""), List.of("x", "", ""));
    }

    @Test
    void aByteOrderMarkAtTheStartIsSkipped() {
        assertThat(CsvReader.rows("\uFEFFid,name\n1,Ann")).containsExactly(List.of("id", "name"), List.of("1", "Ann"));
        assertThat(CsvReader.rows("\uFEFF")).isEmpty();
    }

    @Test
    void aQuoteInsideAnUnquotedFieldIsText() {
        assertThat(CsvReader.rows("5\" disk,a\"b")).containsExactly(List.of("5\" disk", "a\"b"));
    }

    @Test
    void whatCsvFieldWritesReadsBack() {
        List<String> fields = List.of("plain", "a,b", "say \"hi\"", "two\nlines", "cr\r\nlf", "", "\"");
        String line = String.join(",", fields.stream().map(CsvField::of).toList());

        assertThat(CsvReader.rows(line + "\n" + line)).containsExactly(fields, fields);
    }

    @Test
    void lineIsWhereTheNextFieldStarts_countingLineBreaksInQuotes() {
        CsvReader reader = new CsvReader("id,note\n1,\"two\nlines\"\r\n2,x\n");
        assertThat(reader.row()).containsExactly("id", "note");
        assertThat(reader.line()).isEqualTo(2);
        assertThat(reader.row()).containsExactly("1", "two\nlines");
        assertThat(reader.line()).isEqualTo(4);
        assertThat(reader.row()).containsExactly("2", "x");
        assertThat(reader.hasMore()).isFalse();
    }

    @Test
    void fieldsAppendToOneBufferAndSayWhereTheirRowEnds() {
        CsvReader reader = new CsvReader("a,\"b\"\nc");
        StringBuilder out = new StringBuilder();

        assertThat(reader.field(out)).isFalse();
        assertThat(reader.field(out)).isTrue();
        assertThat(reader.field(out)).isTrue();
        assertThat(out).hasToString("abc");
    }

    @Test
    void anUnclosedQuoteIsNamedByTheLineItOpensOn() {
        assertThatThrownBy(() -> CsvReader.rows("id\n1\n\"open\nstill open\n"))
                .isInstanceOf(CsvFormatException.class)
                .hasMessage("line 3: a quoted field is not closed");
    }

    @Test
    void textAfterAClosingQuoteIsNamedByItsLine() {
        assertThatThrownBy(() -> CsvReader.rows("id,note\n1,\"two\nlines\"x\n"))
                .isInstanceOf(CsvFormatException.class)
                .hasMessage("line 3: text after a closing quote (write a quote inside quotes as \"\")");
    }
}
