package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A standalone ZooKeeper for a {@link KafkaBroker} in ZooKeeper mode, in its own JVM, run from the
 * ZooKeeper jars of the same Kafka home ({@code ZooKeeperServerMain}). Listens on 127.0.0.1 on a
 * free port; no admin web server. Its output goes to {@link #logFile()}. Stopped, and its data
 * deleted, by {@link #close()}; stopped by a JVM shutdown hook, or by noticing its standard input
 * close if this JVM is killed.
 *
 * <pre>
 * try (ZooKeeperServer zk = ZooKeeperServer.start(kafkaHome, workDir);
 *         KafkaBroker broker = KafkaBroker.builder().kafkaHome(kafkaHome).zookeeper(zk).start()) {
 * }
 * </pre>
 */
public final class ZooKeeperServer implements AutoCloseable {
    private static final String HOST = "127.0.0.1";
    private static final Duration START_TIMEOUT = Duration.ofMinutes(1);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);

    private final Path workDir;
    private final Path dataDir;
    private final Path logFile;
    private final int port;
    private Process process;

    private ZooKeeperServer(Path workDir) {
        this.workDir = workDir.toAbsolutePath();
        this.dataDir = this.workDir.resolve("data");
        this.logFile = this.workDir.resolve("zookeeper.log");
        this.port = Loopback.freePort();
    }

    /**
     * Starts ZooKeeper from {@code kafkaHome}/lib with {@code workDir} for its config, data and log,
     * and waits until it answers {@code srvr} as a standalone server.
     *
     * @throws IllegalStateException with the tail of its log if it does not come up in time
     */
    public static ZooKeeperServer start(Path kafkaHome, Path workDir) {
        ZooKeeperServer zk = new ZooKeeperServer(workDir);
        zk.launch(new KafkaHomeJvm(kafkaHome, zk.workDir, List.of()));
        return zk;
    }

    /** {@code 127.0.0.1:port}, the broker's {@code zookeeper.connect}. */
    public String connectString() {
        return HOST + ":" + port;
    }

    public Path logFile() {
        return logFile;
    }

    /** Stops ZooKeeper and deletes its data; the log stays for post-mortems. */
    @Override
    public synchronized void close() {
        if (process != null) {
            Processes.stop(process, STOP_TIMEOUT);
            process = null;
        }
        Loopback.deleteRecursively(dataDir);
    }

    @Override
    public String toString() {
        return "ZooKeeperServer[" + connectString() + ", " + workDir + "]";
    }

    private synchronized void launch(KafkaHomeJvm jvm) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        Path config = workDir.resolve("zoo.cfg");
        try {
            Files.createDirectories(dataDir);
            // keys ZooKeeper does not know become zookeeper.* system properties: no admin server
            // on port 8080, and srvr, the one four-letter word the readiness check needs
            Files.writeString(
                    config,
                    String.join(
                            "\n",
                            "tickTime=2000",
                            "dataDir=" + dataDir,
                            "clientPort=" + port,
                            "clientPortAddress=" + HOST,
                            "maxClientCnxns=0",
                            "admin.enableServer=false",
                            "4lw.commands.whitelist=srvr",
                            ""));
            process = jvm.start(
                    List.of("-Xmx256m"),
                    List.of("org.apache.zookeeper.server.ZooKeeperServerMain", config.toString()),
                    logFile);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start ZooKeeper in " + workDir, e);
        }
        String lastAnswer = "port " + port + " never opened";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                int exit = process.exitValue();
                process = null;
                throw new IllegalStateException("ZooKeeper exited with " + exit + " while starting; log " + logFile
                        + ":\n" + Processes.tail(logFile, 40));
            }
            lastAnswer = srvr();
            if (lastAnswer.contains("Mode: standalone")) {
                return;
            }
            KafkaBroker.sleep(200);
        }
        Processes.kill(process);
        process = null;
        throw new IllegalStateException("ZooKeeper not ready after " + START_TIMEOUT.toSeconds() + " s (srvr: "
                + lastAnswer + "); log " + logFile + ":\n" + Processes.tail(logFile, 40));
    }

    /** The server's answer to the {@code srvr} four-letter word, or why there is none. */
    // an IP literal: there is no host name to resolve
    @SuppressWarnings("AddressSelection")
    private String srvr() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(HOST, port), 500);
            s.setSoTimeout(2_000);
            OutputStream out = s.getOutputStream();
            out.write("srvr".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            return new String(in.readNBytes(4096), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
