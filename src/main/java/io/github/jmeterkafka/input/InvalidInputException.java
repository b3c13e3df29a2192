package io.github.jmeterkafka.input;

/** A sampler field or setting is invalid; the sample fails with code 400 and this message. */
public class InvalidInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public InvalidInputException(String message) {
        super(message);
    }
}
