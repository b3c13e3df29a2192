package io.github.jmeterkafka.measure;

import java.util.Locale;

/**
 * What can limit a run. A tie (two limits first seen in the same second) goes to the earlier constant: a load
 * generator short of CPU slows everything after it, so it is named before what it causes.
 */
public enum LimitKind {
    GENERATOR("the load generator"),
    QUOTA("a quota"),
    REPLICATION("replication"),
    BROKER("a broker"),
    CLIENT("the client");

    /** How a summary names it: "the load generator". */
    public final String words;

    LimitKind(String words) {
        this.words = words;
    }

    /** How a first_limit cell starts: "generator". */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The kind a first_limit cell ("generator: its cores ...") names; null for "none seen" or an empty cell. */
    public static LimitKind of(String cell) {
        if (cell == null) {
            return null;
        }
        String head = cell.trim();
        int colon = head.indexOf(':');
        head = colon < 0 ? head : head.substring(0, colon);
        for (LimitKind k : values()) {
            if (k.tag().equals(head)) {
                return k;
            }
        }
        return null;
    }
}
