package io.github.jmeterkafka.input;

/**
 * The plugin cannot run in this JMeter at all (another kafka-clients was loaded first): the sample that meets it
 * fails with the reason, code 400, and stops the test, so the run leaves a failed sample for every CI gate to see.
 */
public class RunRefusedException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    public RunRefusedException(String message) {
        super(message);
    }
}
