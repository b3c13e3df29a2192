package io.github.jmeterkafka.sampler.admin;

import java.util.IdentityHashMap;
import java.util.List;

/** The values an operation's inputs read, each under its input. */
final class InputValues {
    private final IdentityHashMap<AdminInput<?>, Object> values = new IdentityHashMap<>();

    private InputValues() {}

    /** Reads and checks each input in turn: the first bad field throws InvalidInputException. */
    static InputValues read(List<AdminInput<?>> inputs, AdminFields s) {
        InputValues out = new InputValues();
        for (AdminInput<?> input : inputs) {
            out.values.put(input, input.read().apply(s));
        }
        return out;
    }

    <T> T get(AdminInput<T> input) {
        // a call may use only what its operation declares, so the sampler data shows all it reads
        if (!values.containsKey(input)) {
            throw new IllegalStateException(input.label() + " is not one of the operation's inputs");
        }
        @SuppressWarnings("unchecked") // read() put it there from this very input
        T value = (T) values.get(input);
        return value;
    }
}
