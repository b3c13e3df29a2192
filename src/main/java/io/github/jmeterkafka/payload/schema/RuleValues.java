package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.input.InvalidInputException;
import java.math.BigDecimal;

/**
 * A rule's value (String, Long, Integer, BigDecimal, Double or Boolean) as the plain type a field
 * holds, or the error that names the field and the value that does not fit.
 */
final class RuleValues {
    private RuleValues() {}

    static InvalidInputException misfit(String path, Object value, String type) {
        String shown = value == null ? "null" : "'" + text(value) + "'";
        return new InvalidInputException("field '" + path + "': " + shown + " does not fit " + type);
    }

    /** Null, or the text a template gives for it. */
    static boolean isNull(Object value) {
        return value == null || "null".equals(value);
    }

    static String text(Object value) {
        return value instanceof BigDecimal decimal ? decimal.toPlainString() : String.valueOf(value);
    }

    /** Any value as text: a number or boolean fits a string field too, null does not. */
    static String toText(String path, Object value, String type) {
        if (value == null) {
            throw misfit(path, null, type);
        }
        return text(value);
    }

    static int toInt(String path, Object value, String type) {
        long n = toLong(path, value, type);
        if (n != (int) n) {
            throw misfit(path, value, type);
        }
        return (int) n;
    }

    static long toLong(String path, Object value, String type) {
        if (value instanceof Long || value instanceof Integer) {
            return ((Number) value).longValue();
        }
        if (value instanceof String text) {
            String trimmed = text.trim();
            try {
                return Long.parseLong(trimmed);
            } catch (NumberFormatException notPlain) {
                // "1e3" or "42.0" are whole numbers too
            }
        }
        try {
            return toDecimal(path, value, type).longValueExact();
        } catch (ArithmeticException e) {
            throw misfit(path, value, type);
        }
    }

    static double toDouble(String path, Object value, String type) {
        if (value instanceof Number number) {
            return number.doubleValue();
        }
        if (value instanceof String text) {
            try {
                return Double.parseDouble(text.trim());
            } catch (NumberFormatException e) {
                throw misfit(path, value, type);
            }
        }
        throw misfit(path, value, type);
    }

    static BigDecimal toDecimal(String path, Object value, String type) {
        try {
            if (value instanceof BigDecimal decimal) {
                return decimal;
            }
            if (value instanceof Long || value instanceof Integer) {
                return BigDecimal.valueOf(((Number) value).longValue());
            }
            if (value instanceof Double || value instanceof Float) {
                return BigDecimal.valueOf(((Number) value).doubleValue());
            }
            if (value instanceof String text) {
                return new BigDecimal(text.trim());
            }
        } catch (NumberFormatException e) {
            // a non-finite double or text that is no number
        }
        throw misfit(path, value, type);
    }

    static boolean toBoolean(String path, Object value) {
        if (value instanceof Boolean bool) {
            return bool;
        }
        if (value instanceof String text) {
            if ("true".equalsIgnoreCase(text.trim())) {
                return true;
            }
            if ("false".equalsIgnoreCase(text.trim())) {
                return false;
            }
        }
        throw misfit(path, value, "boolean");
    }
}
