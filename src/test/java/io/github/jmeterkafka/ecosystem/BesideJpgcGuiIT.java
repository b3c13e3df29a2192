package io.github.jmeterkafka.ecosystem;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JmeterPluginsSet;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.apache.jmeter.gui.util.MenuFactory;
import org.junit.jupiter.api.Test;

/**
 * The GUI beside the jmeter-plugins most installs have, where the Plugins Manager puts them (their common jar and
 * cmdrunner in lib/, the Plugins Manager, Custom Thread Groups and Basic Graphs in lib/ext/): the plugin's Kafka
 * Metrics graph (built on jmeter-plugins' graph classes, relocated inside the plugin's jar) and jmeter-plugins' own
 * Response Times Over Time both open and paint, and both are in the Add > Listener menu.
 */
class BesideJpgcGuiIT {
    private static final Path PLAN = Harness.projectDir().resolve("test-plans/quickstart.jmx");
    private static final Path METRICS_PLAN = Harness.projectDir().resolve("src/test/resources/plans/kafka-metrics.jmx");
    private static final String METRICS = "io.github.jmeterkafka.listener.KafkaMetricsCollector";
    private static final String JPGC_GRAPH = "kg.apc.jmeter.vizualizers.ResponseTimesOverTimeGui";

    @Test
    void theKafkaMetricsGraphAndJmeterPluginsGraphsBothOpen() throws Exception {
        assertThat(Xvfb.onPath())
                .as("Xvfb on the PATH (mvn verify installs it)")
                .isTrue();
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        JmeterPluginsSet jpgc = JmeterPluginsSet.common();
        jpgc.installInto(jmeter);
        String run = "gui-beside-jpgc-" + ProcessHandle.current().pid();
        Path out = Harness.targetDir().resolve("screenshots-beside-jpgc");
        try {
            Path dir = Files.createDirectories(
                    Harness.targetDir().resolve("gui-runs").resolve(run));
            GuiScreenshotIT.capture(
                    jmeter.home(),
                    Harness.javaExecutable(),
                    planWithBothGraphs(dir.resolve("quickstart-with-graphs.jmx")),
                    out,
                    run,
                    METRICS + "=kafka-metrics," + JPGC_GRAPH + "=jpgc-response-times");
        } finally {
            jpgc.removeFrom(jmeter);
        }
        for (String name : List.of("kafka-metrics", "jpgc-response-times")) {
            BufferedImage image = ImageIO.read(out.resolve(name + ".png").toFile());
            assertThat(image).as(name).isNotNull();
            assertThat(image.getWidth()).as(name).isGreaterThan(400);
            assertThat(image.getHeight()).as(name).isGreaterThan(200);
        }
        assertThat(Files.readAllLines(out.resolve("kafka-metrics.txt"), StandardCharsets.UTF_8))
                .contains("element: Kafka Metrics");
        assertThat(Files.readAllLines(out.resolve("jpgc-response-times.txt"), StandardCharsets.UTF_8))
                .contains("element: jp@gc - Response Times Over Time");
        assertThat(Files.readAllLines(out.resolve("menus.txt"), StandardCharsets.UTF_8))
                .contains(
                        MenuFactory.LISTENERS + ": Kafka Metrics",
                        MenuFactory.LISTENERS + ": jp@gc - Response Times Over Time",
                        MenuFactory.SAMPLERS + ": Kafka Producer");
    }

    /** The quick start with plans/kafka-metrics.jmx's Kafka Metrics and a jmeter-plugins graph of the same form. */
    private static Path planWithBothGraphs(Path copy) throws Exception {
        String quickstart = Files.readString(PLAN, StandardCharsets.UTF_8);
        String metricsPlan = Files.readString(METRICS_PLAN, StandardCharsets.UTF_8);
        String close = "</" + METRICS + ">";
        String metrics = metricsPlan.substring(
                metricsPlan.indexOf("<" + METRICS + " "), metricsPlan.indexOf(close) + close.length());
        String jpgc = metrics.replace(METRICS, "kg.apc.jmeter.vizualizers.CorrectedResultCollector")
                .replace("io.github.jmeterkafka.listener.KafkaMetricsGui", JPGC_GRAPH)
                .replace("testname=\"Kafka Metrics\"", "testname=\"jp@gc - Response Times Over Time\"");
        String end = "    </hashTree>\n  </hashTree>\n</jmeterTestPlan>";
        int at = quickstart.lastIndexOf(end);
        assertThat(at).as("the test plan's end in %s", PLAN).isNotNegative();
        String graphs = "      " + metrics + "\n      <hashTree/>\n      " + jpgc + "\n      <hashTree/>\n";
        Files.writeString(
                copy, quickstart.substring(0, at) + graphs + quickstart.substring(at), StandardCharsets.UTF_8);
        return copy;
    }
}
