package io.github.jmeterkafka.payload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

import io.github.jmeterkafka.client.InvalidInputException;

/**
 * Records read from a file and split by a delimiter, one picked at random per record, as
 * kafka-producer-perf-test's {@code --payload-file} / {@code --payload-delimiter} do. A file is read
 * once per test and shared by all threads (read-only).
 */
public final class PayloadFile {
    private static final ConcurrentMap<String, PayloadFile> LOADED = new ConcurrentHashMap<>();

    private final byte[][] payloads;

    private PayloadFile(byte[][] payloads) {
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
        List<byte[]> out = new ArrayList<>();
        for (String part : text.split(Pattern.quote(delimiter))) {
            if (!part.isEmpty()) {
                out.add(part.getBytes(StandardCharsets.UTF_8));
            }
        }
        if (out.isEmpty()) {
            throw new InvalidInputException("payload file " + file.toAbsolutePath() + " holds no record");
        }
        return new PayloadFile(out.toArray(new byte[0][]));
    }

    /** "\n", "\t" and "\r" as typed in a GUI field. */
    static String unescape(String s) {
        return s.replace("\\n", "\n").replace("\\t", "\t").replace("\\r", "\r");
    }

    public byte[] pick() {
        return payloads[ThreadLocalRandom.current().nextInt(payloads.length)];
    }

    public int size() {
        return payloads.length;
    }

    /** Files are read again in the next test (they may have changed). */
    public static void forgetAll() {
        LOADED.clear();
    }
}
