package io.github.jmeterkafka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.harness.Harness;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The jar's command line as a user meets it: help, version, typos, missing values and files, exit codes. */
class MainTest {

    /** What one command line printed and returned. */
    record Ran(int code, String out, String err) {}

    static Ran run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.execute(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                args);
        return new Ran(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void helpListsTheCommandsAndVersionSaysWhatIsBundled() {
        Ran help = run("--help");
        assertThat(help.code()).isZero();
        assertThat(help.out()).contains("Usage: jmeter-kafka [-hV] COMMAND", "sweep", "report", "echo");
        Ran version = run("--version");
        assertThat(version.code()).isZero();
        assertThat(version.out()).containsPattern("jmeter-kafka .+\\nkafka-clients \\d+\\.\\d+\\.\\d+\\nJava 17");
        assertThat(run("sweep", "--version").out()).isEqualTo(version.out());
    }

    @Test
    void everyCommandsHelpListsEveryOptionWithItsDefault_andIsTheOneItsPageShows() throws Exception {
        for (String[] c : new String[][] {
            {"sweep", "docs/sweeps.md"}, {"report", "docs/sweeps.md"}, {"echo", "docs/testing-services.md"}
        }) {
            Ran help = run(c[0], "--help");
            assertThat(help.code()).as(c[0]).isZero();
            assertThat(help.err()).isEmpty();
            assertThat(Files.readString(Harness.projectDir().resolve(c[1])))
                    .as(c[0] + " --help, as " + c[1] + " shows it")
                    .contains("```\n$ java -jar jmeter-kafka.jar " + c[0] + " --help\n" + help.out() + "```\n");
        }
        assertThat(run("sweep", "--help").out())
                .contains("--bootstrap=HOST:PORT", "--jmeter=DIR", "--out=DIR", "sweeps/NAME");
        assertThat(run("echo", "--help").out())
                .contains("--request-topic=NAME", "jmeter-kafka-requests", "--delay-ms=MS|MIN-MAX");
    }

    @Test
    void aTypoIsRefusedWithTheClosestOption_exit2_noStackTrace(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("quick.properties"), "name=quick\nplan=p.jmx\n");
        Ran typo = run("sweep", file.toString(), "--bootstrp", "x:1");
        assertThat(typo.code()).isEqualTo(2);
        assertThat(typo.err()).isEqualTo("""
                        jmeter-kafka sweep: Unknown option: '--bootstrp'; did you mean --bootstrap?
                        See 'java -jar jmeter-kafka.jar sweep --help'.
                        """);
        Ran echo = run("echo", "--bootstrap-sever", "b:1");
        assertThat(echo.code()).isEqualTo(2);
        assertThat(echo.err())
                .startsWith("jmeter-kafka echo: Unknown option: '--bootstrap-sever'; did you mean"
                        + " --bootstrap-server?\n");
        Ran command = run("swep", "x");
        assertThat(command.code()).isEqualTo(2);
        assertThat(command.err()).contains("did you mean sweep?");
        assertThat(run().err()).startsWith("jmeter-kafka: a command is missing: sweep, report or echo\n");
    }

    @Test
    void aMissingValueOrFileIsOneLineNamingIt_exit2() {
        Ran value = run("report", "rows.csv", "--out");
        assertThat(value.code()).isEqualTo(2);
        assertThat(value.err())
                .startsWith("jmeter-kafka report: Missing required parameter for option '--out' (DIR)\n")
                .doesNotContain("at io.github", "Exception");
        Ran file = run("sweep", "nofile.properties");
        assertThat(file.code()).isEqualTo(2);
        assertThat(file.err())
                .isEqualTo("jmeter-kafka sweep: no file nofile.properties (in "
                        + Path.of("").toAbsolutePath() + ")\nSee 'java -jar jmeter-kafka.jar sweep --help'.\n");
        Ran before = run("report", "nofile.csv");
        assertThat(before.err()).startsWith("jmeter-kafka report: no file nofile.csv (in ");
        assertThat(run("echo", "--bootstrap-server", "b:1", "--drop", "1").err())
                .startsWith("jmeter-kafka echo: --drop: '1' must be a share from 0 up to, not including, 1\n");
    }

    @Test
    void aSweepFileThatSaysSomethingWrongIsRefusedBeforeAnyRun(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("noplan.properties"), "name=noplan\nrepeats=1\n");
        Ran r = run("sweep", file.toString(), "--jmeter", dir.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("jmeter-kafka sweep: " + file + ": no plan= line\n");
        Path ok = Files.writeString(dir.resolve("ok.properties"), "name=ok\nplan=p.jmx\n");
        assertThat(run("sweep", ok.toString(), "--jmeter", dir.toString()).err())
                .startsWith("jmeter-kafka sweep: no plan " + dir.resolve("p.jmx") + " (the plan= of " + ok + ")\n");
        Files.writeString(dir.resolve("p.jmx"), "<jmeterTestPlan/>");
        assertThat(run("sweep", ok.toString(), "--jmeter", dir.toString()).err())
                .startsWith(
                        "jmeter-kafka sweep: no JMeter in " + dir.toAbsolutePath() + " (no bin/ApacheJMeter.jar)\n");
    }
}
