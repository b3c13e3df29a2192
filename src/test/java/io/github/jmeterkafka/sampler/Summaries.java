package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.sampler.base.AbstractKafkaSampler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** The end-of-test summary a sampler prints, as in non-GUI mode. */
final class Summaries {
    private Summaries() {}

    /** Calls testEnded and returns what it printed to stdout (also passed on to stdout). */
    static String of(AbstractKafkaSampler s) {
        String key = "JMeter.NonGui";
        String before = System.getProperty(key);
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setProperty(key, "true");
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            s.testEnded();
        } finally {
            System.setOut(out);
            if (before == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, before);
            }
        }
        String text = captured.toString(StandardCharsets.UTF_8);
        out.print(text);
        return text;
    }
}
