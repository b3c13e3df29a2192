package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A {@code jmeter-server} (JMeter's {@code -s}) as the bin/jmeter-server script starts it: on 127.0.0.1 with RMI
 * SSL off, or on a test host of its own with RMI over SSL, in a working directory of its own with its log in {@code jmeter-server.log}.
 */
public final class JMeterServer implements AutoCloseable {

    private static final String PORT_TAKEN = "Port already in use";
    private static final int START_ATTEMPTS = 3;

    private final Path home;
    private final Path dir;
    private final Map<String, String> localProperties;
    private final Placement placement;
    private final int registryPort;
    private final Process process;

    /** Where a server runs: its address, what runs it on a test host, and its RMI keystore (null: SSL off). */
    private record Placement(String host, List<String> on, Path keystore) {
        List<String> rmiSsl() {
            return keystore == null
                    ? List.of("-Jserver.rmi.ssl.disable=true")
                    : List.of(
                            "-Jserver.rmi.ssl.keystore.file=" + keystore,
                            "-Jserver.rmi.ssl.truststore.file=" + keystore);
        }
    }

    private JMeterServer(
            Path home,
            Path dir,
            Map<String, String> localProperties,
            Placement placement,
            int registryPort,
            Process process) {
        this.home = home;
        this.dir = dir;
        this.localProperties = localProperties;
        this.placement = placement;
        this.registryPort = registryPort;
        this.process = process;
    }

    /** Starts a server whose own JMeter properties include {@code localProperties} (its {@code -q} file). */
    public static JMeterServer start(Path home, Path dir, Map<String, String> localProperties) {
        return start(home, dir, localProperties, new Placement(Loopback.HOST, List.of(), null));
    }

    /**
     * Starts a server on test host {@code name}, its RMI over SSL as JMeter ships it with {@code keystore} (made by
     * {@link #createRmiKeystore}).
     */
    public static JMeterServer startOnHost(
            Path home, Path dir, Map<String, String> localProperties, NetworkHosts hosts, String name, Path keystore) {
        return start(home, dir, localProperties, new Placement(hosts.address(name), hosts.on(name), keystore));
    }

    private static JMeterServer start(Path home, Path dir, Map<String, String> localProperties, Placement placement) {
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
            List<String> args = new ArrayList<>(List.of(
                    "-s",
                    "-j",
                    dir.resolve("jmeter-server.log").toString(),
                    "-q",
                    props.toString(),
                    "-Jserver_port=" + registryPort,
                    "-Jserver.rmi.localport=" + objectPort));
            args.addAll(placement.rmiSsl());
            Process p = JMeterJvm.start(
                    placement.on(),
                    Harness.javaExecutable(),
                    home,
                    dir,
                    List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC", "-Djava.rmi.server.hostname=" + placement.host()),
                    args,
                    Map.of());
            return new JMeterServer(home, dir, localProperties, placement, registryPort, p);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start jmeter-server in " + dir, e);
        }
    }

    /**
     * An RMI keystore as JMeter's bin/create-rmi-keystore.sh makes one (key alias {@code rmi}, password
     * {@code changeit}, JMeter's defaults), for servers and their controller alike.
     */
    public static Path createRmiKeystore(Path file) {
        Path keytool = Harness.javaExecutable().resolveSibling("keytool");
        try {
            Files.createDirectories(file.getParent());
            Files.deleteIfExists(file);
            Process p = new ProcessBuilder(
                            keytool.toString(),
                            "-genkeypair",
                            "-alias",
                            "rmi",
                            "-keyalg",
                            "RSA",
                            "-keysize",
                            "2048",
                            "-validity",
                            "7",
                            "-storetype",
                            "JKS",
                            "-keystore",
                            file.toString(),
                            "-storepass",
                            "changeit",
                            "-keypass",
                            "changeit",
                            "-dname",
                            "CN=jmeter-kafka test, OU=test")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IllegalStateException("keytool failed: " + out);
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while making " + file, e);
        }
    }

    /** The JMeter properties a controller needs to call this server (its RMI SSL settings). */
    public List<String> controllerProperties() {
        return placement.rmiSsl();
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
                s = start(s.home, s.dir, s.localProperties, s.placement);
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

    /** {@code address:port}, as the controller's -R option names it and as it prefixes thread names. */
    public String hostAndPort() {
        return placement.host() + ":" + registryPort;
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
