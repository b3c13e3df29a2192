package io.github.jmeterkafka.cli;

import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * JMeter's lib/ for a command started with {@code java -jar}: the jar bundles kafka-clients but leaves slf4j and Log4j
 * to JMeter, whose own launcher puts lib/ before lib/ext.
 */
final class JMeterLib {
    private JMeterLib() {}

    /** True when slf4j is on the class path already (JMeter's lib/ given with -cp). */
    static boolean present() {
        try {
            Class.forName("org.slf4j.LoggerFactory", false, JMeterLib.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** A class loader of this jar and lib/*.jar of the JMeter home whose lib/ext holds it; empty elsewhere. */
    static Optional<URLClassLoader> ofThisJarsHome() throws Exception {
        Path jar = Path.of(
                Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path ext = jar.getParent();
        Path lib = ext == null ? null : ext.getParent();
        if (lib == null || !ext.getFileName().toString().equals("ext") || !Files.isDirectory(lib)) {
            return Optional.empty();
        }
        List<URL> urls = new ArrayList<>();
        urls.add(jar.toUri().toURL());
        try (Stream<Path> jars = Files.list(lib)) {
            for (Path j :
                    jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                urls.add(j.toUri().toURL());
            }
        }
        return Optional.of(new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader()));
    }

    /** {@link Main#execute} in {@code loader}. */
    static int execute(URLClassLoader loader, String[] args) throws Exception {
        Thread.currentThread().setContextClassLoader(loader);
        return (Integer) loader.loadClass(Main.class.getName())
                .getMethod("execute", PrintStream.class, PrintStream.class, String[].class)
                .invoke(null, System.out, System.err, args);
    }
}
