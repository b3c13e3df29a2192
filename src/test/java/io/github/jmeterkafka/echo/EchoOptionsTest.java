package io.github.jmeterkafka.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EchoOptionsTest {

    @Test
    void defaultsAreTheReadyPlansTopicsAndSpringKafkasHeaders() {
        EchoOptions o = EchoOptions.parse("--bootstrap-server", "b:9092");
        assertThat(o.bootstrapServers()).isEqualTo("b:9092");
        assertThat(o.requestTopic()).isEqualTo("jmeter-kafka-requests");
        assertThat(o.replyTopic()).isEqualTo("jmeter-kafka-replies");
        assertThat(o.correlationHeader()).isEqualTo("kafka_correlationId");
        assertThat(o.replyTopicHeader()).isEqualTo("kafka_replyTopic");
        assertThat(o.partitions()).isZero();
        assertThat(o.delay().none()).isTrue();
        assertThat(o.drop()).isZero();
        assertThat(o.group()).isNull();
        assertThat(o.duration()).isNull();
        assertThat(o.idleExit()).isNull();
        assertThat(o.fromBeginning()).isFalse();
    }

    @Test
    void readsEveryOption(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("client.properties");
        Files.writeString(config, "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n", StandardCharsets.UTF_8);
        EchoOptions o = EchoOptions.parse(
                "--bootstrap-server",
                "b:9092",
                "--request-topic",
                "in",
                "--reply-topic",
                "out",
                "--partitions",
                "6",
                "--correlation-header",
                "cid",
                "--reply-topic-header",
                "to",
                "--delay-ms",
                "2-20",
                "--drop",
                "0.01",
                "--seed",
                "7",
                "--group",
                "echoes",
                "--from-beginning",
                "--duration-s",
                "60",
                "--idle-exit-s",
                "3",
                "--command-config",
                config.toString(),
                "--property",
                "sasl.mechanism=SCRAM-SHA-512");
        assertThat(o.requestTopic()).isEqualTo("in");
        assertThat(o.replyTopic()).isEqualTo("out");
        assertThat(o.partitions()).isEqualTo(6);
        assertThat(o.correlationHeader()).isEqualTo("cid");
        assertThat(o.replyTopicHeader()).isEqualTo("to");
        assertThat(o.delay()).isEqualTo(new DelayRange(2, 20));
        assertThat(o.drop()).isEqualTo(0.01);
        assertThat(o.seed()).isEqualTo(7L);
        assertThat(o.group()).isEqualTo("echoes");
        assertThat(o.fromBeginning()).isTrue();
        assertThat(o.duration()).isEqualTo(Duration.ofSeconds(60));
        assertThat(o.idleExit()).isEqualTo(Duration.ofSeconds(3));
        // the later option wins, as it does in Kafka's tools
        assertThat(o.properties())
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512");
    }

    @Test
    void badInputIsAnErrorNamingTheOption() {
        assertThatThrownBy(() -> EchoOptions.parse("--partitions", "6"))
                .hasMessage("Missing required option: '--bootstrap-server=HOST:PORT'");
        assertThatThrownBy(() -> EchoOptions.parse("--bootstrap-server", "b", "--partitions", "0"))
                .hasMessage("--partitions: '0' must be 1 or more");
        assertThatThrownBy(() -> EchoOptions.parse("--bootstrap-server", "b", "--drop", "1"))
                .hasMessage("--drop: '1' must be a share from 0 up to, not including, 1");
        assertThatThrownBy(() -> EchoOptions.parse("--bootstrap-server", "b", "--delay-ms", "20-2"))
                .hasMessage("--delay-ms: '20-2' must be 0 or more, the range low to high");
        assertThatThrownBy(() -> EchoOptions.parse("--bootstrap-server", "b", "--delay-ms", "soon"))
                .hasMessageStartingWith("--delay-ms: 'soon' is neither");
        assertThatThrownBy(() -> EchoOptions.parse("--bootstrap-server", "b", "--property", "acks"))
                .hasMessage("--property: 'acks' is not KEY=VALUE");
        assertThatThrownBy(() -> EchoOptions.parse("--bootstrap-server", "b", "--verbose", "yes"))
                .hasMessageStartingWith("Unknown options: '--verbose'");
        assertThatThrownBy(() -> EchoOptions.parse("--bootstrap-server"))
                .hasMessageStartingWith("Missing required parameter for option '--bootstrap-server'");
        assertThatThrownBy(() -> EchoOptions.parse("--bootstrap-server", "b", "--command-config", "/no/such/file"))
                .hasMessageStartingWith("--command-config: cannot read /no/such/file");
    }

    @Test
    void aDelayRangeDrawsFromBothEndsAndNothingOutside() {
        DelayRange range = DelayRange.parse("2-5");
        SplittableRandom random = new SplittableRandom(1);
        assertThat(IntStream.range(0, 1000).mapToLong(i -> range.nextMs(random)).distinct())
                .containsExactlyInAnyOrder(2L, 3L, 4L, 5L);
        assertThat(DelayRange.parse(" 7 ").nextMs(random)).isEqualTo(7);
        assertThat(DelayRange.parse("0").none()).isTrue();
        assertThat(range).hasToString("2-5 ms");
    }
}
