package io.github.jmeterkafka.text;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** A UTF-8 text file shipped in the jar, such as a page's style sheet or script. */
public final class Resource {

    private Resource() {}

    /** The resource {@code name}, relative to {@code owner}'s package unless it starts with {@code /}. */
    public static String text(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(
                        owner.getName() + " needs " + name + ", which is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + name, e);
        }
    }
}
