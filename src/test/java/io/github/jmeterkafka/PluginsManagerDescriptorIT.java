package io.github.jmeterkafka;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.github.jmeterkafka.echo.EchoService;
import io.github.jmeterkafka.harness.Echoes;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Loopback;
import io.github.jmeterkafka.harness.Processes;
import io.github.jmeterkafka.harness.SharedBroker;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Modifier;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.apache.jmeter.assertions.Assertion;
import org.apache.jmeter.config.ConfigElement;
import org.apache.jmeter.control.Controller;
import org.apache.jmeter.gui.JMeterGUIComponent;
import org.apache.jmeter.processor.PostProcessor;
import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.timers.Timer;
import org.apache.jmeter.visualizers.backend.BackendListenerClient;
import org.apache.kafka.clients.admin.Admin;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The Plugins Manager descriptor as the build makes it (target/plugins-manager): it names every element class of the
 * jar and this build's version, and the real Plugins Manager (jmeter-plugins-manager 1.3 with cmdrunner 2.3, as
 * users install them) lists it, installs it for a plan into a bare JMeter, and that JMeter runs the plan.
 */
class PluginsManagerDescriptorIT {
    private static final String ID = "jmeterkafka-samplers";
    // what a plan names in testclass/guiclass; a BackendListenerClient is named in the Backend Listener's fields
    private static final List<Class<?>> ELEMENT_TYPES = List.of(
            TestBean.class,
            JMeterGUIComponent.class,
            Sampler.class,
            ConfigElement.class,
            SampleListener.class,
            TestStateListener.class,
            Controller.class,
            Timer.class,
            Assertion.class,
            PreProcessor.class,
            PostProcessor.class,
            BackendListenerClient.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void namesEveryElementClassOfTheJarAndTheBuiltVersion() throws Exception {
        JsonNode plugin = descriptor().get(0);
        assertThat(plugin.get("id").asText()).isEqualTo(ID);
        Set<String> named = new TreeSet<>();
        plugin.get("componentClasses").forEach(c -> named.add(c.asText()));
        assertThat(named).contains(plugin.get("markerClass").asText());

        Set<String> elements = elementClasses(Harness.pluginJar());
        assertThat(elements)
                .contains(
                        "io.github.jmeterkafka.sampler.KafkaRequestReplySampler",
                        "io.github.jmeterkafka.listener.KafkaSummaryGui");
        assertThat(named).as("componentClasses").isEqualTo(elements);

        String jarName = Harness.pluginJar().getFileName().toString();
        String version = jarName.substring("jmeter-kafka-".length(), jarName.length() - ".jar".length());
        JsonNode release = plugin.get("versions").get(version);
        assertThat(release).as("a versions entry for %s", version).isNotNull();
        assertThat(release.get("downloadUrl").asText()).startsWith("https://").endsWith("/v" + version + "/" + jarName);
        assertThat(release.get("minJmeterVersion").asText()).matches("5\\.\\d+(\\.\\d+)?");
        assertThat(plugin.get("description").asText()).contains("Java 17");
    }

    /** The quick start's elements make the Plugins Manager install the plugin; the plan then runs. */
    @Test
    void theRealPluginsManagerInstallsItForTheQuickstartPlanWhichThenRuns() throws Exception {
        Path home = bareHome("quickstart");
        try (Repository repo = new Repository(home.resolveSibling("repo-quickstart"))) {
            PluginsManager pm = new PluginsManager(home, repo);
            assertThat(pm.run("available")).contains("[" + ID + "=[" + version() + "]");
            assertThat(pm.run("status")).doesNotContain(ID);

            pm.run("install-for-jmx", Harness.projectDir().resolve("test-plans/quickstart.jmx"));
            assertInstalled(home);
            assertThat(pm.run("status")).contains(ID + "=" + version());

            KafkaBroker broker = SharedBroker.get();
            JMeter.Result result = new JMeter(home, home.resolveSibling("runs"))
                    .plan(Harness.projectDir().resolve("test-plans/quickstart.jmx"))
                    .name("pm-quickstart")
                    .property("kafka.bootstrap", broker.bootstrapServers())
                    .property("topic", "pm-quickstart-" + System.nanoTime())
                    .property("records", "2000")
                    .run();
            assertThat(result.exitCode()).as(result.describe()).isZero();
            assertThat(result.samples().failures()).as(result.describe()).isEmpty();
            // the plan's 4 threads start over 1 s: a fast run may spend 2000 records before the last one starts
            assertThat(result.stdout())
                    .containsPattern("delivery: 2000 records verified from [1-4] producers, 0 missing,");
        }
    }

    /** A plan whose only Kafka element is the Request-Reply sampler triggers the install too. */
    @Test
    void theRequestReplySamplerAloneTriggersTheInstall() throws Exception {
        Path home = bareHome("request-reply");
        try (Repository repo = new Repository(home.resolveSibling("repo-request-reply"))) {
            Path plan = Files.writeString(home.resolveSibling("request-reply-only.jmx"), requestReplyOnlyPlan());
            new PluginsManager(home, repo).run("install-for-jmx", plan);
            assertInstalled(home);

            KafkaBroker broker = SharedBroker.get();
            String name = "pm-rr-" + System.nanoTime();
            JMeter.Result result;
            PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
            try (EchoService echo = Echoes.start(broker.bootstrapServers(), name, 6, quiet)) {
                result = new JMeter(home, home.resolveSibling("runs"))
                        .plan(Harness.projectDir().resolve("test-plans/request-reply.jmx"))
                        .name(name)
                        .property("kafka.bootstrap", broker.bootstrapServers())
                        .property("request.topic", name + "-requests")
                        .property("reply.topic", name + "-replies")
                        .property("requests", "500")
                        .timeout(Duration.ofMinutes(2))
                        .run();
            }
            assertThat(result.exitCode()).as(result.describe()).isZero();
            assertThat(result.samples().failures()).as(result.describe()).isEmpty();
            assertThat(result.stdout()).contains("\n500 requests, 500 replies, ");
            try (Admin admin = broker.admin()) {
                assertThat(admin.listTopics().names().get(10, TimeUnit.SECONDS)).contains(name + "-requests");
            }
        }
    }

    private static JsonNode descriptor() throws IOException {
        return JSON.readTree(Path.of(System.getProperty(
                        "plugins-manager.descriptor",
                        Harness.targetDir()
                                .resolve("plugins-manager/jmeter-kafka.json")
                                .toString()))
                .toFile());
    }

    private static String version() {
        String jarName = Harness.pluginJar().getFileName().toString();
        return jarName.substring("jmeter-kafka-".length(), jarName.length() - ".jar".length());
    }

    /**
     * The jar's public concrete classes a plan can name. Not {@code config.KeyValue}: a table row, saved as an
     * elementType inside its owner's property, never as a testclass.
     */
    private static Set<String> elementClasses(Path jar) throws IOException, ClassNotFoundException {
        Set<String> found = new TreeSet<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry entry : Collections.list(file.entries())) {
                String name = entry.getName();
                if (!name.startsWith("io/github/jmeterkafka/")
                        || name.startsWith("io/github/jmeterkafka/shaded/")
                        || !name.endsWith(".class")
                        || name.contains("$")) {
                    continue;
                }
                String className =
                        name.substring(0, name.length() - ".class".length()).replace('/', '.');
                Class<?> c = Class.forName(className, false, PluginsManagerDescriptorIT.class.getClassLoader());
                if (Modifier.isPublic(c.getModifiers())
                        && !Modifier.isAbstract(c.getModifiers())
                        && !c.isInterface()
                        && ELEMENT_TYPES.stream().anyMatch(t -> t.isAssignableFrom(c))) {
                    found.add(className);
                }
            }
        }
        return found;
    }

    /** The built jar in lib/ext: the Plugins Manager's changes may finish in a process of their own. */
    private static void assertInstalled(Path home) throws IOException {
        Path installed = home.resolve("lib/ext").resolve(Harness.pluginJar().getFileName());
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> Files.exists(installed));
        assertThat(Files.mismatch(installed, Harness.pluginJar()))
                .as("the built jar")
                .isEqualTo(-1L);
    }

    /** target/jmeter-home without the plugin, with the Plugins Manager and cmdrunner where its install page puts them. */
    private static Path bareHome(String name) throws IOException {
        Path root = Harness.targetDir().resolve("plugins-manager-runs").resolve(name);
        Loopback.deleteRecursively(root);
        Path home = root.resolve("jmeter");
        Path source = Harness.jmeterHome();
        try (Stream<Path> files = Files.walk(source)) {
            for (Path from : (Iterable<Path>) files::iterator) {
                Path to = home.resolve(source.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else if (!from.getFileName().toString().startsWith("jmeter-kafka")) {
                    Files.copy(from, to);
                }
            }
        }
        Files.copy(
                JMeter.jars(Harness.jmeterExtraDir(), "jmeter-plugins-manager").get(0),
                home.resolve("lib/ext/jmeter-plugins-manager.jar"));
        Path cmdrunner = JMeter.jars(Harness.jmeterExtraDir(), "cmdrunner").get(0);
        Files.copy(cmdrunner, home.resolve("lib").resolve(cmdrunner.getFileName()));
        assertThat(JMeter.jars(home.resolve("lib/ext"), "jmeter-kafka")).isEmpty();
        return home;
    }

    /** A test plan as JMeter saves it, with one thread group and one Kafka Request-Reply sampler in it. */
    private static String requestReplyOnlyPlan() {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">
                  <hashTree>
                    <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="Request-Reply only"/>
                    <hashTree>
                      <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="Requesters"/>
                      <hashTree>
                        <io.github.jmeterkafka.sampler.KafkaRequestReplySampler guiclass="TestBeanGUI" \
                testclass="io.github.jmeterkafka.sampler.KafkaRequestReplySampler" testname="Request and reply"/>
                        <hashTree/>
                      </hashTree>
                    </hashTree>
                  </hashTree>
                </jmeterTestPlan>
                """;
    }

    /**
     * The built descriptor on a loopback HTTP server, its download URL turned to the built jar served beside it.
     */
    private static final class Repository implements AutoCloseable {
        private final HttpServer server;
        final Path cacheDir;

        Repository(Path cacheDir) throws IOException {
            this.cacheDir = Files.createDirectories(cacheDir);
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            byte[] jar = Files.readAllBytes(Harness.pluginJar());
            String jarName = Harness.pluginJar().getFileName().toString();
            JsonNode repo = descriptor();
            ((ObjectNode) repo.get(0).get("versions").get(version())).put("downloadUrl", url() + jarName);
            byte[] json = JSON.writeValueAsBytes(repo);
            server.createContext("/repo.json", x -> send(x, "application/json", json));
            server.createContext("/" + jarName, x -> send(x, "application/java-archive", jar));
            server.start();
        }

        private static void send(com.sun.net.httpserver.HttpExchange x, String type, byte[] body) throws IOException {
            x.getResponseHeaders().add("Content-Type", type);
            x.sendResponseHeaders(200, body.length);
            try (OutputStream out = x.getResponseBody()) {
                out.write(body);
            }
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    /**
     * PluginsManagerCMD as its script runs it ({@code java -jar lib/cmdrunner-*.jar --tool ...}), the repository
     * address as a system property, its repository cache in a directory of this test's own.
     */
    private static final class PluginsManager {
        private final Path home;
        private final Repository repo;

        PluginsManager(Path home, Repository repo) throws Exception {
            this.home = home;
            this.repo = repo;
            // what its install page has users run: writes bin/PluginsManagerCMD.sh
            exec(List.of(
                    Harness.javaExecutable().toString(),
                    "-cp",
                    home.resolve("lib/ext/jmeter-plugins-manager.jar").toString(),
                    "org.jmeterplugins.repository.PluginManagerCMDInstaller"));
            assertThat(home.resolve("bin/PluginsManagerCMD.sh")).exists();
        }

        String run(String command, Path... args) throws Exception {
            List<String> line = new ArrayList<>(List.of(
                    Harness.javaExecutable().toString(),
                    "-Djava.awt.headless=true",
                    "-Djava.io.tmpdir=" + repo.cacheDir,
                    "-Djpgc.repo.address=" + repo.url() + "repo.json",
                    "-Djpgc.repo.sendstats=false",
                    "-jar",
                    JMeter.jars(home.resolve("lib"), "cmdrunner").get(0).toString(),
                    "--tool",
                    "org.jmeterplugins.repository.PluginManagerCMD",
                    command));
            for (Path a : args) {
                line.add(a.toString());
            }
            return exec(line);
        }

        private String exec(List<String> line) throws Exception {
            Path out = Files.createTempFile(repo.cacheDir, "pmgr", ".out");
            Process p = Processes.start(new ProcessBuilder(line)
                    .directory(home.resolve("bin").toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile()));
            assertThat(p.waitFor(2, TimeUnit.MINUTES)).as("%s ends", line).isTrue();
            String text = Files.readString(out);
            assertThat(p.exitValue()).as(text).isZero();
            return text;
        }
    }
}
