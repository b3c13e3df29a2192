package io.github.jmeterkafka.harness;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A JMeter JVM started from an assembled home as bin/ApacheJMeter.jar starts it ({@code NewDriver}),
 * but under the harness's {@link ParentWatchdog} so that it exits when the test JVM goes away.
 * NewDriver takes its home from {@code -Djmeter.home} when the class path has two entries.
 */
public final class JMeterJvm {

    private JMeterJvm() {}

    /** {@code java <jvmArgs> ... NewDriver <jmeterArgs>} on this JVM's java, run in {@code dir}, output to dir/stdout.txt. */
    public static Process start(
            Path home, Path dir, List<String> jvmArgs, List<String> jmeterArgs, Map<String, String> env)
            throws IOException {
        return start(Harness.javaExecutable(), home, dir, jvmArgs, jmeterArgs, env);
    }

    /** The same on another {@code java} executable. */
    public static Process start(
            Path java, Path home, Path dir, List<String> jvmArgs, List<String> jmeterArgs, Map<String, String> env)
            throws IOException {
        return start(List.of(), java, home, dir, jvmArgs, jmeterArgs, env);
    }

    /** The same on a test host: {@code on} runs the command there ({@link NetworkHosts#on}). */
    public static Process start(
            List<String> on,
            Path java,
            Path home,
            Path dir,
            List<String> jvmArgs,
            List<String> jmeterArgs,
            Map<String, String> env)
            throws IOException {
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>(on);
        cmd.add(java.toString());
        cmd.addAll(jvmArgs);
        cmd.add("-Djmeter.home=" + home);
        cmd.add("-Duser.language=en");
        cmd.add("-Duser.region=EN");
        // JMeter keeps recent files in Java preferences: keep them out of the user's home
        cmd.add("-Djava.util.prefs.userRoot=" + dir.resolve("prefs"));
        cmd.add("-cp");
        cmd.add(watchdogDir(dir) + File.pathSeparator + home.resolve("bin").resolve("ApacheJMeter.jar"));
        cmd.add(ParentWatchdog.class.getName());
        cmd.add("org.apache.jmeter.NewDriver");
        cmd.addAll(jmeterArgs);
        Files.write(dir.resolve("command.txt"), cmd);
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.txt").toFile());
        pb.environment().putAll(env);
        return Processes.start(pb);
    }

    private static Path watchdogDir(Path dir) throws IOException {
        Path root = dir.resolve("watchdog");
        Path file = root.resolve(ParentWatchdog.class.getName().replace('.', '/') + ".class");
        Files.createDirectories(file.getParent());
        try (InputStream in = ParentWatchdog.class.getResourceAsStream("ParentWatchdog.class")) {
            if (in == null) {
                throw new IOException("ParentWatchdog.class not on the class path");
            }
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return root;
    }
}
