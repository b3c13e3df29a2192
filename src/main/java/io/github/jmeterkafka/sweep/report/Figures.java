package io.github.jmeterkafka.sweep.report;

import java.math.BigDecimal;
import java.util.Locale;

/** Numbers as the report writes them: for reading (grouped, two decimals at most) and for machines (plain). */
final class Figures {

    private Figures() {}

    static String show(double v) {
        return String.format(Locale.ROOT, "%,.2f", v).replaceFirst("\\.?0+$", "");
    }

    /** {@code median (min–max)}, the median alone when the repeats agree, empty with no value. */
    static String spread(Spread s) {
        if (s == null) {
            return "";
        }
        return s.min() == s.max() ? show(s.median()) : show(s.median()) + " (" + range(s) + ")";
    }

    static String range(Spread s) {
        return show(s.min()) + "–" + show(s.max());
    }

    /** A number that may be missing: empty then. */
    static String show(Double v) {
        return v == null ? "" : show(v.doubleValue());
    }

    /** after/before with three decimals, so a 0.5% change still shows. */
    static String ratio(Double r) {
        return r == null ? "" : String.format(Locale.ROOT, "%.3f", r);
    }

    /** The exact value without an exponent, for CSV. */
    static String plain(double v) {
        return exact(v).toPlainString();
    }

    /** The exact value without trailing zeros, for JSON. */
    static BigDecimal exact(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros();
    }
}
