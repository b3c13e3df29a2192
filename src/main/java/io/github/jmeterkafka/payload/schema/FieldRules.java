package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The caller's rules by field path, while a schema is compiled: the compiler asks for the rule of
 * every field it meets, so that afterwards a rule whose path met no field is known, and reported
 * with the nearest path that exists.
 */
final class FieldRules {
    private final Map<String, Function<RecordContext, Object>> rules;
    private final Set<String> paths = new LinkedHashSet<>();

    FieldRules(Map<String, Function<RecordContext, Object>> rules) {
        this.rules = rules == null ? Map.of() : new LinkedHashMap<>(rules);
        this.rules.forEach((path, rule) -> {
            if (rule == null) {
                throw new InvalidInputException("field rule '" + path + "' has no value");
            }
        });
    }

    /** The rule of the field at this path, or null; the path exists. */
    Function<RecordContext, Object> at(String path) {
        paths.add(path);
        return rules.get(path);
    }

    /** Whether a rule names this field or one inside it. */
    boolean within(String path) {
        for (String rulePath : rules.keySet()) {
            if (rulePath.startsWith(path)
                    && (rulePath.length() == path.length() || ".[{".indexOf(rulePath.charAt(path.length())) >= 0)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Once the whole schema is compiled: every rule must have named a field of it.
     *
     * @param schema "schema Order": what the message says the field is missing from
     */
    void checkAllMet(String schema) {
        for (String path : rules.keySet()) {
            if (!paths.contains(path)) {
                String nearest = nearest(path);
                throw new InvalidInputException("field rule '" + path + "': no such field in " + schema
                        + (nearest == null ? "" : " (did you mean '" + nearest + "'?)"));
            }
        }
    }

    private String nearest(String path) {
        String best = null;
        int bestDistance = Math.max(2, path.length() / 4) + 1;
        for (String known : paths) {
            int distance = distance(path, known);
            if (distance < bestDistance) {
                best = known;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** Levenshtein's edit distance. */
    private static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
