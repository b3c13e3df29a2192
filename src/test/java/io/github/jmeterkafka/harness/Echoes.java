package io.github.jmeterkafka.harness;

import io.github.jmeterkafka.echo.EchoOptions;
import io.github.jmeterkafka.echo.EchoService;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/** Echo services as the tests and the bench start them: on {@code <name>-requests}, replying to {@code <name>-replies}. */
public final class Echoes {
    private Echoes() {}

    /**
     * Starts an echo printing to {@code out}; returns once it reads.
     *
     * @param partitions the topics are made with this many partitions if missing; 0: they must exist
     * @param more       further echo options, e.g. {@code --drop 0.01}
     */
    public static EchoService start(
            String bootstrapServers, String name, int partitions, PrintStream out, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap-server", bootstrapServers,
                "--request-topic", name + "-requests",
                "--reply-topic", name + "-replies"));
        if (partitions > 0) {
            args.addAll(List.of("--partitions", Integer.toString(partitions)));
        }
        args.addAll(List.of(more));
        return EchoService.start(EchoOptions.parse(args.toArray(String[]::new)), out, out);
    }
}
