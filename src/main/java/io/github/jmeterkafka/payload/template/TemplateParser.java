package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.template.Arguments.Word;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** Splits a template into literal text and placeholders; {@link Placeholders} resolves each one. */
final class TemplateParser {
    private static final String OPEN = "{{";
    private static final String ESCAPED_OPEN = "\\{{";
    private static final String CLOSE = "}}";
    /** How much of an unterminated placeholder an error shows: the rest of the text may be long. */
    private static final int SHOWN = 40;

    private final String text;
    private final List<String> literals = new ArrayList<>();
    private final List<Placeholder> placeholders = new ArrayList<>();
    private int at;

    TemplateParser(String text) {
        this.text = Objects.requireNonNull(text, "template");
    }

    Template parse() {
        StringBuilder literal = new StringBuilder();
        while (at < text.length()) {
            if (text.startsWith(ESCAPED_OPEN, at)) {
                literal.append(OPEN);
                at += ESCAPED_OPEN.length();
            } else if (text.startsWith(OPEN, at)) {
                literals.add(literal.toString());
                literal.setLength(0);
                placeholders.add(placeholder());
            } else {
                literal.append(text.charAt(at++));
            }
        }
        literals.add(literal.toString());
        return new Template(literals.toArray(String[]::new), placeholders.toArray(Placeholder[]::new));
    }

    /** Reads the placeholder at {@code at} and leaves {@code at} after its closing braces. */
    private Placeholder placeholder() {
        int start = at;
        at += OPEN.length();
        List<Word> words = new ArrayList<>();
        while (true) {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
            if (at >= text.length()) {
                throw unterminated(start, "no closing " + CLOSE);
            }
            if (text.startsWith(CLOSE, at)) {
                break;
            }
            words.add(word(start));
        }
        at += CLOSE.length();
        return Placeholders.resolve(text.substring(start, at), start + 1, words);
    }

    /** One argument: up to a space or the closing braces, quoted parts taken whole. */
    private Word word(int start) {
        StringBuilder word = new StringBuilder();
        int quotedEnd = 0;
        while (at < text.length() && !Character.isWhitespace(text.charAt(at)) && !text.startsWith(CLOSE, at)) {
            char c = text.charAt(at);
            if (c == '\'' || c == '"') {
                int close = text.indexOf(c, at + 1);
                if (close < 0) {
                    throw unterminated(start, "the quote " + c + " at character " + (at + 1) + " is not closed");
                }
                word.append(text, at + 1, close);
                quotedEnd = word.length();
                at = close + 1;
            } else {
                word.append(c);
                at++;
            }
        }
        return new Word(word.toString(), quotedEnd);
    }

    private InvalidInputException unterminated(int start, String problem) {
        String shown =
                text.length() - start > SHOWN ? text.substring(start, start + SHOWN) + "..." : text.substring(start);
        return Arguments.error(shown, start + 1, problem);
    }
}
