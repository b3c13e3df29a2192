package io.github.jmeterkafka.influx;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The InfluxDB writer against servers on loopback: one that answers, one that takes connections and never answers. */
class PointSenderTest {

    @Test
    void writesEveryQueuedLineAndCountsThem() throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/write", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                bodies.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        try {
            PointSender sender = new PointSender(
                    URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/write?db=t"), "", 100);
            for (int i = 0; i < 10; i++) {
                sender.offer("m v=" + i);
            }
            sender.start();
            CountDownLatch done = new CountDownLatch(1);
            sender.finish(() -> false, Duration.ofSeconds(10), done::countDown);
            assertThat(done.await(15, TimeUnit.SECONDS)).isTrue();
            assertThat(String.join("\n", bodies).lines()).hasSize(10).contains("m v=0", "m v=9");
            assertThat(sender.counts()).startsWith("10 points written to ").contains(", 0 dropped (");
        } finally {
            server.stop(0);
        }
    }

    /** An InfluxDB that hangs costs the lines, never the test's end: the writer ends by its deadline and says so. */
    @Test
    void aServerThatNeverAnswersDropsTheLinesAndTheWriterStillEndsByItsDeadline() throws Exception {
        List<Socket> held = new CopyOnWriteArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        held.add(silent.accept()); // read nothing, answer nothing
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            PointSender sender =
                    new PointSender(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/write?db=t"), "", 2);
            for (int i = 0; i < 5; i++) {
                sender.offer("m v=" + i);
            }
            sender.start();
            CountDownLatch done = new CountDownLatch(1);
            long t0 = System.nanoTime();
            sender.finish(() -> false, Duration.ofSeconds(1), done::countDown);
            // one write waits out its 5 s timeout; then the deadline has passed and the writer ends
            assertThat(done.await(15, TimeUnit.SECONDS)).isTrue();
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(12));
            assertThat(sender.counts())
                    .startsWith("0 points written to ")
                    .contains(", 5 dropped (3 when the queue was full, 2 in failed writes)");
        } finally {
            for (Socket s : held) {
                s.close();
            }
        }
    }
}
