package io.github.jmeterkafka.echo;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;

/**
 * A request-reply service to load-test against: reads requests, copies their correlation id and replies to the
 * topic in their reply-topic header, optionally after a delay or dropping a share of them, and counts what it
 * did. Or a service that turns one topic into another (--transform), or an HTTP service whose orders become events
 * (--http). Plain kafka-clients, no JMeter: the jar's {@code echo} command, {@code java -jar
 * JMETER_HOME/lib/ext/jmeter-kafka.jar echo --bootstrap-server host:9092} ({@code --help} for the options).
 *
 * <p>Threads: the consumer lives on the echo's loop thread; replies are sent from it (or from the scheduler when
 * delayed); {@link #close} may come from any thread, a shutdown hook included.
 */
public final class EchoService implements AutoCloseable {
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(10);
    private static final long PROGRESS_SECONDS = 5;

    private final EchoOptions options;
    private final PrintStream out;
    private final EchoTally tally = new EchoTally();
    private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "echo-scheduler");
        t.setDaemon(true);
        return t;
    });
    private final Producer<byte[], byte[]> producer;
    private final Replier replier;
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread loop;
    private volatile Consumer<byte[], byte[]> consumer;
    private volatile HttpFront http;
    private volatile boolean closing;
    private volatile RuntimeException failure;

    private EchoService(EchoOptions options, PrintStream out, PrintStream err) {
        this.options = options;
        this.out = out;
        EchoClients clients = new EchoClients(options);
        this.producer = clients.producer();
        this.replier = new Replier(options, producer, scheduler, tally, err);
        this.loop = new Thread(() -> run(clients), "echo-loop");
    }

    /**
     * The {@code echo} command: serves until its end (Ctrl-C, --duration-s, --idle-exit-s); 0, or 1 when it could not
     * start or stopped on an error.
     */
    static int serve(EchoOptions options) {
        try {
            Class.forName("org.slf4j.LoggerFactory");
        } catch (ClassNotFoundException e) {
            System.err.println(
                    "echo: kafka-clients needs JMeter's lib/ (slf4j): run the jar from JMETER_HOME/lib/ext, or"
                            + " java -cp \"jmeter-kafka.jar:$JMETER_HOME/lib/*\" io.github.jmeterkafka.cli.Main echo ...");
            return 2;
        }
        EchoService echo;
        try {
            echo = start(options);
        } catch (RuntimeException e) {
            System.err.println("echo: cannot start: " + e.getMessage());
            return 1;
        }
        // Ctrl-C: the final counts are printed all the same
        Runtime.getRuntime().addShutdownHook(new Thread(echo::close, "echo-shutdown"));
        echo.awaitEnd();
        echo.close();
        return echo.failure == null ? 0 : 1;
    }

    /** Starts an echo printing to System.out; returns once it reads the request topic. */
    public static EchoService start(EchoOptions options) {
        return start(options, System.out, System.err);
    }

    /**
     * Makes the topics if asked, starts reading and returns once the echo is positioned on the request topic: a
     * request sent after this is answered.
     *
     * @throws KafkaException it could not start (missing topic, cluster not reached within 60 s), closed again
     */
    public static EchoService start(EchoOptions options, PrintStream out, PrintStream err) {
        EchoService echo;
        try {
            new EchoClients(options).prepareTopics();
            echo = new EchoService(options, out, err);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaException("interrupted while preparing the topics", e);
        }
        echo.loop.start();
        try {
            echo.ready.get(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException | ExecutionException | java.util.concurrent.TimeoutException e) {
            echo.closeQuietly();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new KafkaException(
                    e instanceof java.util.concurrent.TimeoutException
                            ? "not reading topic '" + options.requestTopic() + "' within " + START_TIMEOUT.toSeconds()
                                    + " s: is " + options.bootstrapServers() + " a Kafka cluster?"
                            : String.valueOf(cause.getMessage()),
                    cause);
        }
        if (options.httpPort() != null) {
            try {
                echo.http = HttpFront.start(options, echo.replier, echo.tally);
            } catch (RuntimeException e) {
                echo.closeQuietly();
                throw new KafkaException(e.getMessage(), e);
            }
            out.println("echo HTTP: POST orders to " + echo.http.url() + ", events to '" + options.eventsTopic() + "'");
        }
        ScheduledFuture<?> unused = echo.scheduler.scheduleAtFixedRate(
                echo.progress(), PROGRESS_SECONDS, PROGRESS_SECONDS, TimeUnit.SECONDS);
        out.println("echo ready: reading '" + options.requestTopic() + "' at " + options.bootstrapServers()
                + (options.group() == null ? ", every partition" : ", group '" + options.group() + "'")
                + (options.delay().none() ? "" : ", replying after " + options.delay())
                + (options.drop() > 0 ? ", dropping a share of " + options.drop() : ""));
        return echo;
    }

    private void run(EchoClients clients) {
        try {
            Consumer<byte[], byte[]> c = clients.consumer();
            consumer = c;
            if (closing) {
                return;
            }
            position(c);
            long started = System.nanoTime();
            while (!closing && !due(started)) {
                for (ConsumerRecord<byte[], byte[]> request : c.poll(POLL)) {
                    replier.answer(request);
                }
            }
        } catch (WakeupException e) {
            if (!closing) {
                failed(e);
            }
        } catch (RuntimeException e) {
            failed(e);
        } finally {
            ready.complete(null);
            Consumer<byte[], byte[]> c = consumer;
            if (c != null) {
                c.close(CLOSE_TIMEOUT);
            }
        }
    }

    /** Every partition from its end (or start), or as a group member once partitions are assigned. */
    private void position(Consumer<byte[], byte[]> c) {
        String topic = options.requestTopic();
        if (options.group() != null) {
            c.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                @Override
                public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
                    // resolved now, so a request sent once start() returns is read
                    partitions.forEach(p -> c.position(p, START_TIMEOUT));
                    ready.complete(null);
                }

                @Override
                public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
                    // nothing held per partition
                }
            });
            return;
        }
        List<PartitionInfo> infos = c.partitionsFor(topic, START_TIMEOUT);
        List<TopicPartition> partitions = infos.stream()
                .map(p -> new TopicPartition(topic, p.partition()))
                .toList();
        c.assign(partitions);
        if (options.fromBeginning()) {
            c.seekToBeginning(partitions);
        } else {
            c.seekToEnd(partitions);
        }
        partitions.forEach(p -> c.position(p, START_TIMEOUT));
        ready.complete(null);
    }

    /** Whether --duration-s or --idle-exit-s ends the echo now. */
    private boolean due(long started) {
        long now = System.nanoTime();
        if (options.duration() != null && now - started >= options.duration().toNanos()) {
            return true;
        }
        if (options.idleExit() == null || !ready.isDone()) {
            return false;
        }
        long last = tally.lastReadNanos();
        return now - (last == 0 ? started : last) >= options.idleExit().toNanos();
    }

    private void failed(RuntimeException e) {
        failure = e;
        if (!ready.completeExceptionally(e)) {
            System.err.println("echo: stopped reading: " + e);
        }
    }

    private Runnable progress() {
        EchoCounts[] before = {tally.counts()};
        return () -> {
            EchoCounts now = tally.counts();
            if (now.read() != before[0].read() || now.replied() != before[0].replied()) {
                out.println(now.progress(before[0], PROGRESS_SECONDS));
            }
            before[0] = now;
        };
    }

    /** Waits until the echo ends by itself (--duration-s, --idle-exit-s, a failure) or is closed. */
    public void awaitEnd() {
        try {
            loop.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The HTTP front's URL, e.g. {@code http://127.0.0.1:8080/orders}; null without --http. */
    public String httpUrl() {
        HttpFront h = http;
        return h == null ? null : h.url();
    }

    /** What it did so far. */
    public EchoCounts counts() {
        return tally.counts();
    }

    /**
     * Stops reading, sends the delayed replies that fall due within the close timeout, closes its clients and
     * prints its counts; bounded, and only the first call does it.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closeQuietly();
        out.println(tally.counts().line());
    }

    private void closeQuietly() {
        closing = true;
        HttpFront h = http;
        if (h != null) {
            h.close();
        }
        Consumer<byte[], byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        try {
            loop.join(CLOSE_TIMEOUT.toMillis() + 1000);
            scheduler.shutdown();
            if (!scheduler.awaitTermination(CLOSE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                scheduler.shutdownNow();
            }
        } catch (InterruptedException e) {
            scheduler.shutdownNow();
            Thread.currentThread().interrupt();
        }
        tally.unsent(replier.delayed());
        producer.close(CLOSE_TIMEOUT);
    }
}
