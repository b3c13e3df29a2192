package io.github.jmeterkafka.sampler.admin;

import java.util.function.Function;

/**
 * One field an Admin operation reads: how it is read and checked before anything is timed, and its line in the
 * sampler data.
 *
 * @param label the line's name
 * @param read  the checked value; a bad field throws InvalidInputException
 * @param shown the line's text; null: no line
 */
record AdminInput<T>(String label, Function<AdminFields, T> read, Function<AdminFields, String> shown) {

    /** {@code label: text} and a newline, or nothing. */
    String line(AdminFields s) {
        String text = shown.apply(s);
        return text == null ? "" : label + ": " + text + "\n";
    }
}
