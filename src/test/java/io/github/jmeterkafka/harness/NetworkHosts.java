package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Hosts of a test on this machine: one network namespace per host, each with an address of its own on one bridge
 * (its veth pair), the test's own namespace on that bridge too, so the test reaches every host and they reach each
 * other as separate machines would, never over 127.0.0.1. Made with {@code ip} (iproute2, as root); removed on
 * close.
 */
public final class NetworkHosts implements AutoCloseable {
    private final String id;
    private final String subnet;
    private final Map<String, String> addresses = new LinkedHashMap<>();

    private NetworkHosts(String id, String subnet) {
        this.id = id;
        this.subnet = subnet;
    }

    /** One host per name, addresses {@code 10.77.N.1}, {@code .2}, ... in that order; this JVM's is {@code .254}. */
    public static NetworkHosts create(String... names) {
        long pid = ProcessHandle.current().pid();
        NetworkHosts hosts = new NetworkHosts("jk" + (pid % 100_000), "10.77." + (pid % 250));
        try {
            hosts.ip("link", "add", hosts.bridge(), "type", "bridge");
            hosts.ip("addr", "add", hosts.gateway() + "/24", "dev", hosts.bridge());
            hosts.ip("link", "set", hosts.bridge(), "up");
            for (String name : names) {
                hosts.add(name);
            }
            return hosts;
        } catch (RuntimeException e) {
            hosts.close();
            throw e;
        }
    }

    private void add(String name) {
        int n = addresses.size() + 1;
        String ns = id + "-" + name;
        String veth = id + "v" + n;
        String address = subnet + "." + n;
        ip("netns", "add", ns);
        addresses.put(name, address);
        ip("link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
        ip("link", "set", veth, "master", bridge(), "up");
        ip("-n", ns, "addr", "add", address + "/24", "dev", "eth0");
        ip("-n", ns, "link", "set", "eth0", "up");
        ip("-n", ns, "link", "set", "lo", "up");
    }

    /** The address of host {@code name}. */
    public String address(String name) {
        String a = addresses.get(name);
        if (a == null) {
            throw new IllegalArgumentException("No host " + name + "; have " + addresses.keySet());
        }
        return a;
    }

    /** This JVM's address on the hosts' network. */
    public String gateway() {
        return subnet + ".254";
    }

    /** What runs a command on host {@code name}: put before the command. */
    public List<String> on(String name) {
        address(name);
        return List.of("ip", "netns", "exec", id + "-" + name);
    }

    private String bridge() {
        return id + "br";
    }

    @Override
    public void close() {
        for (String name : addresses.keySet()) {
            ipQuietly("netns", "del", id + "-" + name);
        }
        ipQuietly("link", "del", bridge());
    }

    private void ip(String... args) {
        String out = run(args);
        if (out != null) {
            throw new IllegalStateException("ip " + String.join(" ", args) + " failed: " + out);
        }
    }

    private void ipQuietly(String... args) {
        run(args);
    }

    /** Null when {@code ip} succeeded, else its output. */
    private static String run(String... args) {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "timed out";
            }
            return p.exitValue() == 0 ? null : out.isBlank() ? "exit " + p.exitValue() : out.trim();
        } catch (IOException e) {
            return e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
