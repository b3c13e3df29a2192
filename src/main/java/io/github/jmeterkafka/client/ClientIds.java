package io.github.jmeterkafka.client;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Client ids unique per host, process and client: {@code <prefix>-<host>-<pid>-<role>-<n>}, so ids
 * never collide across JMeter threads, nor across JMeter servers sharing a cluster or a host.
 */
public final class ClientIds {
    private static final Map<String, ClientIds> SHARED = new ConcurrentHashMap<>();

    private final String base;
    private final AtomicInteger next = new AtomicInteger();

    public ClientIds(String prefix, String host) {
        this.base = prefix + "-" + host + "-" + ProcessHandle.current().pid() + "-";
    }

    /**
     * The ids of every connection with this prefix in this JVM: two connections with the default
     * prefix, or two runs in one GUI, never hand out the same client.id or transactional.id.
     */
    public static ClientIds shared(String prefix, String host) {
        return SHARED.computeIfAbsent(prefix + '\n' + host, k -> new ClientIds(prefix, host));
    }

    public String next(String role) {
        return base + role + "-" + next.incrementAndGet();
    }
}
