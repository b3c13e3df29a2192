package io.github.jmeterkafka.harness;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * How the harness runs a server from a Kafka home (the broker, its storage tool, ZooKeeper): its
 * own JVM on {@code <home>/lib/*} under {@link ParentWatchdog}, logging through log4j2 to standard
 * output, which is appended to a log file in the work directory.
 */
final class KafkaHomeJvm {

    private final Path lib;
    private final Path workDir;
    private final Path log4jConfig;
    private final Path watchdogDir;
    private final List<String> on;

    /** {@code on}: what runs the JVM on a test host ({@link NetworkHosts#on}), or nothing. */
    KafkaHomeJvm(Path kafkaHome, Path workDir, List<String> on) {
        this.on = List.copyOf(on);
        this.lib = kafkaHome.toAbsolutePath().resolve("lib");
        this.workDir = workDir.toAbsolutePath();
        this.log4jConfig = this.workDir.resolve("log4j2.properties");
        this.watchdogDir = this.workDir.resolve("watchdog");
    }

    /** Starts {@code mainAndArgs} in a new JVM; it exits by itself if this JVM dies. */
    Process start(List<String> jvmArgs, List<String> mainAndArgs, Path logFile) throws IOException {
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException(
                    "No Kafka class path at " + lib + "; run mvn package (it fills kafka.home) or set -Dkafka.home");
        }
        prepare();
        List<String> cmd = new ArrayList<>(on);
        cmd.add(Harness.javaExecutable().toString());
        cmd.addAll(jvmArgs);
        cmd.add("-Djava.awt.headless=true");
        cmd.add("-Dlog4j2.configurationFile=" + log4jConfig.toUri());
        cmd.add("-Dkafka.logs.dir=" + workDir);
        cmd.add("-cp");
        cmd.add(watchdogDir + File.pathSeparator + lib + File.separator + "*");
        cmd.add(ParentWatchdog.class.getName());
        cmd.addAll(mainAndArgs);
        return Processes.track(new ProcessBuilder(cmd)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                .start());
    }

    private void prepare() throws IOException {
        Files.writeString(
                log4jConfig,
                String.join(
                        "\n",
                        "status = warn",
                        "appender.console.type = Console",
                        "appender.console.name = STDOUT",
                        "appender.console.layout.type = PatternLayout",
                        "appender.console.layout.pattern = [%d] %p %m (%c)%n",
                        "rootLogger.level = INFO",
                        "rootLogger.appenderRef.stdout.ref = STDOUT",
                        // request logs and state changes are noise at INFO for a test broker
                        "logger.request.name = kafka.request.logger",
                        "logger.request.level = WARN",
                        "logger.statechange.name = state.change.logger",
                        "logger.statechange.level = WARN",
                        ""));
        Path watchdogClass = watchdogDir.resolve(ParentWatchdog.class.getName().replace('.', '/') + ".class");
        if (!Files.exists(watchdogClass)) {
            Files.createDirectories(watchdogClass.getParent());
            try (InputStream in = ParentWatchdog.class.getResourceAsStream("ParentWatchdog.class")) {
                if (in == null) {
                    throw new IOException("ParentWatchdog.class not found on the class path");
                }
                Files.copy(in, watchdogClass, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
