package io.github.jmeterkafka.input;

/** Reads the text fields users type into the plugin's GUIs, with errors that name the field. */
public final class Fields {
    private Fields() {}

    public static String required(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException(field + " is empty");
        }
        return text.trim();
    }

    public static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }

    public static long nonNegativeLong(String field, String text) {
        long value;
        try {
            value = Long.parseLong(text == null ? "" : text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidInputException(field + " must be a whole number, not '" + text + "'");
        }
        if (value < 0) {
            throw new InvalidInputException(field + " must not be negative, not " + value);
        }
        return value;
    }

    /** A blank field gives {@code blankValue}. */
    public static long nonNegativeLong(String field, String text, long blankValue) {
        return text == null || text.isBlank() ? blankValue : nonNegativeLong(field, text);
    }

    /** Any whole number, negative too (a seed). */
    public static long wholeNumber(String field, String text) {
        try {
            return Long.parseLong(text == null ? "" : text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidInputException(field + " must be a whole number, not '" + text + "'");
        }
    }

    public static int nonNegativeInt(String field, String text) {
        long value = nonNegativeLong(field, text);
        if (value > Integer.MAX_VALUE) {
            throw new InvalidInputException(field + " is too large: " + value);
        }
        return (int) value;
    }

    public static int positiveInt(String field, String text, int blankValue) {
        int value = text == null || text.isBlank() ? blankValue : nonNegativeInt(field, text);
        if (value == 0) {
            throw new InvalidInputException(field + " must be at least 1");
        }
        return value;
    }

    /** A number more than 0, decimals allowed (a rate). */
    public static double positiveDouble(String field, String text) {
        double value;
        try {
            value = Double.parseDouble(text == null ? "" : text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidInputException(field + " must be a number, not '" + text + "'");
        }
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new InvalidInputException(field + " must be more than 0, not '" + text.trim() + "'");
        }
        return value;
    }

    /** A share in percent, 0 to 100, decimals allowed; blank is 0. */
    public static double percent(String field, String text) {
        if (text == null || text.isBlank()) {
            return 0;
        }
        double value;
        try {
            value = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidInputException(field + " must be a percentage, not '" + text + "'");
        }
        if (!(value >= 0 && value <= 100)) {
            throw new InvalidInputException(field + " must be from 0 to 100 %, not '" + text.trim() + "'");
        }
        return value;
    }
}
