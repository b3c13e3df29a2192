package io.github.jmeterkafka.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * What a wrong command line gets: one line saying what is wrong (with the closest known option for a typo), one line
 * saying where the help is, exit code 2; and what a failure while working gets: one line, exit code 1.
 */
final class Refusal {
    private Refusal() {}

    static int handle(ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        PrintWriter err = cl.getErr();
        String what = e.getMessage();
        // a typo in a required option leaves it missing too: the typo is what to say
        List<String> unmatched =
                e instanceof UnmatchedArgumentException u ? u.getUnmatched() : cl.getUnmatchedArguments();
        if (!unmatched.isEmpty()) {
            // the first word not understood: after an unknown option, its value is not understood either
            String first = unmatched.stream()
                    .filter(a -> a.startsWith("-"))
                    .findFirst()
                    .orElse(unmatched.get(0));
            what = (first.startsWith("-") ? "Unknown option: '" : "Unknown argument: '") + first + "'";
            List<String> close = new UnmatchedArgumentException(cl, unmatched).getSuggestions();
            if (!close.isEmpty()) {
                what += "; did you mean " + close.get(0) + "?";
            }
        }
        err.println(name(cl) + ": " + what);
        err.println("See '" + usage(cl) + " --help'.");
        return cl.getCommandSpec().exitCodeOnInvalidInput();
    }

    static int failed(Exception e, CommandLine cl, ParseResult parsed) {
        cl.getErr().println(name(cl) + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
        return 1;
    }

    private static String name(CommandLine cl) {
        return cl.getCommandSpec().qualifiedName();
    }

    private static String usage(CommandLine cl) {
        String name = cl.getCommandSpec().qualifiedName();
        return "java -jar jmeter-kafka.jar" + name.substring(name.indexOf(' ') < 0 ? name.length() : name.indexOf(' '));
    }
}
