package io.github.jmeterkafka.measure;

/** A limit and when it was first hit, in whole seconds from its window's start. */
public record LimitHit(LimitKind kind, String what, long atSecond) {
    /** The first_limit cell: "generator: its 2 cores were 97 % busy (this JVM 58 %), 4 s in". */
    public String cell() {
        return kind.tag() + ": " + what + ", " + atSecond + " s in";
    }
}
