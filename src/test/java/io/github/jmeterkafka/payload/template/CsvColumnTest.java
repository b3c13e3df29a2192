package io.github.jmeterkafka.payload.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.PlanDirectory;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.RowsEnded;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvColumnTest {
    @TempDir
    Path plan;

    @BeforeEach
    void customers() throws IOException {
        PlanDirectory.set(plan);
        write("customers.csv", "id,name,city\n1,Ann,Oslo\n2,Bob,Rome\n3,Cy,Lima\n");
    }

    @AfterEach
    void forget() {
        PlanDirectory.set(Path.of(""));
        CsvFile.forgetAll();
    }

    private void write(String name, String text) throws IOException {
        Files.writeString(plan.resolve(name), text, StandardCharsets.UTF_8);
    }

    @Test
    void everyPlaceholderOfARecordReadsItsRow_andEachRecordTheNext() {
        RecordContext context = Records.context(1L, 1);
        Template key = Template.parse("{{csv customers.csv id}}");
        Template value = Template.parse("{\"id\":{{csv customers.csv id}},\"name\":\"{{csv customers.csv name}}\"}");

        List<String> records = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            context.nextRecord();
            records.add(key.render(context) + " " + value.render(context) + " " + value.renderValue(context));
        }

        assertThat(records)
                .containsExactly(
                        "1 {\"id\":1,\"name\":\"Ann\"} {\"id\":1,\"name\":\"Ann\"}",
                        "2 {\"id\":2,\"name\":\"Bob\"} {\"id\":2,\"name\":\"Bob\"}",
                        "3 {\"id\":3,\"name\":\"Cy\"} {\"id\":3,\"name\":\"Cy\"}");
    }

    @Test
    void aPlaceholderAloneGivesTheFieldsText() {
        RecordContext context = Records.context(1L, 1);
        context.nextRecord();
        assertThat(Template.parse("{{csv customers.csv city}}").renderValue(context))
                .isEqualTo("Oslo");
    }

    @Test
    void atTheEndTheRowsStartAgain() {
        assertThat(Records.render("{{csv customers.csv id}}", Records.context(1L, 1), 7))
                .containsExactly("1", "2", "3", "1", "2", "3", "1");
    }

    @Test
    void sharedByDefault_theThreadsOfASamplerTakeTurnsOnOneCursor() {
        SamplerCounters sampler = new SamplerCounters();
        List<RecordContext> threads = List.of(new RecordContext(1L, 1, sampler), new RecordContext(1L, 2, sampler));
        Template template = Template.parse("{{csv customers.csv id}}/{{csv customers.csv name}}");

        List<String> rows = new ArrayList<>();
        for (int thread : new int[] {0, 1, 1, 0}) {
            threads.get(thread).nextRecord();
            rows.add(template.render(threads.get(thread)));
        }

        assertThat(rows).containsExactly("1/Ann", "2/Bob", "3/Cy", "1/Ann");
        assertThat(Records.render("{{csv customers.csv id}}", new RecordContext(1L, 3, new SamplerCounters()), 1))
                .as("another sampler has its own cursor")
                .containsExactly("1");
    }

    @Test
    void aSharedCursorGivesEachRowToOneRecordAcrossRealThreads() throws Exception {
        StringBuilder file = new StringBuilder("n\n");
        IntStream.range(0, 4000).forEach(i -> file.append(i).append('\n'));
        write("numbers.csv", file.toString());
        SamplerCounters sampler = new SamplerCounters();
        ConcurrentLinkedQueue<String> seen = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 1; t <= 4; t++) {
            RecordContext context = new RecordContext(null, t, sampler);
            threads.add(new Thread(() -> seen.addAll(Records.render("{{csv numbers.csv n}}", context, 1000))));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(seen.stream().map(Integer::valueOf))
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.range(0, 4000).boxed().toList());
    }

    @Test
    void withThreadEachThreadReadsTheFileFromItsFirstRow() {
        SamplerCounters sampler = new SamplerCounters();
        String template = "{{csv customers.csv id thread}}";
        assertThat(Records.render(template, new RecordContext(1L, 1, sampler), 2))
                .containsExactly("1", "2");
        assertThat(Records.render(template, new RecordContext(1L, 2, sampler), 4))
                .containsExactly("1", "2", "3", "1");
    }

    @Test
    void randomRowsStayInTheFile_keepTheirRowAcrossPlaceholders_andRepeatWithASeed() {
        String template = "{{csv customers.csv id random}}:{{csv customers.csv name random}}";
        List<String> seeded = Records.render(template, Records.context(42L, 1), 300);

        assertThat(seeded).containsOnly("1:Ann", "2:Bob", "3:Cy").contains("1:Ann", "2:Bob", "3:Cy");
        assertThat(Records.render(template, Records.context(42L, 1), 300)).isEqualTo(seeded);
        assertThat(Records.render(template, Records.context(43L, 1), 300)).isNotEqualTo(seeded);
    }

    @Test
    void withStopTheLastRowIsTheLast_thenTheThreadIsToEnd() {
        RecordContext context = Records.context(1L, 1);
        Template template = Template.parse("{{csv customers.csv id thread stop}}");

        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            assertThat(context.rowsEnded()).isFalse();
            context.nextRecord();
            rows.add(template.render(context));
        }

        assertThat(rows).containsExactly("1", "2", "3");
        assertThat(context.rowsEnded()).isTrue();
        context.nextRecord();
        assertThatThrownBy(() -> template.render(context))
                .isInstanceOf(RowsEnded.class)
                .hasMessageContaining(plan.resolve("customers.csv").toString())
                .hasMessageContaining("no row left");
    }

    @Test
    void aSharedCursorWithStopEndsEveryThreadOfTheSampler() {
        SamplerCounters sampler = new SamplerCounters();
        RecordContext one = new RecordContext(1L, 1, sampler);
        RecordContext two = new RecordContext(1L, 2, sampler);
        String template = "{{csv customers.csv id stop}}";

        assertThat(Records.render(template, one, 3)).containsExactly("1", "2", "3");
        assertThat(one.rowsEnded()).isTrue();
        assertThat(two.rowsEnded())
                .as("a thread learns of a file at its first record from it")
                .isFalse();
        assertThatThrownBy(() -> Records.render(template, two, 1)).isInstanceOf(RowsEnded.class);
        assertThat(two.rowsEnded()).isTrue();
    }

    @Test
    void quotedFieldsHoldCommasQuotesAndLineEnds() throws IOException {
        write("quoted.csv", "\uFEFFid, note\r\n1,\"Smith, \"\"Jr\"\"\"\r\n2,\"two\nlines\"\r\n3,\r\n\r\n");

        assertThat(Records.render("[{{csv quoted.csv note}}]", Records.context(1L, 1), 3))
                .containsExactly("[Smith, \"Jr\"]", "[two\nlines]", "[]");
    }

    @Test
    void aFileIsReadOncePerTestForEveryone() throws IOException {
        CsvFile first = CsvFile.load("customers.csv");
        write("customers.csv", "id\n9\n");

        assertThat(CsvFile.load(plan.resolve("customers.csv").toString())).isSameAs(first);
        CsvFile.forgetAll();
        assertThat(CsvFile.load("customers.csv").rows()).isEqualTo(1);
    }

    @Test
    void aRelativeNameIsReadFromThePlansDirectory() throws IOException {
        Path data = Files.createDirectories(plan.resolve("data"));
        Files.writeString(data.resolve("cities.csv"), "city\nKyiv\n");

        assertThat(Records.render("{{csv data/cities.csv city}}", Records.context(1L, 1), 1))
                .containsExactly("Kyiv");
    }

    @Test
    void aMissingColumnNamesTheColumnsThereAre() {
        assertThatThrownBy(() -> Template.parse("x{{csv customers.csv mail}}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("template placeholder {{csv customers.csv mail}} at character 2: CSV file "
                        + plan.resolve("customers.csv") + " has no column 'mail'; its columns: id, name, city");
    }

    @Test
    void aMissingFileNamesThePathTried() {
        assertThatThrownBy(() -> Template.parse("{{csv nobody.csv id}}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageEndingWith("CSV file " + plan.resolve("nobody.csv").toAbsolutePath() + " does not exist");
    }

    @Test
    void aFileWithoutDataRowsSaysSo() throws IOException {
        write("empty.csv", "");
        write("header.csv", "id,name\n\n");

        assertThatThrownBy(() -> Template.parse("{{csv empty.csv id}}"))
                .hasMessageEndingWith("empty.csv is empty; its first row names the columns");
        assertThatThrownBy(() -> Template.parse("{{csv header.csv id}}"))
                .hasMessageEndingWith("header.csv has a header row but no data rows");
    }

    @Test
    void aRowThatDoesNotMatchTheHeaderIsNamedByItsLine() throws IOException {
        write("short.csv", "id,name\n1,Ann\n\"2\nx\",Bob\n3\n");

        assertThatThrownBy(() -> Template.parse("{{csv short.csv id}}"))
                .hasMessageEndingWith("short.csv, line 5: 1 fields where the header names 2 columns");
    }

    @Test
    void anUnclosedQuoteIsNamedByItsLine() throws IOException {
        write("open.csv", "id\n\"1\n");

        assertThatThrownBy(() -> Template.parse("{{csv open.csv id}}"))
                .hasMessageEndingWith("open.csv, line 2: a quoted field is not closed");
    }

    @Test
    void optionWordsAreCheckedAndNamed() {
        assertThatThrownBy(() -> Template.parse("{{csv customers.csv id loop}}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageEndingWith(
                        "unknown option 'loop'; the options are shared or thread, order or random, wrap or stop");
        assertThatThrownBy(() -> Template.parse("{{csv customers.csv id wrap stop}}"))
                .hasMessageEndingWith("'wrap' and 'stop' choose the same thing; give one");
        assertThatThrownBy(() -> Template.parse("{{csv customers.csv id random stop}}"))
                .hasMessageEndingWith("never run out: drop 'stop'");
        assertThatThrownBy(() -> Template.parse("{{csv customers.csv}}"))
                .hasMessageContaining("expected {{csv FILE COLUMN}}");
    }
}
