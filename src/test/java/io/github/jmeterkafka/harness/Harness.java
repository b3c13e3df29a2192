package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the build put things. The integration tests get these as system properties from
 * failsafe; the fallbacks let a test run from an IDE after one {@code mvn package}.
 */
public final class Harness {

    private Harness() {}

    public static Path projectDir() {
        return path("project.basedir", Paths.get(System.getProperty("user.dir")));
    }

    public static Path targetDir() {
        return projectDir().resolve("target");
    }

    public static Path jmeterHome() {
        return path("jmeter.home", targetDir().resolve("jmeter-home"));
    }

    public static Path kafkaHome() {
        return path("kafka.home", targetDir().resolve("kafka-home"));
    }

    /** Jars that tests put beside the plugin, e.g. jmeter-plugins-cmn-jmeter. */
    public static Path jmeterExtraDir() {
        return jmeterHome().getParent().resolve("jmeter-extra");
    }

    /** The shaded plugin jar as users install it. */
    public static Path pluginJar() {
        String value = System.getProperty("plugin.jar");
        if (value != null && !value.isBlank()) {
            return Paths.get(value).toAbsolutePath();
        }
        try (Stream<Path> files = Files.list(targetDir())) {
            Optional<Path> jar = files.filter(p -> {
                        String name = p.getFileName().toString();
                        return name.startsWith("jmeter-kafka-")
                                && name.endsWith(".jar")
                                && !name.endsWith("-sources.jar")
                                && !name.endsWith("-javadoc.jar");
                    })
                    .max(Comparator.comparing(p -> p.toFile().lastModified()));
            return jar.orElseThrow(() -> new IllegalStateException(
                    "No plugin jar in " + targetDir() + "; run mvn package or set -Dplugin.jar"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path javaExecutable() {
        return Paths.get(System.getProperty("java.home"), "bin", "java");
    }

    private static Path path(String property, Path fallback) {
        String value = System.getProperty(property);
        Path p = value == null || value.isBlank() ? fallback : Paths.get(value);
        return p.toAbsolutePath().normalize();
    }
}
