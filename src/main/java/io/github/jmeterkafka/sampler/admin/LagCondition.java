package io.github.jmeterkafka.sampler.admin;

import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a group's lag is waited for: at least, or at most, so many records. */
record LagCondition(boolean atLeast, long records) {
    private static final Pattern FORM = Pattern.compile("(>=|<=)\\s*(\\d+)");

    /** The lag condition field: {@code >= N} or {@code <= N}. */
    static LagCondition parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new InvalidInputException(
                    "lag condition must be '>= N' or '<= N' (N records), not '" + text.trim() + "'");
        }
        long n = Fields.nonNegativeLong("lag condition", m.group(2));
        return new LagCondition(m.group(1).equals(">="), n);
    }

    boolean holds(long lag) {
        return atLeast ? lag >= records : lag <= records;
    }

    String text() {
        return (atLeast ? ">= " : "<= ") + records;
    }
}
