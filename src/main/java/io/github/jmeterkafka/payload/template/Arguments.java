package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.input.InvalidInputException;
import java.math.BigDecimal;
import java.util.List;

/** The arguments of one placeholder as written, read into numbers with errors that name it. */
final class Arguments {
    /**
     * One argument.
     *
     * @param quotedEnd where its last quoted part ends: what comes before was quoted text, which
     *                  a weighted choice keeps whole, colons and all
     */
    record Word(String text, int quotedEnd) {}

    private final String placeholder;
    private final int position;
    private final List<Word> words;

    /**
     * @param placeholder the placeholder as written, braces included
     * @param position    where it starts in the template, from 1
     * @param words       its arguments, the name left out
     */
    Arguments(String placeholder, int position, List<Word> words) {
        this.placeholder = placeholder;
        this.position = position;
        this.words = words;
    }

    int size() {
        return words.size();
    }

    List<Word> words() {
        return words;
    }

    String text(int index) {
        return words.get(index).text();
    }

    long whole(int index, long min, long max) {
        String text = text(index);
        long value;
        try {
            value = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw error("'" + text + "' is not a whole number");
        }
        if (value < min || value > max) {
            throw error(text + " is out of range [" + min + ", " + max + "]");
        }
        return value;
    }

    BigDecimal decimal(int index) {
        String text = text(index);
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            throw error("'" + text + "' is not a number");
        }
    }

    <T extends Comparable<T>> void ordered(T min, T max) {
        if (min.compareTo(max) > 0) {
            throw error("min " + min + " is greater than max " + max);
        }
    }

    InvalidInputException error(String problem) {
        return error(placeholder, position, problem);
    }

    static InvalidInputException error(String placeholder, int position, String problem) {
        return new InvalidInputException(
                "template placeholder " + placeholder + " at character " + position + ": " + problem);
    }
}
