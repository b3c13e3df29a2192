package io.github.jmeterkafka.ecosystem;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterJvm;
import io.github.jmeterkafka.harness.Jtl;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.Processes;
import io.github.jmeterkafka.harness.SharedBroker;
import io.github.jmeterkafka.harness.Topics;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.imageio.ImageIO;
import org.apache.jmeter.gui.util.MenuFactory;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;

/**
 * The real JMeter GUI on a virtual display: opens test-plans/quickstart.jmx with one more, disabled
 * thread group holding the elements the quick start lacks (from request-reply.jmx, async-api.jmx,
 * share-group-queue.jmx and failover.jmx's Kafka Event Mark), shows each Kafka element's panel and paints it to target/screenshots/, saves
 * the plan with JMeter's Save action, and the saved plan then runs headless like the quick start.
 */
class GuiScreenshotIT {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/quickstart.jmx");
    /** The elements the quick start lacks, each taken from a ready plan that sets it up. */
    private static final List<Borrowed> BORROWED = List.of(
            new Borrowed("request-reply.jmx", "io.github.jmeterkafka.sampler.KafkaRequestReplySampler"),
            new Borrowed("async-api.jmx", "io.github.jmeterkafka.sampler.KafkaAwaitSampler"),
            new Borrowed("share-group-queue.jmx", "io.github.jmeterkafka.sampler.KafkaShareConsumerSampler"),
            new Borrowed("failover.jmx", "io.github.jmeterkafka.listener.KafkaEventMark"));

    private static final String PRODUCER = "Produce 1 KB records";
    private static final String CONSUMER = "Consume all records";
    private static final String SUMMARY = "kafka-summary";
    /** A drop-down showing a stored tag such as keyMode.none instead of its text. */
    private static final String RAW_TAG = "[a-z][A-Za-z]*\\.[a-z][A-Za-z]*";

    @Test
    void eachKafkaPanelIsPaintedAndAPlanSavedInTheGuiRunsHeadless() throws Exception {
        assertThat(Xvfb.onPath())
                .as("Xvfb on the PATH (mvn verify installs it)")
                .isTrue();
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        Path saved = openPaintAndSave(
                jmeter.home(),
                Harness.javaExecutable(),
                Harness.targetDir().resolve("screenshots"),
                "gui-" + ProcessHandle.current().pid());
        runsHeadlessLikeQuickstart(jmeter, saved, Harness.javaExecutable());
    }

    @Test
    void aReadyPlanOpenedAndSavedInTheGuiKeepsItsPropertyCheck() throws Exception {
        // the Java Request's panel keeps only the parameters its class names: the check's one parameter survives
        assertThat(Xvfb.onPath())
                .as("Xvfb on the PATH (mvn verify installs it)")
                .isTrue();
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        String run = "gui-check-" + ProcessHandle.current().pid();
        Path out = Harness.targetDir().resolve("screenshots-property-check");
        Path saved = capture(
                jmeter.home(),
                Harness.javaExecutable(),
                Harness.projectDir().resolve("test-plans/producer-fixed-rate.jmx"),
                out,
                run,
                "org.apache.jmeter.protocol.java.sampler.JavaSampler=property-check");
        assertThat(Files.readAllLines(out.resolve("property-check.txt"), StandardCharsets.UTF_8))
                .as("the Java Request's panel")
                .anyMatch(t -> t.contains("io.github.jmeterkafka.sampler.PropertyCheck"));
        String xml = Files.readString(saved, StandardCharsets.UTF_8);
        assertThat(xml)
                .contains("<stringProp name=\"classname\">io.github.jmeterkafka.sampler.PropertyCheck</stringProp>")
                .contains("<stringProp name=\"Argument.name\">choices</stringProp>")
                .contains("<stringProp name=\"Argument.value\">behind.schedule=catchUp,skip,behindSchedule.catchUp,"
                        + "behindSchedule.skip transactional=true,false delete.topic=true,false</stringProp>");
    }

    /**
     * Opens the quick start (with the other samplers in a disabled thread group) in the GUI of the JMeter at
     * {@code home} (the plugin installed) on {@code java}, paints each Kafka panel into {@code out},
     * checks them, saves the plan with JMeter's Save action and returns the saved file.
     */
    static Path openPaintAndSave(Path home, Path java, Path out, String run) throws Exception {
        Path dir = Harness.targetDir().resolve("gui-runs").resolve(run);
        Files.createDirectories(dir);
        Path saved =
                capture(home, java, planWithAllSamplers(dir.resolve("quickstart-and-all-samplers.jmx")), out, run, "");
        for (String name : GuiCapture.fileNames()) {
            BufferedImage image = ImageIO.read(out.resolve(name + ".png").toFile());
            assertThat(image).as(name).isNotNull();
            assertThat(image.getWidth()).as(name).isGreaterThan(400);
            assertThat(image.getHeight()).as(name).isGreaterThan(200);
            assertThat(colours(image))
                    .as("distinct colours in %s.png (a blank panel has one)", name)
                    .isGreaterThan(8);
            List<String> texts = Files.readAllLines(out.resolve(name + ".txt"), StandardCharsets.UTF_8);
            assertThat(texts)
                    .as("%s: labels outside the painted panel", name)
                    .noneMatch(t -> t.startsWith("cut off: "));
            if (!name.equals(SUMMARY)) {
                assertThat(texts.stream().filter(t -> t.startsWith("group: ")))
                        .as("%s: grouped fields", name)
                        .isNotEmpty();
            }
            assertThat(texts.stream()
                            .filter(t -> t.startsWith("combo: "))
                            .map(GuiScreenshotIT::comboItems)
                            .flatMap(List::stream))
                    .as("%s: drop-downs show texts, not stored tags", name)
                    .noneMatch(item -> item.matches(RAW_TAG));
        }
        assertThat(Files.readAllLines(out.resolve("kafka-producer.txt")))
                .contains(
                        "group: Where to",
                        "group: Key",
                        "group: Value",
                        "group: Record",
                        "group: Sending",
                        "label: Target records/s:",
                        "label: Rate ramp-up (s):",
                        "label: Behind schedule:",
                        "label: Expected records/s:")
                .anyMatch(t -> t.startsWith("combo: No key (null) ["))
                .anyMatch(t -> t.startsWith("combo: Catch up ["))
                .anyMatch(t -> t.startsWith("combo: Random letters, new for every record ["))
                .anyMatch(t -> t.startsWith("combo: Shared by all threads ["));
        assertThat(Files.readAllLines(out.resolve("kafka-request-reply.txt")))
                .contains(
                        "group: Where to",
                        "group: Key",
                        "group: Value",
                        "group: Record",
                        "group: Correlation",
                        "group: Requests",
                        "group: Replies",
                        "label: Request topic:",
                        "label: Reply topic:",
                        "label: Correlation id header:",
                        "label: Reply timeout (ms):");
        assertThat(Files.readAllLines(out.resolve("kafka-await.txt")))
                .contains(
                        "group: Where to look",
                        "group: Which records",
                        "group: Waiting",
                        "group: Records found",
                        "label: Topic:",
                        "label: Await by:",
                        "label: Value to await:",
                        "label: Records to await:",
                        "label: Start time (ms since the epoch):")
                .anyMatch(t -> t.startsWith("combo: Record key ["));
        assertThat(Files.readAllLines(out.resolve("kafka-share-consumer.txt")))
                .contains(
                        "group: What to read",
                        "group: Reading",
                        "group: Jobs and acknowledgements",
                        "group: Delivery verification (records with the producer's sequence header)",
                        "label: Share group:",
                        "label: Records per sample:",
                        "label: Outcome expression:",
                        "label: Renew locks of slow jobs:")
                .anyMatch(t -> t.startsWith("combo: Explicit (per record) ["));
        assertThat(Files.readAllLines(out.resolve("kafka-connection.txt"))).contains("label: Bootstrap servers:");
        assertThat(Files.readAllLines(out.resolve("kafka-event-mark.txt")))
                .contains("group: Event", "label: Event name:");
        assertThat(Files.readAllLines(out.resolve("kafka-consumer.txt")))
                .contains(
                        "group: What to read",
                        "group: Reading",
                        "label: Topics or pattern:",
                        "label: Group id:",
                        "label: Start at:",
                        "label: Records per sample:",
                        "label: Timeout (ms):");
        assertThat(Files.readAllLines(out.resolve("kafka-admin.txt")))
                .contains(
                        "group: Request",
                        "group: Topic and config settings",
                        "label: Operation:",
                        "label: Topics:",
                        "label: Partitions:",
                        "label: Replication factor:")
                .anyMatch(t -> t.startsWith("combo: Create topics ["));
        // the hand-written panel of the summary listener: its title and what it does
        assertThat(Files.readAllLines(out.resolve(SUMMARY + ".txt")))
                .contains("label: Kafka Summary")
                .anyMatch(
                        t -> t.startsWith("label: <html>In distributed mode (-R), the controller's perf-test summary"));
        // the jar opts out of JMeter's class scan for functions and commands; the Add menus must still list it
        assertThat(Files.readAllLines(out.resolve("menus.txt"), StandardCharsets.UTF_8))
                .contains(
                        MenuFactory.SAMPLERS + ": Kafka Producer",
                        MenuFactory.SAMPLERS + ": Kafka Consumer",
                        MenuFactory.SAMPLERS + ": Kafka Admin",
                        MenuFactory.SAMPLERS + ": Kafka Request-Reply",
                        MenuFactory.SAMPLERS + ": Kafka Await",
                        MenuFactory.SAMPLERS + ": Kafka Share Consumer",
                        MenuFactory.CONFIG_ELEMENTS + ": Kafka Connection",
                        MenuFactory.LISTENERS + ": Kafka Metrics",
                        MenuFactory.LISTENERS + ": Kafka Summary",
                        MenuFactory.PRE_PROCESSORS + ": Kafka Event Mark");

        String savedText = Files.readString(saved, StandardCharsets.UTF_8);
        assertThat(savedText)
                .contains(
                        "<stringProp name=\"keyMode\">keyMode.none</stringProp>",
                        "<stringProp name=\"operation\">operation.createTopic</stringProp>",
                        "<stringProp name=\"correlationHeader\">kafka_correlationId</stringProp>",
                        "<stringProp name=\"correlateBy\">correlateBy.key</stringProp>",
                        "<stringProp name=\"acknowledgement\">acknowledgement.explicit</stringProp>");
        return saved;
    }

    /**
     * Opens {@code plan} in the GUI of the JMeter at {@code home} on {@code java} under Xvfb, paints the panels of
     * {@code elements} ({@link GuiCapture#start(String, String, String)}; blank: the Kafka elements) into
     * {@code out} as PNG and text, saves the plan with JMeter's Save action and returns the saved file.
     */
    static Path capture(Path home, Path java, Path plan, Path out, String run, String elements) throws Exception {
        Path dir = Harness.targetDir().resolve("gui-runs").resolve(run);
        Path saved = dir.resolve("saved-in-gui.jmx");
        deleteOwnFiles(out);
        Files.createDirectories(dir);
        Path script = dir.resolve("capture.groovy");
        Files.writeString(
                script,
                "io.github.jmeterkafka.ecosystem.GuiCapture.start(props.getProperty('gui.capture.dir'),"
                        + " props.getProperty('gui.capture.saved'), props.getProperty('gui.capture.elements', ''))\n",
                StandardCharsets.UTF_8);
        Path log = dir.resolve("jmeter.log");

        int exit;
        try (Xvfb x = Xvfb.start(dir.resolve("xvfb.log"), "1280x1024x24", Duration.ofSeconds(30))) {
            Process gui = JMeterJvm.start(
                    java,
                    home,
                    dir,
                    List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC"),
                    List.of(
                            "-t",
                            plan.toString(),
                            "-j",
                            log.toString(),
                            "-Juser.classpath=" + captureJar(dir.resolve("gui-capture.jar")),
                            "-Jjsr223.init.file=" + script,
                            "-Jgui.capture.dir=" + out,
                            "-Jgui.capture.saved=" + saved,
                            "-Jgui.capture.elements=" + elements),
                    Map.of("DISPLAY", x.display()));
            if (!gui.waitFor(240, TimeUnit.SECONDS)) {
                Processes.kill(gui);
            }
            Processes.stopByClosingInput(gui, Duration.ZERO);
            exit = gui.isAlive() ? -1 : gui.exitValue();
        }
        String why = "JMeter GUI exit " + exit + " in " + dir + "\n--- failed.txt:\n"
                + Processes.tail(out.resolve("failed.txt"), 40) + "\n--- stdout:\n"
                + Processes.tail(dir.resolve("stdout.txt"), 20) + "\n--- jmeter.log:\n" + Processes.tail(log, 30);
        assertThat(out.resolve("done")).as(why).exists();
        assertThat(exit).as(why).isZero();
        return saved;
    }

    /**
     * The quick start with one more thread group holding the {@link #BORROWED} samplers, so their panels are
     * painted too; disabled, so the saved plan still runs like the quick start.
     */
    private static Path planWithAllSamplers(Path copy) throws IOException {
        String quickstart = Files.readString(PLAN, StandardCharsets.UTF_8);
        StringBuilder samplers = new StringBuilder();
        for (Borrowed b : BORROWED) {
            samplers.append("          ").append(b.element()).append("\n          <hashTree/>\n");
        }
        String end = "    </hashTree>\n  </hashTree>\n</jmeterTestPlan>";
        int at = quickstart.lastIndexOf(end);
        assertThat(at).as("the test plan's end in %s", PLAN).isNotNegative();
        String group = """
                      <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="Other samplers" enabled="false">
                        <intProp name="ThreadGroup.num_threads">1</intProp>
                        <intProp name="ThreadGroup.ramp_time">0</intProp>
                        <stringProp name="ThreadGroup.on_sample_error">continue</stringProp>
                        <elementProp name="ThreadGroup.main_controller" elementType="LoopController" guiclass="LoopControlPanel" testclass="LoopController" testname="Loop Controller">
                          <intProp name="LoopController.loops">1</intProp>
                          <boolProp name="LoopController.continue_forever">false</boolProp>
                        </elementProp>
                      </ThreadGroup>
                      <hashTree>
                %s      </hashTree>
                """.formatted(samplers);
        Files.writeString(copy, quickstart.substring(0, at) + group + quickstart.substring(at), StandardCharsets.UTF_8);
        return copy;
    }

    /** An element of {@code plan} (a file in test-plans/), the first of class {@code sampler} there. */
    private record Borrowed(String plan, String sampler) {
        String element() throws IOException {
            Path file = Harness.projectDir().resolve("test-plans").resolve(plan);
            String text = Files.readString(file, StandardCharsets.UTF_8);
            String close = "</" + sampler + ">";
            int from = text.indexOf("<" + sampler + " ");
            int to = text.indexOf(close);
            assertThat(from).as("a %s in %s", sampler, file).isNotNegative();
            assertThat(to).as("a %s in %s", sampler, file).isGreaterThan(from);
            return text.substring(from, to + close.length());
        }
    }

    static void runsHeadlessLikeQuickstart(JMeter jmeter, Path plan, Path java) {
        KafkaBroker broker = SharedBroker.get();
        String topic = "gui-saved-" + System.nanoTime();
        JMeter.Result result = jmeter.plan(plan)
                .name("saved-in-gui")
                .java(java)
                .property("kafka.bootstrap", broker.bootstrapServers())
                .property("topic", topic)
                .property("records", "500")
                .run();

        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.failures()).as(result.describe()).isEmpty();
        assertThat(jtl.rows(PRODUCER).stream().mapToLong(Jtl.Row::sampleCount).sum())
                .isEqualTo(500);
        assertThat(jtl.rows(CONSUMER).stream().mapToLong(Jtl.Row::sampleCount).sum())
                .isEqualTo(500);
        try (Admin admin = broker.admin()) {
            assertThat(Topics.endOffsets(admin, topic)).isEqualTo(500);
        }
        assertThat(result.stdout())
                .contains("\n500 records sent, ")
                // how many of the 4 threads sent depends on the machine's speed: the budget can run out before all
                // start
                .containsPattern(
                        "delivery: 500 records verified from [1-4] producers, 0 missing, 0 duplicated, 0 out of order\\.");
        assertThat(result.logWarningsAndErrors())
                .as("WARN or ERROR in %s", result.log())
                .isEmpty();
    }

    /** GuiCapture's classes alone, for JMeter's user.classpath (the rest of the test classes stay out). */
    private static Path captureJar(Path jar) throws IOException, URISyntaxException {
        Path classes = Paths.get(GuiCapture.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        String pkg = GuiCapture.class.getPackageName().replace('.', '/');
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file);
                DirectoryStream<Path> entries = Files.newDirectoryStream(classes.resolve(pkg), "GuiCapture*.class")) {
            for (Path c : entries) {
                out.putNextEntry(new JarEntry(pkg + "/" + c.getFileName()));
                try (InputStream in = Files.newInputStream(c)) {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        return jar;
    }

    private static List<String> comboItems(String line) {
        int open = line.indexOf(" [");
        String items = line.substring(open + 2, line.length() - 1);
        return List.of(items.split(" \\| "));
    }

    private static int colours(BufferedImage image) {
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.size();
    }

    /** What an earlier run of this test left; the metrics listener's screenshot shares the folder. */
    private static void deleteOwnFiles(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(
                    dir, "{done,failed.txt,menus.txt," + String.join(".*,", GuiCapture.fileNames()) + ".*}")) {
                for (Path f : files) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }
}
