package io.github.jmeterkafka.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.measure.Objective;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RateSearchTest {
    private static final Objective P99 = Objective.latency("corrected p99 <= 50 ms");

    private static Search search(long low, long high) {
        return new Search(low, high, P99, 5, 30);
    }

    /** A cluster whose runs hold up to {@code capacity}, the rates tried in order. */
    private static final class Cluster implements RateSearch.Trial {
        final List<Long> tried = new ArrayList<>();
        final LongPredicate holds;
        // from this rate on the failing runs' first limit is the load generator's
        long generatorFrom = Long.MAX_VALUE;

        Cluster(LongPredicate holds) {
            this.holds = holds;
        }

        @Override
        public Verdict run(long rate) {
            tried.add(rate);
            boolean ok = holds.test(rate);
            return new Verdict(
                    rate,
                    ok,
                    ok ? "" : "corrected p99 80 ms > 50 ms",
                    100.0,
                    ok ? 30.0 : 80.0,
                    new Verdict.Corrected(5.0, 30.0, 60.0),
                    rate >= generatorFrom ? "generator: its core was 99 % busy (this JVM 97 %), 3 s in" : "none seen");
        }
    }

    private static RateSearch.Result run(Search s, int repeats, Cluster c) throws Exception {
        return new RateSearch(s, repeats, c, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .run();
    }

    @Test
    void growsThenBisectsToTheHighestRateThatHoldsWithinThePrecision() throws Exception {
        Cluster c = new Cluster(rate -> rate <= 47_300);

        RateSearch.Result r = run(search(10_000, 200_000), 1, c);

        assertThat(r.status()).isEqualTo(RateSearch.Status.FOUND);
        assertThat(c.tried).startsWith(10_000L, 20_000L, 40_000L, 80_000L, 60_000L, 50_000L, 45_000L);
        assertThat(r.held().rate()).isLessThanOrEqualTo(47_300).isGreaterThanOrEqualTo((long) (47_300 / 1.05));
        assertThat(r.failed().rate() - r.held().rate())
                .isLessThanOrEqualTo(r.held().rate() * 5 / 100);
        assertThat(c.tried).hasSizeLessThanOrEqualTo(10);
        assertThat(r.text())
                .startsWith("The highest rate that holds corrected p99 <= 50 ms: 4")
                .contains(
                        "The lowest that failed: ",
                        "records/s: corrected p99 80 ms > 50 ms",
                        "after " + c.tried.size() + " runs");
    }

    @Test
    void aGeneratorBoundFailureIsNotReportedAsTheClustersLimit() throws Exception {
        Cluster c = new Cluster(rate -> rate <= 65_000);
        c.generatorFrom = 65_001;

        RateSearch.Result r = run(search(10_000, 200_000), 1, c);

        assertThat(r.status()).isEqualTo(RateSearch.Status.GENERATOR_BOUND);
        assertThat(r.text())
                .contains(
                        "the first limit hit was the load generator's, not the cluster's (generator: its core was 99 %"
                                + " busy (this JVM 97 %), 3 s in): the cluster's limit is above "
                                + String.format(
                                        java.util.Locale.ROOT, "%,d", r.held().rate()) + " records/s",
                        "run JMeter on machines of its own")
                .doesNotContain("The lowest that failed");
        // the same search whose failing runs name no generator limit answers as before
        RateSearch.Result cluster = run(search(10_000, 200_000), 1, new Cluster(rate -> rate <= 65_000));
        assertThat(cluster.status()).isEqualTo(RateSearch.Status.FOUND);
        assertThat(cluster.text()).contains("The lowest that failed");
    }

    @Test
    void saysSoWhenEvenTheBoundsHoldOrTheLowestFails() throws Exception {
        Cluster strong = new Cluster(rate -> true);
        RateSearch.Result above = run(search(1000, 5000), 1, strong);
        assertThat(above.status()).isEqualTo(RateSearch.Status.ABOVE_BOUNDS);
        assertThat(strong.tried).containsExactly(1000L, 2000L, 4000L, 5000L);
        assertThat(above.text()).contains("up to the highest bound 5,000 records/s", "raise search.rate's bound");

        Cluster weak = new Cluster(rate -> false);
        RateSearch.Result below = run(search(1000, 5000), 1, weak);
        assertThat(below.status()).isEqualTo(RateSearch.Status.BELOW_BOUNDS);
        assertThat(weak.tried).containsExactly(1000L);
        assertThat(below.held()).isNull();
        assertThat(below.text()).contains("the lowest bound 1,000 records/s failed: corrected p99 80 ms > 50 ms");
    }

    @Test
    void repeatsConfirmBothEndsOrTheSearchSaysItDidNotSettle() throws Exception {
        Cluster steady = new Cluster(rate -> rate <= 30_000);
        RateSearch.Result confirmed = run(search(10_000, 100_000), 3, steady);
        assertThat(confirmed.status()).isEqualTo(RateSearch.Status.FOUND);
        assertThat(confirmed.text()).contains("confirmed by 3 runs of each");
        // both ends twice more
        assertThat(steady.tried.subList(steady.tried.size() - 4, steady.tried.size()))
                .containsExactly(
                        confirmed.held().rate(),
                        confirmed.held().rate(),
                        confirmed.failed().rate(),
                        confirmed.failed().rate());

        // noisy: the held rate fails every second time it runs again
        int[] runsOfAnswer = {0};
        Cluster noisy = new Cluster(rate -> rate <= 30_000 && (rate != 30_000 || runsOfAnswer[0]++ % 2 == 0));
        RateSearch.Result unsettled = run(search(10_000, 100_000), 3, noisy);
        assertThat(unsettled.status()).isEqualTo(RateSearch.Status.UNSETTLED);
        assertThat(unsettled.text())
                .startsWith("The search did not settle corrected p99 <= 50 ms: 30,000 records/s held in 2 of 3 runs")
                .contains("no rate is given")
                .doesNotContain("highest rate that holds");
    }

    @Test
    void aRateBetweenTwoIsReadable() {
        assertThat(Search.between(40_000, 80_000)).isEqualTo(60_000);
        assertThat(Search.between(45_000, 50_000)).isEqualTo(47_500);
        assertThat(Search.between(47_512, 49_999)).isEqualTo(48_800);
        assertThat(Search.between(10, 11)).isZero();
        assertThat(Search.between(10, 12)).isEqualTo(11);
    }

    @Test
    void aSearchFileSaysWhatIsWrongBeforeAnyRun(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        assertThat(error(dir, "search.rate=1000-50000\nsearch.objective=corrected p98 <= 50 ms\n"))
                .contains("search.objective=corrected p98 <= 50 ms is not an objective", "p99.99");
        assertThat(error(dir, "search.rate=50000-1000\nsearch.objective=corrected p99 <= 50\n"))
                .contains("LOW must be at least 1 and HIGH above it");
        assertThat(error(dir, "search.rate=fast\nsearch.objective=corrected p99 <= 50\n"))
                .contains("search.rate=fast is not LOW-HIGH");
        assertThat(error(dir, "search.rate=1000-5000\n")).contains("a search needs search.objective=");
        assertThat(error(dir, "search.objective=corrected p99 <= 50\n"))
                .contains("without a search.rate=LOW-HIGH line");
        assertThat(error(dir, "search.rate=1000-5000\nsearch.objective=e2e p99 <= 0\n"))
                .contains("above 0 ms");
        assertThat(error(dir, "search.rate=1000-5000\nsearch.objective=corrected p99 <= 50\nvary.acks=1,all\n"))
                .contains("a search varies the rate alone");

        java.nio.file.Files.writeString(
                dir.resolve("ok.properties"),
                "plan=p.jmx\nsearch.rate=5000-200000\nsearch.objective=E2E p99.9 <= 120.5 ms\nsearch.seconds=20\n");
        SweepSpec spec = SweepSpec.read(dir.resolve("ok.properties"));
        assertThat(spec.search).isEqualTo(new Search(5000, 200_000, spec.search.objective(), 5, 20));
        assertThat(spec.search.objective().toString()).isEqualTo("e2e p99.9 <= 120.5 ms");
        assertThat(spec.search.objective().kind()).isEqualTo("consumer");
        assertThat(spec.variedNames()).containsExactly("rate");
        assertThat(spec.search.records(5000)).isEqualTo(100_000);
        assertThat(spec.search.servers()).isEmpty();
    }

    @Test
    void searchServersAreJmeterServersAsDashRTakesThem_andEachGetsItsShareRoundedUp(@TempDir Path dir)
            throws Exception {
        java.nio.file.Files.writeString(dir.resolve("d.properties"), """
                plan=p.jmx
                search.rate=5000-200000
                search.objective=corrected p99 <= 50 ms
                search.servers=load1:1099, load2 10.0.0.7:4000
                """);
        assertThat(SweepSpec.read(dir.resolve("d.properties")).search.servers())
                .containsExactly("load1:1099", "load2", "10.0.0.7:4000");
        assertThat(error(dir, "search.rate=1000-5000\nsearch.objective=corrected p99 <= 50\nsearch.servers=a:b\n"))
                .contains("search.servers: 'a:b' is not a jmeter-server as -R takes it (host or host:port)");

        assertThat(Runs.share("5000", 2)).isEqualTo("2500");
        assertThat(Runs.share("1001", 2)).isEqualTo("501");
        assertThat(Runs.share("1001", 3)).isEqualTo("334");
        assertThat(Runs.share("1001", 0)).isEqualTo("1001");
    }

    private static String error(Path dir, String lines) throws Exception {
        Path f = dir.resolve("s.properties");
        java.nio.file.Files.writeString(f, "plan=p.jmx\n" + lines);
        try {
            SweepSpec.read(f);
            return "no error";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
