package io.github.jmeterkafka.ecosystem;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.JMeter;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The plugin's GUI where users' JMeter and Java are: for each JMeter and Java of
 * {@link CompatibilityIT} whose GUI starts on Java 17, the GUI opens the quick start, paints every Kafka panel, saves the plan,
 * and the saved plan runs headless in that JMeter. Runs in {@code mvn -Pcompat verify}.
 */
class CompatibilityGuiIT {

    static Stream<Arguments> jmeterAndJava() throws Exception {
        return CompatibilityIT.jmeterAndJava().filter(run -> !CompatibilityIT.headlessOnly((Path) run.get()[0]));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("jmeterAndJava")
    void theGuiOpensPaintsAndSavesThePlan(Path home, Path java) throws Exception {
        Assumptions.assumeTrue(java != null, "no JDK for the newest-Java row");
        assertThat(Xvfb.onPath()).as("Xvfb on the PATH (apt-get install xvfb)").isTrue();
        JMeter jmeter = new JMeter(home, Harness.targetDir().resolve("jmeter-runs")).installPlugin();
        String run = home.getFileName() + "-" + javaName(java);
        Path saved = GuiScreenshotIT.openPaintAndSave(
                home,
                java,
                Harness.targetDir().resolve("screenshots-compat").resolve(run),
                "gui-" + run + "-" + System.nanoTime());
        GuiScreenshotIT.runsHeadlessLikeQuickstart(jmeter, saved, java);
        System.out.printf(
                "compat gui: %s on %s: panels painted, plan saved and run headless%n", home.getFileName(), java);
    }

    /** The JDK's folder name, e.g. temurin-25-jdk-amd64. */
    private static String javaName(Path java) {
        return java.getParent().getParent().getFileName().toString();
    }
}
