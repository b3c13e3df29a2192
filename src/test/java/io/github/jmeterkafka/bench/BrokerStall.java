package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.Topics;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;

/**
 * Pauses the broker's process with SIGSTOP for a while, at a set time after a run's load starts, and resumes
 * it with SIGCONT: a broker that stops answering (a long GC pause, a frozen VM, a stuck disk), with its
 * connections open. The load starts when the topic's first record is stored, read from its end offsets every
 * {@link #POLL}: the same mark for both load generators, whatever their start-up takes.
 *
 * <p>Threads: {@link #start} starts one daemon thread that polls the end offsets with the caller's Admin client
 * (not while the broker is stopped) and sends the signals; {@link #close} interrupts it, waits for it, and it
 * always sends SIGCONT once it sent SIGSTOP.
 */
final class BrokerStall implements AutoCloseable {
    static final Duration POLL = Duration.ofMillis(20);

    private final long pid;
    private final Admin admin;
    private final String topic;
    private final Duration at;
    private final Duration length;
    private final Thread thread;
    // written by the stall thread, read after join
    private volatile Result result;
    private volatile String failure;

    /** What happened: when the stall began after the load started, how long the broker was stopped. */
    record Result(double startedAfterLoadS, double pausedMs, char stateWhileStopped) {
        /** The broker was seen stopped ('T' in /proc) for at least {@code length}. */
        boolean happened(Duration length) {
            return stateWhileStopped == 'T' && pausedMs >= length.toMillis();
        }

        String format() {
            return String.format(
                    Locale.ROOT,
                    "broker stopped %.2f s after the first record was stored, for %.0f ms (state %c)",
                    startedAfterLoadS,
                    pausedMs,
                    stateWhileStopped);
        }
    }

    BrokerStall(long pid, Admin admin, String topic, Duration at, Duration length) {
        this.pid = pid;
        this.admin = admin;
        this.topic = topic;
        this.at = at;
        this.length = length;
        this.thread = new Thread(this::stall, "broker-stall");
        thread.setDaemon(true);
    }

    BrokerStall start() {
        thread.start();
        return this;
    }

    /** What happened, once the load generator has ended; null with the reason in {@link #failure} if no stall. */
    Result result() {
        return result;
    }

    String failure() {
        return failure;
    }

    /** Cancels a stall that has not begun; one that has is seen through (SIGCONT sent) before this returns. */
    @Override
    public void close() {
        thread.interrupt();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void stall() {
        try {
            long loadStart = awaitFirstRecord();
            long stopAt = loadStart + at.toNanos();
            sleepUntil(stopAt);
            long t0 = System.nanoTime();
            signal("STOP");
            char state = '?';
            long resumed;
            try {
                state = state();
                sleepUntil(System.nanoTime() + length.toNanos());
            } catch (InterruptedException e) {
                // cancelled while stopped: resume now; the short pause shows in the result
                Thread.currentThread().interrupt();
            } finally {
                // whatever happens here, the broker must not stay stopped
                signal("CONT");
                resumed = System.nanoTime();
            }
            result = new Result((t0 - loadStart) / 1e9, (resumed - t0) / 1e6, state);
        } catch (InterruptedException e) {
            failure = "the run ended before the stall (no record stored " + at.toSeconds() + " s before its end)";
        } catch (RuntimeException | IOException e) {
            failure = e.toString();
        }
    }

    private long awaitFirstRecord() throws InterruptedException {
        while (true) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            if (stored() > 0) {
                return System.nanoTime();
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    private long stored() {
        try {
            return Topics.endOffsets(admin, topic);
        } catch (IllegalStateException e) {
            return 0; // not there yet
        }
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long left;
        while ((left = nanos - System.nanoTime()) > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }

    private void signal(String name) throws IOException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                .redirectErrorStream(true)
                .start();
        try {
            // the signal is sent once kill runs; waiting for it must not be cut short by a cancelled run
            boolean interrupted = Thread.interrupted();
            boolean done = kill.waitFor(10, TimeUnit.SECONDS);
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            if (!done || kill.exitValue() != 0) {
                throw new IOException("kill -" + name + " " + pid + " failed: "
                        + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while sending SIG" + name, e);
        }
    }

    /** The process state from /proc/&lt;pid&gt;/stat: 'T' when stopped. */
    private char state() {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
            return stateOf(stat);
        } catch (IOException e) {
            return '?';
        }
    }

    /** The state field of a /proc/&lt;pid&gt;/stat line; the command name before it may hold spaces and ')'. */
    static char stateOf(String stat) {
        int close = stat.lastIndexOf(')');
        return close < 0 || close + 2 >= stat.length() ? '?' : stat.charAt(close + 2);
    }
}
