package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** What every test server started on this machine needs: a free loopback port, and its files removed after. */
public final class Loopback {
    /** The address every test server binds. */
    public static final String HOST = "127.0.0.1";

    private Loopback() {}

    /** A port nothing listens on now, on {@link #HOST}. */
    // an IP literal: there is no host name to resolve
    @SuppressWarnings("AddressSelection")
    public static int freePort() {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(HOST, 0));
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free port on " + HOST, e);
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
