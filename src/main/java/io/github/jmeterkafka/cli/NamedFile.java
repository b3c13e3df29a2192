package io.github.jmeterkafka.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** A file named on the command line, checked before any work starts. */
final class NamedFile {
    private NamedFile() {}

    /** The file, made absolute (relative to where the command was started); a missing one is a wrong command line. */
    static Path readable(CommandSpec spec, Path file) {
        Path f = file.toAbsolutePath().normalize();
        if (!Files.isRegularFile(f)) {
            throw new ParameterException(
                    spec.commandLine(),
                    "no file " + file
                            + (file.isAbsolute() ? "" : " (in " + Path.of("").toAbsolutePath() + ")"));
        }
        if (!Files.isReadable(f)) {
            throw new ParameterException(spec.commandLine(), "cannot read " + f);
        }
        return f;
    }
}
