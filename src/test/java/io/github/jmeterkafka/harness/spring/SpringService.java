package io.github.jmeterkafka.harness.spring;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A Spring Boot application started inside the test JVM as its main method would start it, on loopback, and closed
 * after. Spring Boot's logging system is turned off so that it leaves the test JVM's log4j as it is.
 */
public final class SpringService implements AutoCloseable {
    private static final String LOGGING_SYSTEM = "org.springframework.boot.logging.LoggingSystem";
    // Tomcat logs its start and stop through java.util.logging at INFO; these are set to WARNING and held
    // here (the JDK holds loggers weakly), so the tests' output shows only what went wrong
    private static final List<Logger> TOMCAT_LOGGERS = Stream.of(
                    "org.apache.catalina", "org.apache.coyote", "org.apache.tomcat")
            .map(Logger::getLogger)
            .toList();
    private final ConfigurableApplicationContext context;

    private SpringService(ConfigurableApplicationContext context) {
        this.context = context;
    }

    /**
     * Runs the application with these properties ({@code name=value}) added to the ones every test service gets:
     * the broker, a web server (if any) on a port of 127.0.0.1 the system chooses, no banner.
     */
    public static SpringService start(
            Class<?> application, WebApplicationType web, String bootstrapServers, String... properties) {
        System.setProperty(LOGGING_SYSTEM, "none");
        TOMCAT_LOGGERS.forEach(l -> l.setLevel(Level.WARNING));
        List<String> all = new ArrayList<>(List.of(
                "spring.kafka.bootstrap-servers=" + bootstrapServers,
                "server.port=0",
                "server.address=127.0.0.1",
                "spring.main.banner-mode=off",
                // Boot would build its HTTP clients on the Apache HttpClient it finds; JMeter's 5.1 is older
                // than Boot needs. The services call no HTTP, the JDK's client serves
                "spring.http.client.factory=jdk"));
        all.addAll(List.of(properties));
        return new SpringService(new SpringApplicationBuilder(application)
                .web(web)
                .properties(all.toArray(String[]::new))
                .run());
    }

    public ConfigurableApplicationContext context() {
        return context;
    }

    /** The port the application's web server listens on. */
    public int port() {
        return ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    /** Waits until {@code ready} holds; closes the application and throws if it does not within {@code timeout}. */
    public void awaitUntil(BooleanSupplier ready, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!ready.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException("Waited " + timeout.toSeconds() + " s for " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new IllegalStateException("Interrupted while waiting for " + what, e);
            }
        }
    }

    @Override
    public void close() {
        context.close();
    }
}
