package io.github.jmeterkafka.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The assembled JMeter home runs a plan headless with the plugin jar installed, alone or beside other plugins. */
class JMeterHomeIT {

    private static final String LABEL = "smoke, \"debug\"";
    private static final Path SMOKE = Harness.projectDir().resolve("src/test/resources/plans/smoke.jmx");

    private static JMeter jmeter;

    @BeforeAll
    static void installPlugin() {
        jmeter = JMeter.fromSystemProperties().installPlugin();
    }

    @Test
    void runsSmokePlanWithPluginInstalled() {
        JMeter.Result result = jmeter.plan(SMOKE)
                .property("smoke.value", "hello, \"world\"")
                .sampleVariables("smokeVar")
                .run();

        assertCleanSmokeRun(result, 2 * 5);
        assertThat(result.samples().rows()).allSatisfy(row -> {
            assertThat(row.get("smokeVar")).isEqualTo("hello, \"world\"");
            assertThat(row.responseCode()).isEqualTo("200");
        });
        assertThat(result.samples().rows().stream()
                        .map(Jtl.Row::threadName)
                        .distinct()
                        .count())
                .isEqualTo(2);
    }

    @Test
    void runsBesideJmeterPluginsCommon() throws IOException {
        Path cmn = single(JMeter.jars(Harness.jmeterExtraDir(), "jmeter-plugins-cmn-jmeter"));
        jmeter.addLib(cmn);
        try {
            JMeter.Result result = jmeter.plan(SMOKE)
                    .name("smoke-with-cmn")
                    .property("loops", "3")
                    .run();
            assertCleanSmokeRun(result, 2 * 3);
        } finally {
            jmeter.removeLib(cmn.getFileName().toString());
        }
        assertThat(jmeter.libDir().resolve(cmn.getFileName())).doesNotExist();
    }

    @Test
    void installingThePluginReplacesAnOlderJar() throws IOException {
        Path stale = Files.write(jmeter.libExtDir().resolve("jmeter-kafka-0.0.1.jar"), new byte[0]);
        jmeter.installPlugin();

        assertThat(stale).doesNotExist();
        List<String> installed = JMeter.jars(jmeter.libExtDir(), "jmeter-kafka").stream()
                .map(p -> p.getFileName().toString())
                .collect(Collectors.toList());
        assertThat(installed).containsExactly(Harness.pluginJar().getFileName().toString());
        assertThat(JMeter.jars(jmeter.libDir(), "jmeter-kafka")).isEmpty();
    }

    private static void assertCleanSmokeRun(JMeter.Result result, int expectedSamples) {
        assertThat(result.exitCode()).as(result.describe()).isZero();
        Jtl jtl = result.samples();
        assertThat(jtl.rows()).as(result.describe()).hasSize(expectedSamples);
        assertThat(jtl.rows(LABEL)).hasSize(expectedSamples);
        assertThat(jtl.failures()).isEmpty();
        assertThat(jtl.totalSampleCount()).isEqualTo(expectedSamples);
        assertThat(jtl.totalErrorCount()).isZero();
        assertThat(result.logErrors()).as("ERROR in %s", result.log()).isEmpty();
    }

    private static Path single(List<Path> jars) {
        assertThat(jars).as("jars in %s", Harness.jmeterExtraDir()).hasSize(1);
        return jars.get(0);
    }
}
