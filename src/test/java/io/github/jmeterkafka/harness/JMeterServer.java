package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A {@code jmeter-server} (JMeter's {@code -s}) on 127.0.0.1 with RMI SSL off, as the bin/jmeter-server
 * script starts it, in a working directory of its own with its log in {@code jmeter-server.log}.
 */
public final class JMeterServer implements AutoCloseable {

    private static final String PORT_TAKEN = "Port already in use";
    private static final int START_ATTEMPTS = 3;

    private final Path home;
    private final Path dir;
    private final Map<String, String> localProperties;
    private final int registryPort;
    private final Process process;

    private JMeterServer(Path home, Path dir, Map<String, String> localProperties, int registryPort, Process process) {
        this.home = home;
        this.dir = dir;
        this.localProperties = localProperties;
        this.registryPort = registryPort;
        this.process = process;
    }

    /** Starts a server whose own JMeter properties include {@code localProperties} (its {@code -q} file). */
    public static JMeterServer start(Path home, Path dir, Map<String, String> localProperties) {
        int registryPort = Loopback.freePort();
        int objectPort = Loopback.freePort();
        try {
            Files.createDirectories(dir);
            Path props = dir.resolve("server.properties");
            Files.write(
                    props,
                    localProperties.entrySet().stream()
                            .map(e -> e.getKey() + "=" + e.getValue())
                            .collect(Collectors.toList()),
                    StandardCharsets.ISO_8859_1);
            Process p = JMeterJvm.start(
                    home,
                    dir,
                    List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC", "-Djava.rmi.server.hostname=127.0.0.1"),
                    List.of(
                            "-s",
                            "-j",
                            dir.resolve("jmeter-server.log").toString(),
                            "-q",
                            props.toString(),
                            "-Jserver.rmi.ssl.disable=true",
                            "-Jserver_port=" + registryPort,
                            "-Jserver.rmi.localport=" + objectPort),
                    Map.of());
            return new JMeterServer(home, dir, localProperties, registryPort, p);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start jmeter-server in " + dir, e);
        }
    }

    /**
     * {@link #awaitReady}; a port that was free when asked may be taken before the server binds it (another
     * process's outgoing connection): then the server is started again on other ports, at most twice.
     *
     * @return the server that is ready, this one or its replacement
     */
    public JMeterServer awaitReadyOrRestart(Duration timeout) throws InterruptedException {
        JMeterServer s = this;
        for (int attempt = 1; ; attempt++) {
            try {
                return s.awaitReady(timeout);
            } catch (IllegalStateException e) {
                if (attempt >= START_ATTEMPTS || !String.valueOf(e.getMessage()).contains(PORT_TAKEN)) {
                    throw e;
                }
                s.stop();
                s = start(s.home, s.dir, s.localProperties);
            }
        }
    }

    /** Waits until the engine is bound in the server's RMI registry, so a controller can reach it. */
    public JMeterServer awaitReady(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("jmeter-server in " + dir + " exited with " + process.exitValue() + "\n"
                        + Processes.tail(dir.resolve("stdout.txt"), 20) + "\n" + Processes.tail(log(), 20));
            }
            if (log().toFile().isFile() && logText().contains("Bound to RMI registry on port " + registryPort)) {
                return this;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("jmeter-server in " + dir + " not bound after " + timeout.toSeconds() + " s\n"
                + Processes.tail(log(), 20));
    }

    /** {@code 127.0.0.1:port}, as the controller's -R option names it and as it prefixes thread names. */
    public String hostAndPort() {
        return "127.0.0.1:" + registryPort;
    }

    public long pid() {
        return process.pid();
    }

    public Path workDir() {
        return dir;
    }

    public Path log() {
        return dir.resolve("jmeter-server.log");
    }

    public Path stdout() {
        return dir.resolve("stdout.txt");
    }

    public String logText() {
        return read(log());
    }

    public String stdoutText() {
        return read(stdout());
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Stops the server (it exits when its standard input closes); killed with its children after 15 s. */
    public boolean stop() {
        return Processes.stopByClosingInput(process, Duration.ofSeconds(15));
    }

    @Override
    public void close() {
        stop();
    }

    private static String read(Path file) {
        try {
            // bytes, not readString: a line being written may end in half a character
            return Files.isRegularFile(file) ? new String(Files.readAllBytes(file), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
