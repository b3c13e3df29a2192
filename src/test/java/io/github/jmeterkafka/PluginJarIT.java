package io.github.jmeterkafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.jorphan.reflect.ClassFinder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The one jar users copy into lib/ext: what it must carry, and what it must not. */
class PluginJarIT {
    /** What JMeter looks up with ServiceLoader, and by class scan only in jars that do not opt out. */
    private static final String[] SCANNED_TYPES = {
        "org.apache.jmeter.functions.Function",
        "org.apache.jmeter.gui.action.Command",
        "org.apache.jmeter.gui.plugin.MenuCreator",
        "org.apache.jmeter.threads.RemoteThreadsListener",
    };

    private static final Pattern POM_PROPERTIES = Pattern.compile("META-INF/maven/([^/]+)/([^/]+)/pom\\.properties");

    private static List<String> entries;
    private static String skipAttribute;

    @BeforeAll
    static void read() throws IOException {
        try (JarFile jar = new JarFile(Harness.pluginJar().toFile())) {
            entries = Collections.list(jar.entries()).stream()
                    .map(e -> e.getName())
                    .collect(Collectors.toList());
            skipAttribute =
                    jar.getManifest().getMainAttributes().getValue(ClassFinder.JMETER_SKIP_CLASS_SCANNING_ATTRIBUTE);
        }
    }

    @Test
    void carriesKafkaClientsAndItsCompressionLibrariesUnderTheirOwnNames() {
        assertThat(entries)
                .contains(
                        "org/apache/kafka/clients/producer/KafkaProducer.class",
                        "org/apache/kafka/common/serialization/StringSerializer.class",
                        "org/apache/kafka/common/security/plain/PlainLoginModule.class",
                        "org/apache/kafka/common/security/scram/ScramLoginModule.class",
                        "net/jpountz/lz4/LZ4Factory.class",
                        "org/xerial/snappy/Snappy.class",
                        "com/github/luben/zstd/Zstd.class");
    }

    @Test
    void carriesTheElementsAndTheirGuiTexts() {
        assertThat(entries)
                .contains(
                        "io/github/jmeterkafka/config/KafkaConnection.class",
                        "io/github/jmeterkafka/config/KafkaConnectionResources.properties",
                        "io/github/jmeterkafka/sampler/KafkaProducerSampler.class",
                        "io/github/jmeterkafka/sampler/KafkaProducerSamplerBeanInfo.class",
                        "io/github/jmeterkafka/sampler/KafkaProducerSamplerResources.properties",
                        "io/github/jmeterkafka/sampler/KafkaConsumerSampler.class",
                        "io/github/jmeterkafka/sampler/KafkaAdminSampler.class");
    }

    /**
     * Every library inside the jar (each leaves its META-INF/maven/G/A/pom.properties) is named with its version and
     * license in META-INF/LICENSE, after the project's own, or comes inside a listed library's own jar.
     */
    @Test
    void namesEveryBundledLibraryWithItsLicense() throws IOException {
        String license = text("META-INF/LICENSE");
        assertThat(license)
                .startsWith("\n                                 Apache License")
                .contains("Version 2.0, January 2004");
        Matcher listed = Pattern.compile("\\(([^()]+)\\) [^\\n]* \\(([^:\\s]+):([^:\\s]+):([^\\s]+) - ")
                .matcher(license);
        Map<String, Path> jars = new LinkedHashMap<>();
        Path repo = Path.of(System.getProperty("maven.repo.local"));
        while (listed.find()) {
            String g = listed.group(2);
            String a = listed.group(3);
            String v = listed.group(4);
            assertThat(listed.group(1)).as("the license of %s:%s", g, a).isNotBlank();
            jars.put(
                    g + ":" + a,
                    repo.resolve(g.replace('.', '/')).resolve(a).resolve(v).resolve(a + "-" + v + ".jar"));
        }
        assertThat(jars).containsKeys("org.apache.kafka:kafka-clients", "kg.apc:jmeter-plugins-cmn-jmeter");
        assertThat(jars.keySet()).noneMatch(k -> k.startsWith("org.apache.jmeter:") || k.startsWith("org.slf4j:"));
        for (String e : entries) {
            Matcher m = POM_PROPERTIES.matcher(e);
            if (!m.matches() || m.group(1).equals("io.github.jmeterkafka")) {
                continue;
            }
            String ga = m.group(1) + ":" + m.group(2);
            if (!jars.containsKey(ga)) {
                assertThat(jars.entrySet())
                        .as("%s is not in META-INF/LICENSE, nor inside a library it lists", ga)
                        .anyMatch(j -> contains(j.getValue(), e));
            }
        }
        assertThat(text("META-INF/NOTICE"))
                .contains("jmeter-kafka\nCopyright ", "Apache Avro", "Jackson JSON processor");
    }

    @Test
    void weighsLessThanTheCloudRunnersUploadLimit() throws IOException {
        // BlazeMeter and Azure Load Testing take files of at most 50 MB
        assertThat(Files.size(Harness.pluginJar())).isLessThan(50L * 1024 * 1024);
    }

    /**
     * The installed POM names no dependency: the jar carries what it needs and JMeter provides the rest
     * (jmeter-maven-plugin downloads every dependency an extension's POM lists, of every scope).
     */
    @Test
    void publishesAPomWithNoDependency() throws IOException {
        String pom = Files.readString(Harness.targetDir().resolve("published-pom.xml"));
        assertThat(pom)
                .contains("<artifactId>jmeter-kafka</artifactId>", "<name>Apache-2.0</name>")
                .doesNotContain("<dependency>")
                .doesNotContain("<dependencyManagement>");
    }

    private static String text(String entry) throws IOException {
        try (JarFile jar = new JarFile(Harness.pluginJar().toFile())) {
            return new String(jar.getInputStream(jar.getEntry(entry)).readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static boolean contains(Path jar, String entry) {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.getEntry(entry) != null;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + jar, e);
        }
    }

    @Test
    void relocatesWhatUsersNeverNameAndLeavesOutWhatJMeterShips() {
        assertThat(entries).contains("io/github/jmeterkafka/shaded/org/HdrHistogram/ConcurrentHistogram.class");
        assertThat(entries).anyMatch(e -> e.startsWith("io/github/jmeterkafka/shaded/kg/apc/"));
        assertThat(entries).contains("io/github/jmeterkafka/shaded/picocli/CommandLine.class");
        List<String> classes =
                entries.stream().filter(e -> e.endsWith(".class")).collect(Collectors.toList());
        // Avro keeps its name: a registry serializer in lib/ext receives org.apache.avro records
        assertThat(entries).contains("org/apache/avro/generic/GenericRecord.class");
        assertThat(entries).anyMatch(e -> e.startsWith("io/github/jmeterkafka/shaded/net/datafaker/"));
        assertThat(entries).anyMatch(e -> e.startsWith("io/github/jmeterkafka/shaded/com/google/protobuf/"));
        // kafka-clients loads jose4j for OAuth token endpoints without declaring it
        assertThat(entries)
                .contains("io/github/jmeterkafka/shaded/org/jose4j/keys/resolvers/VerificationKeyResolver.class");
        assertThat(classes)
                .allMatch(e -> e.startsWith("io/github/jmeterkafka/")
                        || e.startsWith("org/apache/kafka/")
                        || e.startsWith("org/apache/avro/")
                        || e.startsWith("net/jpountz/")
                        || e.startsWith("org/xerial/snappy/")
                        || e.startsWith("com/github/luben/zstd/")
                        || e.startsWith("META-INF/versions/"));
        assertThat(entries)
                .noneMatch(e -> e.startsWith("org/apache/jmeter/")
                        || e.startsWith("org/slf4j/")
                        || e.startsWith("org/apache/logging/")
                        || e.startsWith("kg/apc/")
                        || e.startsWith("org/HdrHistogram/")
                        || e.startsWith("com/fasterxml/")
                        || e.startsWith("net/datafaker/")
                        || e.startsWith("com/google/protobuf/")
                        || e.startsWith("org/jose4j/")
                        || e.startsWith("picocli/")
                        || e.equals("module-info.class"));
    }

    @Test
    void optsOutOfJMetersClassScanAndHoldsNothingTheScanWouldHaveFound() throws Exception {
        assertThat(skipAttribute).isEqualTo("true");
        assertThat(scan(Harness.pluginJar())).isEmpty();
        // the same scan finds JMeter's own functions, so an empty answer above means something
        assertThat(scan(Harness.jmeterHome().resolve("lib/ext/ApacheJMeter_functions.jar")))
                .contains("org.apache.jmeter.functions.Property");
    }

    /** JMeter's own class scan over one jar, in a class loader laid out like JMeter's. */
    private static List<String> scan(Path jar) throws Exception {
        List<URL> urls = new ArrayList<>(List.of(Harness.pluginJar().toUri().toURL()));
        for (String dir : List.of("lib", "lib/ext")) {
            try (Stream<Path> jars = Files.list(Harness.jmeterHome().resolve(dir))) {
                for (Path p : (Iterable<Path>) jars.filter(p -> p.toString().endsWith(".jar"))::iterator) {
                    urls.add(p.toUri().toURL());
                }
            }
        }
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader loader =
                new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader())) {
            Class<?>[] types = new Class<?>[SCANNED_TYPES.length];
            for (int i = 0; i < types.length; i++) {
                types[i] = Class.forName(SCANNED_TYPES[i], false, loader);
            }
            thread.setContextClassLoader(loader);
            return ClassFinder.findClassesThatExtend(new String[] {jar.toString()}, types);
        } finally {
            thread.setContextClassLoader(before);
        }
    }
}
