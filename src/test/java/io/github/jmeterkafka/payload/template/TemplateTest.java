package io.github.jmeterkafka.payload.template;

import static io.github.jmeterkafka.payload.template.Records.context;
import static io.github.jmeterkafka.payload.template.Records.render;
import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class TemplateTest {
    private static final String ORDER = "{\"id\":\"{{uuid}}\",\"n\":{{seq}},\"qty\":{{int 1 9}},"
            + "\"price\":{{decimal 1 500 2}},\"ccy\":\"{{pick EUR:60 USD:30 GBP:10}}\","
            + "\"ref\":\"{{string 4 12}}\",\"big\":{{long 0 9000000000}},\"who\":\"{{faker Name.fullName}}\"}";

    private static List<String> records(String template, int records) {
        return render(template, context(7L, 1), records);
    }

    @Test
    void seqCountsThisThreadsRecordsFromZero() {
        assertThat(records("#{{seq}}", 3)).containsExactly("#0", "#1", "#2");
    }

    @Test
    void gseqCountsRecordsAcrossTheThreadsSharingACounter_onceARecord() {
        SamplerCounters shared = new SamplerCounters();
        RecordContext one = new RecordContext(1L, 1, shared);
        RecordContext two = new RecordContext(1L, 2, shared);
        Template template = Template.parse("{{gseq}}/{{gseq}}");

        one.nextRecord();
        two.nextRecord();
        assertThat(template.render(one)).isEqualTo("0/0");
        assertThat(template.render(two)).isEqualTo("1/1");
        one.nextRecord();
        assertThat(template.renderValue(one)).isEqualTo("2/2");
    }

    @Test
    void threadIsTheJMeterThreadNumber() {
        assertThat(Template.parse("{{thread}}").renderValue(context(1L, 7))).isEqualTo(7L);
    }

    @Test
    void uuidsAreVersion4AndDistinct() {
        List<String> uuids = records("{{uuid}}", 10_000);

        assertThat(new HashSet<>(uuids)).hasSize(10_000);
        assertThat(uuids).allSatisfy(text -> {
            UUID uuid = UUID.fromString(text);
            assertThat(uuid.version()).isEqualTo(4);
            assertThat(uuid.variant()).isEqualTo(2);
            assertThat(uuid.toString()).isEqualTo(text);
        });
    }

    @Test
    void intAndLongStayInTheirBoundsAndReachBoth() {
        assertThat(new HashSet<>(records("{{int -1 1}}", 1000))).containsExactlyInAnyOrder("-1", "0", "1");
        assertThat(new HashSet<>(records("{{int 4 4}}", 10))).containsExactly("4");
        assertThat(new HashSet<>(records("{{long 9223372036854775806 9223372036854775807}}", 1000)))
                .containsExactlyInAnyOrder("9223372036854775806", "9223372036854775807");
        assertThat(new HashSet<>(records("{{long -9223372036854775808 -9223372036854775807}}", 1000)))
                .containsExactlyInAnyOrder("-9223372036854775808", "-9223372036854775807");
        assertThat(records("{{int -2147483648 2147483647}}", 1000))
                .map(Long::parseLong)
                .allMatch(n -> n >= Integer.MIN_VALUE && n <= Integer.MAX_VALUE);
        assertThat(new HashSet<>(records("{{long -9223372036854775808 9223372036854775807}}", 1000)))
                .hasSize(1000);
    }

    @Test
    void decimalHasScaleDigitsIsBelowMaxAndIsNeverInExponentNotation() {
        assertThat(new HashSet<>(records("{{decimal 1 1.03 2}}", 1000)))
                .containsExactlyInAnyOrder("1.00", "1.01", "1.02");
        assertThat(records("{{decimal 1 500 2}}", 1000)).allSatisfy(text -> {
            assertThat(text).matches("\\d{1,3}\\.\\d\\d");
            assertThat(new BigDecimal(text)).isBetween(BigDecimal.ONE, new BigDecimal("499.99"));
        });
        assertThat(records("{{decimal 0 0.0001 9}}", 100)).allMatch(text -> text.matches("0\\.0000\\d{5}"));
        assertThat(records("{{decimal -0.5 0.5 0}}", 100)).allMatch(text -> text.equals("0"));
        assertThat(new HashSet<>(records("{{decimal -0.005 0.005 3}}", 1000)))
                .containsExactlyInAnyOrder(
                        "-0.005", "-0.004", "-0.003", "-0.002", "-0.001", "0.000", "0.001", "0.002", "0.003", "0.004");
    }

    @Test
    void pickDrawsEveryChoiceAndKeepsQuotedColonsAndSpaces() {
        assertThat(new HashSet<>(records("{{pick A B C}}", 1000))).containsExactlyInAnyOrder("A", "B", "C");
        assertThat(new HashSet<>(records("{{pick 'a:b' \"c:d\"}}", 1000))).containsExactlyInAnyOrder("a:b", "c:d");
        assertThat(new HashSet<>(records("{{pick 'New York':3 'Rio:2':1 Paris:0}}", 1000)))
                .containsExactlyInAnyOrder("New York", "Rio:2");
    }

    @Test
    void stringsAreAlphanumericOfTheGivenLengths() {
        assertThat(records("{{string 12}}", 100)).allMatch(s -> s.matches("[A-Za-z0-9]{12}"));
        assertThat(records("{{string 0}}", 3)).containsOnly("");
        Set<Integer> lengths = new HashSet<>();
        records("{{string 1 3}}", 1000).forEach(s -> lengths.add(s.length()));
        assertThat(lengths).containsExactlyInAnyOrder(1, 2, 3);
        assertThat(String.join("", records("{{string 50}}", 100))
                        .chars()
                        .distinct()
                        .count())
                .isEqualTo(62);
    }

    @Test
    void nowIsEpochMillisOrIsoWithMillis() {
        long before = System.currentTimeMillis();
        Object epoch = Template.parse("{{now}}").renderValue(context(1L, 1));
        String iso = Template.parse("{{now iso}}").render(context(1L, 1));
        long after = System.currentTimeMillis();

        assertThat((Long) epoch).isBetween(before, after);
        assertThat(iso).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z");
        assertThat(Instant.parse(iso).toEpochMilli()).isBetween(before, after);
    }

    @Test
    void varAndPropReadTheSample_emptyOrTheDefaultWhenUnset() {
        RecordContext context = context(1L, 1);
        context.sample(Map.of("user", "ann")::get, Map.of("env", "test")::get);

        assertThat(Template.parse("{{var user}}|{{var none}}").render(context)).isEqualTo("ann|");
        assertThat(Template.parse("{{prop env}}|{{prop none}}|{{prop none 'a b'}}|{{prop env x}}")
                        .render(context))
                .isEqualTo("test||a b|test");
    }

    @Test
    void aTemplateThatIsOnePlaceholderGivesItsTypedValue() {
        RecordContext context = context(1L, 1);

        assertThat(Template.parse("{{seq}}").renderValue(context)).isEqualTo(0L);
        assertThat(Template.parse("{{int 5 5}}").renderValue(context)).isEqualTo(5L);
        assertThat(Template.parse("{{long 5 5}}").renderValue(context)).isEqualTo(5L);
        assertThat(Template.parse("{{decimal 2 2.1 1}}").renderValue(context)).isEqualTo(new BigDecimal("2.0"));
        assertThat(Template.parse("{{pick x}}").renderValue(context)).isEqualTo("x");
        assertThat(Template.parse("{{uuid}}").renderValue(context)).isInstanceOf(String.class);
        assertThat(Template.parse("{{now iso}}").renderValue(context)).isInstanceOf(String.class);
        assertThat(Template.parse("{{faker Name.firstName}}").renderValue(context))
                .isInstanceOf(String.class);
        assertThat(Template.parse("{{seq}} ").renderValue(context)).isEqualTo("0 ");
        assertThat(Template.parse("{{seq}}{{seq}}").renderValue(context)).isEqualTo("00");
    }

    @Test
    void utf8BytesAreTheRenderedText() {
        Template template = Template.parse("café {{pick é ü}} {{seq}}");
        RecordContext one = context(3L, 1);
        RecordContext two = context(3L, 1);

        assertThat(new String(template.renderUtf8(one), StandardCharsets.UTF_8)).isEqualTo(template.render(two));
        assertThat(template.hasPlaceholders()).isTrue();
        assertThat(template.isConstant()).isFalse();
    }

    @Test
    void theSameSeedAndThreadRepeatTheRecords_anotherThreadOrNoSeedDoNot() {
        List<String> first = render(ORDER, context(42L, 1), 100);

        assertThat(render(ORDER, context(42L, 1), 100)).isEqualTo(first);
        assertThat(render(ORDER, context(42L, 2), 100)).doesNotContainAnyElementsOf(first);
        assertThat(render(ORDER, context(43L, 1), 100)).doesNotContainAnyElementsOf(first);
        assertThat(render(ORDER, context(null, 1), 100)).doesNotContainAnyElementsOf(first);
        assertThat(render(ORDER, context(null, 1), 100))
                .doesNotContainAnyElementsOf(render(ORDER, context(null, 1), 100));
    }

    @Test
    void oneTemplateServesManyThreads_eachGetsWhatItWouldAlone() throws Exception {
        Template shared = Template.parse(ORDER);
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<String>>> results = new ArrayList<>();
            for (int thread = 1; thread <= 4; thread++) {
                RecordContext context = context(5L, thread);
                results.add(threads.submit(() -> {
                    List<String> out = new ArrayList<>();
                    for (int i = 0; i < 2000; i++) {
                        context.nextRecord();
                        out.add(shared.render(context));
                    }
                    return out;
                }));
            }
            for (int thread = 1; thread <= 4; thread++) {
                assertThat(results.get(thread - 1).get()).isEqualTo(render(ORDER, context(5L, thread), 2000));
            }
        } finally {
            threads.shutdownNow();
        }
    }
}
