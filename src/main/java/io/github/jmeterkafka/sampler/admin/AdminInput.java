package io.github.jmeterkafka.sampler.admin;

import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The Admin's topic names and configs table, as its operations read them. */
final class AdminInput {
    private AdminInput() {}

    /** The topics field's comma-separated names, each once; blank entries (a trailing comma) are skipped. */
    static List<String> topicList(AdminFields s, boolean required) {
        Set<String> names = new LinkedHashSet<>();
        for (String t : s.getTopics().split(",", -1)) {
            if (!t.isBlank()) {
                names.add(t.trim());
            }
        }
        if (required && names.isEmpty()) {
            throw new InvalidInputException("topics is empty");
        }
        return new ArrayList<>(names);
    }

    /** The configs table as names and values. */
    static Map<String, String> configMap(AdminFields s) {
        return KeyValue.toMap(s.getTopicConfigs(), "configs");
    }
}
