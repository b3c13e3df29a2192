package io.github.jmeterkafka.client;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The checks of what an admin operation is asked about, before anything is asked: names, a group, counts. */
final class AdminNames {

    private AdminNames() {}

    /** The topic names, trimmed, each once, in the order given; none or an empty one is an InvalidInputException. */
    static List<String> topics(Collection<String> topics) {
        Set<String> names = new LinkedHashSet<>();
        for (String t : topics) {
            String name = t == null ? "" : t.trim();
            if (name.isEmpty()) {
                throw new InvalidInputException("a topic name is empty");
            }
            names.add(name);
        }
        if (names.isEmpty()) {
            throw new InvalidInputException("no topic given");
        }
        return new ArrayList<>(names);
    }

    static void requireGroup(String groupId) {
        if (groupId == null || groupId.isBlank()) {
            throw new InvalidInputException("group id is empty");
        }
    }

    static void atLeastOne(String what, int n) {
        if (n < 1) {
            throw new InvalidInputException(what + " must be at least 1, not " + n);
        }
    }
}
