package io.github.jmeterkafka.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** The rules that name a run's first limit, on recorded seconds. */
class LimitFiguresTest {
    private static final long SECOND = 1_000_000_000L;
    private static final LimitSample.Generator IDLE = new LimitSample.Generator(0.40, 0.25, 2, 2, 2);
    private static final LimitSample.Client CALM = new LimitSample.Client(1.5, 0, 0.6, 0, 0, 0, Double.NaN);
    private static final Map<Integer, Double> EVEN = Map.of(1, 3.0, 2, 4.0, 3, 3.5);
    private static final LimitSample.Replication HEALTHY = new LimitSample.Replication(0, 0, 0, 0);

    /** {@code n} seconds from second 1 on, each made by {@code at}. */
    private static List<LimitSample> seconds(int n, IntFunction<LimitSample> at) {
        List<LimitSample> out = new ArrayList<>();
        for (int s = 1; s <= n; s++) {
            out.add(at.apply(s));
        }
        return out;
    }

    private static LimitSample calm(int s) {
        return new LimitSample(s * SECOND, IDLE, CALM, EVEN, HEALTHY);
    }

    private static LimitFigures all(List<LimitSample> seconds) {
        return LimitFigures.of(seconds, new long[] {0, seconds.size() * SECOND});
    }

    @Test
    void aCalmRunHitsNoLimit() {
        LimitFigures f = all(seconds(10, LimitFiguresTest::calm));

        assertThat(f.first()).isNull();
        assertThat(f.firstLine("")).isEqualTo("first limit hit: none seen");
        assertThat(f.line(""))
                .isEqualTo(
                        "limits: generator cores 40 % busy (max 40 %), this JVM 25 % of 2, its threads waited n/a a second for a core, GC paused"
                                + " 0 % (longest 2.0 ms); client queue 1.5 ms, buffer.memory full 0 %, batches 60 % full, throttled"
                                + " 0.0 ms, 0 retries, 0 errors; request latency by broker 1: 3.0 ms, 2: 4.0 ms, 3: 3.5 ms; replication 0"
                                + " under-replicated, 0 under min ISR, 0 offline (most at once), 0 leader changes");
    }

    @Test
    void withConsumersTheLineAndTheRowsSayTheMostTheyLaggedInAnySecond() {
        LimitFigures f = all(seconds(
                5,
                s -> new LimitSample(
                        s * SECOND, IDLE, new LimitSample.Client(1.5, 0, 0.6, 0, 0, 0, 100.0 * s), EVEN, HEALTHY)));

        assertThat(f.line("")).contains(", 0 errors, consumers' lag up to 500 records; request latency by broker");
        assertThat(f.into(new SummaryRow("consumer", "c", SummaryRow.ALL)).get(SummaryRow.Column.CONSUMER_LAG))
                .isEqualTo("500");
        assertThat(all(seconds(3, LimitFiguresTest::calm))
                        .into(new SummaryRow("producer", "p", SummaryRow.ALL))
                        .get(SummaryRow.Column.CONSUMER_LAG))
                .as("no consumer, no lag")
                .isEmpty();
    }

    @Test
    void busyCoresCountFromTheFirstOfThreeSecondsInARowNotFromABlip() {
        LimitSample.Generator busy = new LimitSample.Generator(0.97, 0.58, 2, 3, 3);
        LimitFigures f = all(
                seconds(12, s -> s == 2 || s >= 6 ? new LimitSample(s * SECOND, busy, CALM, EVEN, HEALTHY) : calm(s)));

        assertThat(f.first().kind()).isEqualTo(LimitKind.GENERATOR);
        assertThat(f.first().atSecond()).isEqualTo(5);
        assertThat(f.first().cell()).isEqualTo("generator: its 2 cores were 97 % busy (this JVM 58 %), 5 s in");
        assertThat(f.firstLine(" (steady state)"))
                .isEqualTo("first limit hit (steady state): the load generator, 5 s in: its 2 cores were 97 % busy"
                        + " (this JVM 58 %)");
    }

    @Test
    void fullCoresAreTheGeneratorsLimitOnlyWhenItsThreadsWaitedForThem() {
        // the brokers fill the cores, JMeter's threads got one whenever they asked: not the generator's limit
        LimitSample.Generator othersBusy = new LimitSample.Generator(0.97, 0.20, 2, 0, 0, 12);
        assertThat(all(seconds(6, s -> new LimitSample(s * SECOND, othersBusy, CALM, EVEN, HEALTHY)))
                        .first())
                .isNull();

        LimitSample.Generator starved = new LimitSample.Generator(0.97, 0.58, 2, 0, 0, 340);
        LimitFigures f = all(seconds(6, s -> new LimitSample(s * SECOND, starved, CALM, EVEN, HEALTHY)));
        assertThat(f.first().what())
                .isEqualTo("its 2 cores were 97 % busy (this JVM 58 %; its threads waited 340 ms a second for one)");
        assertThat(f.line("")).contains("this JVM 58 % of 2, its threads waited 340.0 ms a second for a core, GC");
        assertThat(f.into(new SummaryRow("producer", "p", SummaryRow.ALL)).get(SummaryRow.Column.THREADS_WAITED_MS))
                .isEqualTo("340.00");
    }

    @Test
    void gcPausesHoldTheGeneratorUp() {
        LimitSample.Generator gc = new LimitSample.Generator(0.5, 0.4, 4, 250, 180);
        LimitFigures f = all(seconds(5, s -> new LimitSample(s * SECOND, gc, CALM, EVEN, HEALTHY)));

        assertThat(f.first().what()).isEqualTo("its GC paused 250 ms a second");
    }

    @Test
    void aQuotaIsNamedFromItsFirstThrottledSecondEvenWhenTheCpuFillsLater() {
        LimitSample.Generator busy = new LimitSample.Generator(0.99, 0.9, 1, 0, 0);
        LimitSample.Client throttled = new LimitSample.Client(40, 0.5, 1, 310, 0, 0, Double.NaN);
        LimitFigures f = all(seconds(
                10, s -> new LimitSample(s * SECOND, s >= 4 ? busy : IDLE, s >= 2 ? throttled : CALM, EVEN, HEALTHY)));

        assertThat(f.first().kind()).isEqualTo(LimitKind.QUOTA);
        assertThat(f.first().atSecond()).isEqualTo(1);
        assertThat(f.first().what()).isEqualTo("throttled 310 ms by a broker's quota");
    }

    @Test
    void replicationNamesWhatTheClusterLost() {
        LimitFigures f = all(seconds(
                8,
                s -> new LimitSample(
                        s * SECOND,
                        IDLE,
                        CALM,
                        EVEN,
                        s >= 6 ? new LimitSample.Replication(3, 3, 0, s == 6 ? 1 : 0) : HEALTHY)));

        assertThat(f.first().kind()).isEqualTo(LimitKind.REPLICATION);
        assertThat(f.first().what()).isEqualTo("3 partitions under min ISR");
        assertThat(f.first().atSecond()).isEqualTo(5);
        assertThat(f.line(""))
                .contains("replication 3 under-replicated, 3 under min ISR, 0 offline (most at once),"
                        + " 1 leader changes");
        SummaryRow row = f.into(new SummaryRow("producer", "p", SummaryRow.ALL));
        assertThat(row.get(SummaryRow.Column.UNDER_REPLICATED)).isEqualTo("3");
        assertThat(row.get(SummaryRow.Column.UNDER_MIN_ISR)).isEqualTo("3");
        assertThat(row.get(SummaryRow.Column.LEADER_CHANGES)).isEqualTo("1");
    }

    @Test
    void aBrokerThatStandsOutIsNamedAndOneSlowNodeAloneIsNot() {
        Map<Integer, Double> slow = Map.of(1, 3.0, 2, 4.0, 3, 180.0);
        LimitFigures three = all(seconds(6, s -> new LimitSample(s * SECOND, IDLE, CALM, slow, HEALTHY)));
        assertThat(three.first().kind()).isEqualTo(LimitKind.BROKER);
        assertThat(three.first().what()).isEqualTo("broker 3 answered in 180 ms, the others in 4 ms");

        // a single broker has no others to stand out from; all slow alike is no one broker's fault
        LimitFigures one = all(seconds(6, s -> new LimitSample(s * SECOND, IDLE, CALM, Map.of(1, 180.0), HEALTHY)));
        assertThat(one.first()).isNull();
        Map<Integer, Double> allSlow = Map.of(1, 150.0, 2, 170.0, 3, 180.0);
        assertThat(all(seconds(6, s -> new LimitSample(s * SECOND, IDLE, CALM, allSlow, HEALTHY)))
                        .first())
                .isNull();
    }

    /** Second {@code s} of a calm run in which node 1 answered a request after {@code ms} (its window's longest). */
    private static LimitSample stall(int s, LimitSample.Generator g, LimitSample.Replication r, double ms) {
        return new LimitSample(s * SECOND, g, CALM, Map.of(1, 12.0), r, Map.of(), Map.of(1, ms, 2, 9.0));
    }

    @Test
    void aRequestAnsweredAfterASecondOrMoreNamesItsBrokerFromThatSecondEvenAlone() {
        LimitFigures f = all(seconds(8, s -> s == 4 ? stall(s, IDLE, HEALTHY, 2012.4) : calm(s)));

        assertThat(f.first().kind()).isEqualTo(LimitKind.BROKER);
        assertThat(f.first().atSecond()).isEqualTo(3);
        assertThat(f.first().what()).isEqualTo("broker 1 took 2012 ms to answer a request");
        assertThat(all(seconds(8, s -> s == 4 ? stall(s, IDLE, HEALTHY, 900) : calm(s)))
                        .first())
                .as("below a second: no stall")
                .isNull();
    }

    @Test
    void aLongRequestThatThisJvmOrReplicationExplainsIsNoBrokersStall() {
        // the JVM's threads waited for a core for as long as half the request, in a second it spanned
        LimitSample.Generator waited = new LimitSample.Generator(0.6, 0.3, 2, 2, 2, 1200);
        assertThat(all(seconds(
                                8,
                                s -> s == 4
                                        ? stall(s, IDLE, HEALTHY, 2000)
                                        : s == 3 ? stall(s, waited, HEALTHY, 9) : calm(s)))
                        .first())
                .isNull();
        // a GC pause as long
        LimitSample.Generator paused = new LimitSample.Generator(0.6, 0.3, 2, 1500, 1500);
        assertThat(all(seconds(8, s -> s == 4 ? stall(s, paused, HEALTHY, 2000) : calm(s)))
                        .first())
                .isNull();
        // a follower lost under acks=all: the leader answers once the ISR shrinks, which the cluster shows next
        LimitSample.Replication shrunk = new LimitSample.Replication(6, 0, 0, 0);
        LimitFigures f = all(seconds(
                8,
                s -> s == 4
                        ? stall(s, IDLE, HEALTHY, 9000)
                        : new LimitSample(s * SECOND, IDLE, CALM, EVEN, s >= 5 ? shrunk : HEALTHY)));
        assertThat(f.first().kind()).isEqualTo(LimitKind.REPLICATION);
        assertThat(f.first().what()).isEqualTo("6 partitions under-replicated");
    }

    private static LimitSample.Broker broker(double handlerIdle, double networkIdle, double produceMs) {
        return new LimitSample.Broker(
                handlerIdle,
                networkIdle,
                produceMs,
                0.2,
                0.8,
                produceMs - 1.1,
                0.1,
                500,
                0,
                0,
                2 * 1048576.0,
                4 * 1048576.0,
                1.5);
    }

    @Test
    void aBrokerWhoseThreadsAreBusyIsNamed_evenAlone_andItsFiguresAreALineOfTheirOwn() {
        // seconds 1-2 half idle, from second 3 broker 2's request handlers are 8 % idle; broker 3 could not be read
        LimitFigures f = all(seconds(
                8,
                s -> new LimitSample(
                        s * SECOND,
                        IDLE,
                        CALM,
                        EVEN,
                        HEALTHY,
                        Map.of(
                                1, broker(0.9, 0.95, 2.0),
                                2, broker(s >= 3 ? 0.08 : 0.5, 0.9, 6.0),
                                3, LimitSample.Broker.NONE))));

        assertThat(f.first().kind()).isEqualTo(LimitKind.BROKER);
        assertThat(f.firstLine(""))
                .isEqualTo("first limit hit: a broker, 2 s in: broker 2's request handler threads were 8 % idle");
        assertThat(LimitFigures.lines(f, null))
                .hasSize(3)
                .last()
                .asString()
                .startsWith("brokers: 1: handlers 90 % idle, network 95 % idle, produce 2.0 ms (queue 0.2 ms, local 0.8"
                        + " ms, remote 0.9 ms, send 0.1 ms), fetch 500.0 ms, in 2.0 MB/s, out 4.0 MB/s, 0 under-replicated"
                        + " (most), 0 ISR shrinks, log flush 1.5 ms; 2: handlers 19 % idle")
                .endsWith("; 3: n/a");
        SummaryRow row = f.into(new SummaryRow("producer", "p", SummaryRow.ALL));
        assertThat(row.get(SummaryRow.Column.LEAST_IDLE_BROKER)).isEqualTo("2");
        assertThat(row.get(SummaryRow.Column.BROKER_HANDLERS_IDLE_PERCENT)).isEqualTo("18.50");
        assertThat(row.get(SummaryRow.Column.BROKER_PRODUCE_MS)).isEqualTo("6.00");

        // a broker's network threads count too; without broker figures there is no third line
        LimitFigures network = all(seconds(
                4, s -> new LimitSample(s * SECOND, IDLE, CALM, EVEN, HEALTHY, Map.of(1, broker(0.9, 0.12, 2.0)))));
        assertThat(network.first().what()).isEqualTo("broker 1's network threads were 12 % idle");
        assertThat(LimitFigures.lines(all(seconds(4, LimitFiguresTest::calm)), null))
                .hasSize(2);
    }

    @Test
    void theClientIsNamedForAFullBufferOrFailedRecords() {
        LimitSample.Client full = new LimitSample.Client(90, 0.35, 1, 0, 0, 0, Double.NaN);
        assertThat(all(seconds(5, s -> new LimitSample(s * SECOND, IDLE, full, EVEN, HEALTHY)))
                        .first()
                        .what())
                .isEqualTo("sends waited for buffer.memory 35 % of the time");
        LimitSample.Client failing = new LimitSample.Client(1, 0, 1, 0, 4, 2, Double.NaN);
        LimitFigures f =
                all(seconds(5, s -> new LimitSample(s * SECOND, IDLE, s == 3 ? failing : CALM, EVEN, HEALTHY)));
        assertThat(f.first().cell()).isEqualTo("client: 2 records failed, 2 s in");
        assertThat(f.line("")).contains("4 retries, 2 errors");
    }

    @Test
    void aTieGoesToTheGeneratorWhoseShortageSlowsTheRest() {
        LimitSample.Generator busy = new LimitSample.Generator(0.95, 0.9, 2, 0, 0);
        LimitSample.Client full = new LimitSample.Client(90, 0.5, 1, 0, 0, 0, Double.NaN);
        LimitFigures f = all(seconds(5, s -> new LimitSample(s * SECOND, busy, full, EVEN, HEALTHY)));

        assertThat(f.first().kind()).isEqualTo(LimitKind.GENERATOR);
    }

    @Test
    void whatCouldNotBeReadIsNotAvailableNeverZero() {
        LimitSample.Generator unknown = new LimitSample.Generator(Double.NaN, 0.2, 2, 0, 0);
        LimitFigures f =
                all(seconds(3, s -> new LimitSample(s * SECOND, unknown, LimitSample.Client.NONE, Map.of(), null)));

        assertThat(f.line(""))
                .isEqualTo(
                        "limits: generator cores n/a busy (max n/a), this JVM 20 % of 2, its threads waited n/a a second for a core, GC paused 0 %"
                                + " (longest 0.0 ms); client queue n/a, buffer.memory full n/a, batches n/a full, throttled n/a, n/a"
                                + " retries, n/a errors; request latency by broker n/a; replication n/a");
        SummaryRow row = f.into(new SummaryRow("producer", "p", SummaryRow.ALL));
        assertThat(row.get(SummaryRow.Column.CORES_BUSY_PERCENT)).isEmpty();
        assertThat(row.get(SummaryRow.Column.QUEUE_MS)).isEmpty();
        assertThat(row.get(SummaryRow.Column.JVM_CPU_PERCENT)).isEqualTo("20.00");
        assertThat(row.get(SummaryRow.Column.FIRST_LIMIT)).isEqualTo("none seen");
        assertThat(row.get(SummaryRow.Column.UNDER_REPLICATED)).isEmpty();
    }

    @Test
    void eachRowGetsTheSecondsOfItsOwnWindow() {
        LimitSample.Generator busy = new LimitSample.Generator(0.97, 0.6, 2, 0, 0);
        List<LimitSample> run =
                seconds(20, s -> s <= 5 ? new LimitSample(s * SECOND, busy, CALM, EVEN, HEALTHY) : calm(s));
        LimitFigures whole = LimitFigures.of(run, new long[] {0, 20 * SECOND});
        LimitFigures steady = LimitFigures.of(run, new long[] {6 * SECOND, 20 * SECOND});
        List<SummaryRow> rows = List.of(
                new SummaryRow("producer", "p", SummaryRow.ALL), new SummaryRow("producer", "p", SummaryRow.STEADY));

        LimitFigures.into(rows, whole, steady);

        assertThat(LimitKind.of(rows.get(0).get(SummaryRow.Column.FIRST_LIMIT))).isEqualTo(LimitKind.GENERATOR);
        assertThat(rows.get(1).get(SummaryRow.Column.FIRST_LIMIT)).isEqualTo("none seen");
        assertThat(rows.get(1).get(SummaryRow.Column.SLOWEST_BROKER)).isEqualTo("2");
        assertThat(LimitFigures.lines(whole, steady)).first().asString().startsWith("first limit hit (steady state)");
        assertThat(LimitFigures.lines(LimitFigures.of(List.of(), new long[] {0, 1}), null))
                .isEmpty();
    }

    @Test
    void aCellNamesItsKind() {
        assertThat(LimitKind.of("quota: throttled 3 ms by a broker's quota, 2 s in"))
                .isEqualTo(LimitKind.QUOTA);
        assertThat(LimitKind.of("none seen")).isNull();
        assertThat(LimitKind.of("")).isNull();
        assertThat(LimitKind.of(null)).isNull();
    }
}
