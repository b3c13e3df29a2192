package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.ValueSource;
import java.nio.charset.StandardCharsets;

/**
 * Text with {@code {{name args...}}} placeholders, parsed once and rendered once per record.
 *
 * <table>
 *   <caption>Placeholders</caption>
 *   <tr><td>{@code {{seq}}}, {@code {{gseq}}}</td>
 *       <td>the record's number in its thread, or among the sampler's threads, from 0</td></tr>
 *   <tr><td>{@code {{thread}}}</td><td>the JMeter thread number</td></tr>
 *   <tr><td>{@code {{uuid}}}</td><td>a random version-4 UUID</td></tr>
 *   <tr><td>{@code {{int MIN MAX}}}, {@code {{long MIN MAX}}}</td>
 *       <td>uniform, both bounds included</td></tr>
 *   <tr><td>{@code {{zipf N S}}}</td>
 *       <td>1..N, k with probability proportional to 1 / k^S: skewed (hot) keys</td></tr>
 *   <tr><td>{@code {{decimal MIN MAX SCALE}}}</td>
 *       <td>uniform in [MIN, MAX), SCALE digits after the point, no exponent</td></tr>
 *   <tr><td>{@code {{pick A B C}}}, {@code {{pick A:60 B:40}}}</td>
 *       <td>one word, uniform or weighted; quote a choice holding a space or colon</td></tr>
 *   <tr><td>{@code {{string LEN}}}, {@code {{string MIN MAX}}}</td><td>letters and digits</td></tr>
 *   <tr><td>{@code {{now}}}, {@code {{now iso}}}</td>
 *       <td>epoch milliseconds, or ISO-8601 UTC with milliseconds</td></tr>
 *   <tr><td>{@code {{var NAME}}}, {@code {{prop NAME [DEFAULT]}}}</td>
 *       <td>a JMeter variable or property; empty when unset</td></tr>
 *   <tr><td>{@code {{faker Name.fullName}}}, {@code {{faker '#{Name.firstName} x'}}}</td>
 *       <td>a Datafaker value or expression</td></tr>
 *   <tr><td>{@code {{csv FILE COLUMN}}}, {@code {{csv FILE COLUMN thread random stop}}}</td>
 *       <td>a column of a CSV file's next row: one row per record (see {@link CsvCursor})</td></tr>
 * </table>
 *
 * <p><code>\&#123;&#123;</code> writes <code>&#123;&#123;</code>. Arguments are split at spaces;
 * quote one with {@code '} or {@code "} to hold spaces. Random values come from the context's
 * stream, so a seed repeats them.
 *
 * <p>Threads: immutable but for a size hint whose races are harmless; one template may serve all
 * threads, each rendering with its own context.
 */
public final class Template {
    private static final int PLACEHOLDER_LENGTH_GUESS = 16;

    private final String[] literals;
    private final Placeholder[] placeholders;
    /** The longest render so far, so the buffer rarely grows; written only when it grows. */
    private int lengthHint;

    /** @param literals the text around the placeholders: one more than there are placeholders */
    Template(String[] literals, Placeholder[] placeholders) {
        this.literals = literals;
        this.placeholders = placeholders;
        int length = PLACEHOLDER_LENGTH_GUESS * placeholders.length;
        for (String literal : literals) {
            length += literal.length();
        }
        this.lengthHint = length;
    }

    /**
     * Parses a template.
     *
     * @throws io.github.jmeterkafka.input.InvalidInputException naming the bad placeholder
     */
    public static Template parse(String text) {
        return new TemplateParser(text).parse();
    }

    public String render(RecordContext context) {
        if (placeholders.length == 0) {
            return literals[0];
        }
        StringBuilder out = new StringBuilder(lengthHint);
        out.append(literals[0]);
        for (int i = 0; i < placeholders.length; i++) {
            placeholders[i].appendTo(out, context);
            out.append(literals[i + 1]);
        }
        if (out.length() > lengthHint) {
            lengthHint = out.length();
        }
        return out.toString();
    }

    /** This template as UTF-8 values: a constant text is encoded once, not per record. */
    public ValueSource source() {
        if (placeholders.length == 0) {
            byte[] bytes = literals[0].getBytes(StandardCharsets.UTF_8);
            return context -> bytes;
        }
        return this::renderUtf8;
    }

    public byte[] renderUtf8(RecordContext context) {
        return render(context).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A template that is exactly one placeholder gives its typed value: Long for seq, gseq, thread,
     * int, long and now; BigDecimal for decimal; String for the rest. Otherwise the rendered text.
     */
    public Object renderValue(RecordContext context) {
        if (placeholders.length == 1 && literals[0].isEmpty() && literals[1].isEmpty()) {
            return placeholders[0].value(context);
        }
        return render(context);
    }

    /** No placeholders: every render gives the same text, so callers may keep its bytes. */
    public boolean isConstant() {
        return placeholders.length == 0;
    }

    public boolean hasPlaceholders() {
        return !isConstant();
    }
}
