package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.template.Arguments.Word;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Function;

/** The placeholder kinds by name: how many arguments each takes and what it makes of them. */
final class Placeholders {
    private record Kind(String usage, int minArguments, int maxArguments, Function<Arguments, Placeholder> make) {}

    /** ISO_INSTANT drops the fraction when it is zero: records would change length every second. */
    private static final DateTimeFormatter ISO_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private static final Map<String, Kind> KINDS = new LinkedHashMap<>();

    static {
        kind("seq", "{{seq}}", 0, 0, args -> (LongPlaceholder) RecordContext::threadSequence);
        kind("gseq", "{{gseq}}", 0, 0, args -> (LongPlaceholder) RecordContext::globalSequence);
        kind("thread", "{{thread}}", 0, 0, args -> (LongPlaceholder) RecordContext::threadNumber);
        kind("key", "{{key}}", 0, 0, args -> RecordContext::keyText);
        kind("uuid", "{{uuid}}", 0, 0, args -> Placeholders::uuid);
        kind("int", "{{int MIN MAX}}", 2, 2, UniformLong::ints);
        kind("long", "{{long MIN MAX}}", 2, 2, UniformLong::longs);
        kind("decimal", "{{decimal MIN MAX SCALE}}", 3, 3, UniformDecimal::of);
        kind("zipf", "{{zipf N S}}", 2, 2, ZipfLong::of);
        kind("pick", "{{pick A B C}} or {{pick A:60 B:40}}", 1, Integer.MAX_VALUE, Placeholders::pick);
        kind("string", "{{string LEN}} or {{string MIN MAX}}", 1, 2, RandomString::of);
        kind("now", "{{now}} or {{now iso}}", 0, 1, Placeholders::now);
        kind("var", "{{var NAME}}", 1, 1, Placeholders::variable);
        kind("prop", "{{prop NAME}} or {{prop NAME DEFAULT}}", 1, 2, Placeholders::property);
        kind("faker", "{{faker Provider.method}} or {{faker '#{Provider.method} ...'}}", 1, 1, FakeData::placeholder);
        kind(
                "csv",
                "{{csv FILE COLUMN}} or {{csv FILE COLUMN shared|thread order|random wrap|stop}}",
                2,
                5,
                CsvColumn::of);
    }

    private Placeholders() {}

    private static void kind(
            String name, String usage, int minArguments, int maxArguments, Function<Arguments, Placeholder> make) {
        KINDS.put(name, new Kind(usage, minArguments, maxArguments, make));
    }

    /**
     * @param placeholder as written, braces included
     * @param position    where it starts in the template, from 1
     * @param words       its name and arguments
     */
    static Placeholder resolve(String placeholder, int position, List<Word> words) {
        if (words.isEmpty()) {
            throw Arguments.error(placeholder, position, "no placeholder name");
        }
        String name = words.get(0).text();
        Kind kind = KINDS.get(name);
        if (kind == null) {
            throw Arguments.error(
                    placeholder,
                    position,
                    "unknown placeholder '" + name + "' (known: " + String.join(", ", KINDS.keySet()) + ")");
        }
        Arguments args = new Arguments(placeholder, position, words.subList(1, words.size()));
        if (args.size() < kind.minArguments() || args.size() > kind.maxArguments()) {
            throw args.error("wrong number of arguments (" + args.size() + "); expected " + kind.usage());
        }
        return kind.make().apply(args);
    }

    private static String uuid(RecordContext context) {
        SplittableRandom random = context.random();
        // the version (4) and variant bits UUID.randomUUID sets
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(high, low).toString();
    }

    private static Placeholder pick(Arguments args) {
        List<Word> words = args.words();
        WeightedChoice choice;
        try {
            choice = WeightedChoice.parse(
                    words.stream().map(Word::text).toList(),
                    words.stream().mapToInt(Word::quotedEnd).toArray());
        } catch (InvalidInputException e) {
            throw args.error(e.getMessage());
        }
        return context -> choice.pick(context.random());
    }

    private static Placeholder now(Arguments args) {
        if (args.size() == 0) {
            return (LongPlaceholder) context -> System.currentTimeMillis();
        }
        if (!args.text(0).equals("iso")) {
            throw args.error("unknown format '" + args.text(0) + "'; expected {{now}} or {{now iso}}");
        }
        return context -> ISO_MILLIS.format(Instant.ofEpochMilli(System.currentTimeMillis()));
    }

    private static Placeholder variable(Arguments args) {
        String name = args.text(0);
        return context -> {
            String value = context.variable(name);
            return value == null ? "" : value;
        };
    }

    private static Placeholder property(Arguments args) {
        String name = args.text(0);
        String fallback = args.size() > 1 ? args.text(1) : "";
        return context -> {
            String value = context.property(name);
            return value == null ? fallback : value;
        };
    }
}
