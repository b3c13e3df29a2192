package io.github.jmeterkafka.client;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Client ids unique per host, process and client: {@code <prefix>-<host>-<pid>-<role>-<n>}, so ids
 * never collide across JMeter threads, nor across JMeter servers sharing a cluster or a host.
 */
public final class ClientIds {
    private final String base;
    private final AtomicInteger next = new AtomicInteger();

    public ClientIds(String prefix, String host) {
        this.base = prefix + "-" + host + "-" + ProcessHandle.current().pid() + "-";
    }

    public String next(String role) {
        return base + role + "-" + next.incrementAndGet();
    }
}
