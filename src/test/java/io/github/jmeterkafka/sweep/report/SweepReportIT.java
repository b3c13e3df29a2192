package io.github.jmeterkafka.sweep.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Chromium;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.PageData;
import io.github.jmeterkafka.harness.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The command as a user with only the plugin jar runs it, {@code java -jar jmeter-kafka.jar report rows.csv
 * --compare before-rows.csv}: the jar carries ECharts, and with chromium on the PATH every chart of
 * the page is drawn (ECharts puts a canvas in its div); the screenshot goes to docs/sweeps.md.
 */
class SweepReportIT {
    private static final Pattern DRAWN_CHART = Pattern.compile("id=\"(chart-\\d+)\"[^>]*><div[^>]*><canvas");

    @Test
    void theCommandWritesAPageWhoseChartsAreDrawn() throws Exception {
        Path run =
                Files.createDirectories(Harness.targetDir().resolve("sweep-report-it-" + System.currentTimeMillis()));
        Files.writeString(run.resolve("rows.csv"), SweepFixture.AFTER);
        Files.writeString(run.resolve("before-rows.csv"), SweepFixture.BEFORE);

        Process p = Processes.start(new ProcessBuilder(
                        Paths.get(System.getProperty("java.home"), "bin", "java")
                                .toString(),
                        "-jar",
                        Harness.pluginJar().toString(),
                        "report",
                        // relative to the folder it starts in, as a user types them
                        "rows.csv",
                        "--compare",
                        "before-rows.csv")
                .directory(run.toFile())
                .redirectErrorStream(true)
                .redirectOutput(run.resolve("out.txt").toFile()));
        try {
            assertThat(p.waitFor(1, TimeUnit.MINUTES)).as("report ended").isTrue();
        } finally {
            Processes.stop(p, Duration.ZERO);
        }

        assertThat(p.exitValue()).as(Processes.tail(run.resolve("out.txt"), 20)).isZero();
        assertThat(Files.readString(run.resolve("out.txt"))).contains("Written " + run.resolve("report.html"));
        Path page = run.resolve("report.html");
        int charts = PageData.read(Files.readString(page), "sweepData")
                .path("charts")
                .size();
        assertThat(charts).isEqualTo(8);
        assertThat(run.resolve("report.md")).exists();
        assertThat(run.resolve("report-table.csv")).exists();

        Chromium chromium = Chromium.in(run);
        String dom = chromium.dumpDom(page);
        List<String> all =
                IntStream.range(0, charts).mapToObj(i -> "chart-" + i).toList();
        assertThat(DRAWN_CHART.matcher(dom).results().map(m -> m.group(1))).containsExactlyInAnyOrderElementsOf(all);
        chromium.screenshot(page, Harness.targetDir().resolve("screenshots/sweep-report.png"));
    }
}
