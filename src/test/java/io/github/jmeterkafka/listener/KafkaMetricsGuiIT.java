package io.github.jmeterkafka.listener;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.JMeterLog;
import io.github.jmeterkafka.harness.KafkaBroker;
import io.github.jmeterkafka.harness.SharedBroker;
import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * The JMeter GUI under Xvfb runs plans/kafka-metrics.jmx with the Kafka Metrics listener shown:
 * its graph fills with lines (jmeter-plugins' classes, relocated inside the plugin jar, find their
 * icons) and target/screenshots/kafka-metrics.png shows it.
 */
class KafkaMetricsGuiIT {
    private static final Path PLAN = Harness.projectDir().resolve("src/test/resources/plans/kafka-metrics.jmx");
    private static final Duration START = Duration.ofMinutes(3);
    private static final Duration RUN = Duration.ofMinutes(4);

    @Test
    void theGraphShowsTheMetricsWhileTheTestRuns() throws Exception {
        assertThat(onPath("Xvfb") && onPath("xdotool") && onPath("import"))
                .as("Xvfb, xdotool and ImageMagick's import on the PATH (mvn verify installs them)")
                .isTrue();
        KafkaBroker broker = SharedBroker.get();
        JMeter jmeter = JMeter.fromSystemProperties().installPlugin();
        Path runDir = Files.createDirectories(Harness.targetDir()
                .resolve("jmeter-runs/kafka-metrics-gui-"
                        + ProcessHandle.current().pid() + "-" + System.currentTimeMillis()));
        Path shots = Files.createDirectories(Harness.targetDir().resolve("screenshots"));
        // a copy: the GUI saves the plan before running it (save_automatically_before_run)
        Path plan = Files.copy(PLAN, runDir.resolve(PLAN.getFileName()));
        Path log = runDir.resolve("jmeter.log");

        Process xvfb = new ProcessBuilder("Xvfb", "-displayfd", "1", "-screen", "0", "1400x1000x24", "-nolisten", "tcp")
                .redirectErrorStream(false)
                .redirectError(runDir.resolve("xvfb.txt").toFile())
                .start();
        Process gui = null;
        try {
            String display = ":"
                    + new BufferedReader(new InputStreamReader(xvfb.getInputStream(), StandardCharsets.US_ASCII))
                            .readLine()
                            .trim();
            List<String> cmd = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xms512m",
                    "-Xmx512m",
                    "-Duser.language=en",
                    "-Duser.region=EN",
                    "-jar",
                    jmeter.home().resolve("bin/ApacheJMeter.jar").toString(),
                    "-t",
                    plan.toString(),
                    "-j",
                    log.toString(),
                    "-Jkafka.bootstrap=" + broker.bootstrapServers(),
                    "-Jtopic=metrics-gui-" + System.nanoTime(),
                    "-Jgroup=metrics-gui-" + System.nanoTime(),
                    "-Jend.pause.ms=4000",
                    "-Lorg.apache.kafka=WARN"));
            ProcessBuilder pb = new ProcessBuilder(cmd)
                    .directory(runDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(runDir.resolve("stdout.txt").toFile());
            pb.environment().put("DISPLAY", display);
            gui = pb.start();

            String window =
                    await(START, () -> xdotool(display, "search", "--name", "Apache JMeter"), "the JMeter window");
            // loaded and idle: the tree shows the plan and its 6 children, the panel its first child
            Path before = shots.resolve("kafka-metrics-before.png");
            String listenerRow = await(
                    START,
                    () -> {
                        // again and again: while JMeter starts, it may size its window itself
                        xdotool(display, "windowmove", window, "0", "0");
                        xdotool(display, "windowsize", window, "1400", "1000");
                        screenshot(display, before);
                        List<Integer> rows = treeRows(before);
                        return rows.size() >= 7 && share(before, 380, 60, 700, 90, 150) > 0.003
                                ? Integer.toString(rows.get(6))
                                : null;
                    },
                    "the plan in the GUI");
            // the listener, last in the tree, shows its (empty, light) chart once selected
            await(
                    START,
                    () -> {
                        xdotool(display, "mousemove", "100", listenerRow, "click", "1");
                        Thread.sleep(1500);
                        screenshot(display, before);
                        return share(before, 600, 550, 1200, 850, 200) > 0.8 ? "shown" : null;
                    },
                    "the listener's graph");

            await(
                    START,
                    () -> {
                        xdotool(display, "key", "ctrl+r");
                        Thread.sleep(2000);
                        return contains(log, "Running the test!") ? "started" : null;
                    },
                    "the test to start");
            Path after = shots.resolve("kafka-metrics.png");
            try {
                await(
                        RUN,
                        () -> contains(log, "Notifying test listeners of end of test") ? "ended" : null,
                        "end of the test");
                // the graph repaints at most twice a second
                Thread.sleep(1500);
            } finally {
                screenshot(display, after);
            }

            assertThat(colouredPixels(after))
                    .as("lines drawn in %s (before start: %s)", after, before)
                    .isGreaterThan(colouredPixels(before) + 1000);
            assertThat(JMeterLog.read(log).errors()).as("ERROR in %s", log).isEmpty();
            assertThat(Files.readAllLines(runDir.resolve("kafka-metrics.csv"), StandardCharsets.UTF_8))
                    .anySatisfy(l -> assertThat(l).contains(",record-send-rate,"));
        } finally {
            stop(gui);
            stop(xvfb);
        }
    }

    /** The vertical centres of the text lines in the tree, at the window's left, top down. */
    private static List<Integer> treeRows(Path png) throws IOException {
        BufferedImage img = ImageIO.read(png.toFile());
        List<Integer> rows = new ArrayList<>();
        int start = -1;
        for (int y = 50; y < Math.min(img.getHeight(), 600); y++) {
            boolean text = false;
            for (int x = 30; x < 300 && !text; x++) {
                int rgb = img.getRGB(x, y);
                text = ((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff) > 3 * 150;
            }
            if (text && start < 0) {
                start = y;
            } else if (!text && start >= 0) {
                rows.add((start + y) / 2);
                start = -1;
            }
        }
        return rows;
    }

    /** The share of the pixels in the rectangle brighter than {@code level} (0-255, all channels). */
    private static double share(Path png, int x0, int y0, int x1, int y1, int level) throws IOException {
        BufferedImage img = ImageIO.read(png.toFile());
        long bright = 0;
        long all = 0;
        for (int y = y0; y < Math.min(y1, img.getHeight()); y++) {
            for (int x = x0; x < Math.min(x1, img.getWidth()); x++) {
                int rgb = img.getRGB(x, y);
                all++;
                if (((rgb >> 16) & 0xff) > level && ((rgb >> 8) & 0xff) > level && (rgb & 0xff) > level) {
                    bright++;
                }
            }
        }
        return all == 0 ? 0 : (double) bright / all;
    }

    /** Pixels of a strong colour: the graph's lines and legend; the dark theme has almost none. */
    private static long colouredPixels(Path png) throws IOException {
        BufferedImage img = ImageIO.read(png.toFile());
        long n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y);
                int r = (rgb >> 16) & 0xff;
                int g = (rgb >> 8) & 0xff;
                int b = rgb & 0xff;
                if (Math.max(r, Math.max(g, b)) - Math.min(r, Math.min(g, b)) > 120) {
                    n++;
                }
            }
        }
        return n;
    }

    private static void screenshot(String display, Path png) throws IOException, InterruptedException {
        run(display, List.of("import", "-window", "root", png.toString()));
    }

    private static String xdotool(String display, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("xdotool"));
        cmd.addAll(List.of(args));
        return run(display, cmd);
    }

    /** The command's first line of output, or null. */
    private static String run(String display, List<String> cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("DISPLAY", display);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        return p.exitValue() == 0 && !out.isEmpty() ? out.lines().findFirst().orElse(null) : null;
    }

    private interface Probe {
        String get() throws IOException, InterruptedException;
    }

    private static String await(Duration timeout, Probe probe, String what) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            String v = probe.get();
            if (v != null) {
                return v;
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("waited " + timeout.toSeconds() + " s in vain for " + what);
    }

    private static boolean contains(Path file, String text) throws IOException {
        return Files.exists(file)
                && Files.readString(file, StandardCharsets.UTF_8).contains(text);
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        return path != null
                && Arrays.stream(path.split(File.pathSeparator))
                        .anyMatch(dir -> Files.isExecutable(Path.of(dir, command)));
    }

    private static void stop(Process p) throws InterruptedException {
        if (p == null) {
            return;
        }
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
    }
}
