package io.github.jmeterkafka.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JMeterLogTest {

    @Test
    void groupsStackTracesWithTheirEntryAndFiltersByLevel() {
        JMeterLog log = JMeterLog.parse("""
                2024-01-01 12:00:00,123 INFO o.a.j.JMeter: Version 5.6.3
                2024-01-01 12:00:00,200 WARN o.a.j.s.FileServer: no base dir
                2024-01-01 12:00:01,001 ERROR o.a.j.t.JMeterThread: Test failed!
                java.lang.IllegalStateException: boom
                \tat a.b.C.d(C.java:1)
                2024-01-01 12:00:02,000 INFO o.a.j.r.Summariser: summary = 10
                """);

        assertThat(log.entries()).hasSize(4);
        assertThat(log.errors()).singleElement().satisfies(e -> {
            assertThat(e).startsWith("2024-01-01 12:00:01,001 ERROR o.a.j.t.JMeterThread: Test failed!");
            assertThat(e).contains("IllegalStateException: boom").contains("C.java:1");
        });
        assertThat(log.warnings()).singleElement().asString().contains("no base dir");
        assertThat(log.warningsAndErrors()).hasSize(2);
    }

    @Test
    void messageTextMentioningErrorIsNotAnError() {
        JMeterLog log = JMeterLog.parse("2024-01-01 12:00:00,123 INFO o.a.j.r.Summariser: Err: 0 ERROR none\n");
        assertThat(log.errors()).isEmpty();
    }

    @Test
    void aMissingOrEntrylessLogFailsInsteadOfReadingAsClean(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("jmeter.log");
        assertThatThrownBy(() -> JMeterLog.read(missing)).hasMessageContaining("No jmeter.log at " + missing);

        Path other = Files.writeString(dir.resolve("other.log"), "Exception in thread main\n");
        assertThatThrownBy(() -> JMeterLog.read(other)).hasMessageContaining("No log entry in " + other);
    }
}
