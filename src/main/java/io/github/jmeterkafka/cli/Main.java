package io.github.jmeterkafka.cli;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The plugin jar's command line: {@code java -jar jmeter-kafka.jar sweep|report|echo ...}. Exit codes: 0 done, 1 the
 * work failed (a run, a search with no rate held, an echo that stopped on an error), 2 the command line or a file it
 * names is wrong (one line on stderr, no stack trace).
 */
@Command(
        name = "jmeter-kafka",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        // every command takes --help and --version
        scope = CommandLine.ScopeType.INHERIT,
        synopsisSubcommandLabel = "COMMAND",
        description = "The Kafka plugin for Apache JMeter, run from its jar in JMETER_HOME/lib/ext.",
        subcommands = {SweepCommand.class, ReportCommand.class, io.github.jmeterkafka.echo.EchoOptions.class})
public final class Main implements Runnable {
    @Spec
    CommandSpec spec;

    public static void main(String[] args) throws Exception {
        // kafka-clients logs through JMeter's slf4j, which the jar leaves to JMeter: from lib/ext, take it from lib/
        Optional<URLClassLoader> lib = JMeterLib.present() ? Optional.empty() : JMeterLib.ofThisJarsHome();
        if (lib.isEmpty()) {
            System.exit(execute(System.out, System.err, args));
        }
        try (URLClassLoader loader = lib.get()) {
            System.exit(JMeterLib.execute(loader, args));
        }
    }

    /** Runs the command line; returns its exit code. */
    public static int execute(PrintStream out, PrintStream err, String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true));
        cl.setParameterExceptionHandler(Refusal::handle);
        cl.setExecutionExceptionHandler(Refusal::failed);
        return cl.execute(args);
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a command is missing: sweep, report or echo");
    }
}
