package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/** What every test server started on this machine needs: a free loopback port, and its files removed after. */
public final class Loopback {
    /** The address every test server binds. */
    public static final String HOST = "127.0.0.1";

    private Loopback() {}

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int LOWEST = 10_000;
    private static final Set<Integer> GIVEN = ConcurrentHashMap.newKeySet();

    /**
     * A port nothing listens on now, on {@link #HOST}, below the kernel's range for outgoing connections: a port from
     * that range can be taken before its server binds it, by any connection or by a peer's reconnect to it connecting
     * to itself (seen once in a cluster restart). Never the same port twice in one JVM.
     */
    public static int freePort() {
        int below = ephemeralLow();
        for (int tries = 0; tries < 1000; tries++) {
            int port = LOWEST + ThreadLocalRandom.current().nextInt(below - LOWEST);
            if (!GIVEN.contains(port) && bindable(port) && GIVEN.add(port)) {
                return port;
            }
        }
        throw new IllegalStateException("No free port on " + HOST + " between " + LOWEST + " and " + below);
    }

    private static int ephemeralLow() {
        try {
            int low = Integer.parseInt(Files.readString(EPHEMERAL_RANGE).trim().split("\\s+", 2)[0]);
            return Math.max(low, LOWEST + 1000);
        } catch (IOException | RuntimeException e) {
            return 32_768; // Linux's default
        }
    }

    // an IP literal: there is no host name to resolve
    @SuppressWarnings("AddressSelection")
    private static boolean bindable(int port) {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(HOST, port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Deletes {@code dir} and everything under it; nothing when it does not exist. */
    public static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete " + dir, e);
        }
    }
}
