package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.ValueSource;
import io.github.jmeterkafka.payload.template.Template;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Pattern;

/**
 * Records read from a file and split by a delimiter, picked at random per record as
 * kafka-producer-perf-test's {@code --payload-file} / {@code --payload-delimiter} do, or in file order
 * per thread. A line with placeholders is a {@link Template}, rendered per record. A file is read and
 * its templates parsed once per test, and shared by all threads (read-only).
 */
public final class PayloadFile {
    private static final ConcurrentMap<String, PayloadFile> LOADED = new ConcurrentHashMap<>();

    private final ValueSource[] payloads;

    private PayloadFile(ValueSource[] payloads) {
        this.payloads = payloads;
    }

    public static PayloadFile load(String path, String delimiter) {
        if (path == null || path.isBlank()) {
            throw new InvalidInputException("payload file is empty");
        }
        String delim = delimiter == null || delimiter.isEmpty() ? "\n" : unescape(delimiter);
        return LOADED.computeIfAbsent(path.trim() + '\u0000' + delim, k -> read(Path.of(path.trim()), delim));
    }

    private static PayloadFile read(Path file, String delimiter) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidInputException("payload file " + file.toAbsolutePath() + " cannot be read: " + e);
        }
        List<ValueSource> out = new ArrayList<>();
        String[] parts = text.split(Pattern.quote(delimiter), -1);
        for (int i = 0; i < parts.length; i++) {
            if (!parts[i].isEmpty()) {
                try {
                    out.add(Template.parse(parts[i]).source());
                } catch (InvalidInputException e) {
                    throw new InvalidInputException(
                            "payload file " + file.toAbsolutePath() + ", record " + (i + 1) + ": " + e.getMessage());
                }
            }
        }
        if (out.isEmpty()) {
            throw new InvalidInputException("payload file " + file.toAbsolutePath() + " holds no record");
        }
        return new PayloadFile(out.toArray(new ValueSource[0]));
    }

    /** "\n", "\t" and "\r" as typed in a GUI field. */
    static String unescape(String s) {
        return s.replace("\\n", "\n").replace("\\t", "\t").replace("\\r", "\r");
    }

    /** A record picked at random for each record sent. */
    public ValueSource atRandom() {
        return context -> payloads[context.random().nextInt(payloads.length)].next(context);
    }

    /** The records in file order, from the first, again and again; a source per thread. */
    public ValueSource inOrder() {
        int[] next = {0};
        return context -> {
            ValueSource line = payloads[next[0]];
            next[0] = next[0] + 1 == payloads.length ? 0 : next[0] + 1;
            return line.next(context);
        };
    }

    public int size() {
        return payloads.length;
    }

    /** Files are read again in the next test (they may have changed). */
    public static void forgetAll() {
        LOADED.clear();
    }
}
