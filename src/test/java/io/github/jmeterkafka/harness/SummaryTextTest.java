package io.github.jmeterkafka.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import org.junit.jupiter.api.Test;

/** On the stdout of headless runs of test-plans/backlog-drain.jmx, request-reply.jmx and share-group-queue.jmx. */
class SummaryTextTest {

    private static final String BACKLOG_DRAIN = """
            Waiting for possible Shutdown/StopTestNow/HeapDump/ThreadDump message on port 4445
            summary +  37679 in 00:00:14 = 2719.7/s Avg:     0 Min:     3 Max:  5132 Err:     0 (0.00%) Active: 2 Started: 5 Finished: 3
            Kafka Producer summary for 'Produce throughout':
            40000 records sent, 1999.378679 records/sec (1.91 MB/sec), 7.66 ms avg latency, 273.41 ms max latency, 4 ms 50th, 9 ms 95th, 185 ms 99th, 257 ms 99.9th.
            corrected for the schedule (from the intended send): 8.49 ms avg latency, 317.44 ms max latency, 4 ms 50th, 9 ms 95th, 196 ms 99th, 291 ms 99.9th.
            send delay (intended to actual send): 0.82 ms avg, 0 ms 50th, 1 ms 95th, 4 ms 99th, 44 ms 99.9th, 51.30 ms max; behind schedule 0.1 s in 2 stretches (longest 0.1 s), 0 records skipped. Due records waited 0.2 s in the producer's send() (its buffer.memory full: the cluster's pace, or the producer's I/O thread short of CPU) and 0.0 s at the threads' in-flight limit (2 x records per sample a thread); any other delay is the load generator's (CPU, threads).
            tail: 273 ms 99.99th, 273.41 ms max latency; corrected 315 ms 99.99th, 317.44 ms max.
            step 1 of 3, 2000/s for 5 s: 10000 records sent in it, 2000.0 records/sec (100.0 %); send to ack 5 ms 50th, 248 ms 99th, 272 ms 99.9th, 273 ms 99.99th; corrected 5 ms 50th, 257 ms 99th, 313 ms 99.9th, 317 ms 99.99th, 317.44 ms max.
            step 2 of 3, 2000/s for 5 s: 9999 records sent in it, 1999.8 records/sec (100.0 %); send to ack 4 ms 50th, 12 ms 99th, 19 ms 99.9th, 20 ms 99.99th; corrected 4 ms 50th, 13 ms 99th, 21 ms 99.9th, 24 ms 99.99th, 24.96 ms max.
            step 3 of 3, 2000/s for 10 s: 20000 records sent in it, 2000.0 records/sec (100.0 %); send to ack 3 ms 50th, 7 ms 99th, 11 ms 99.9th, 12 ms 99.99th; corrected 4 ms 50th, 8 ms 99th, 11 ms 99.9th, 16 ms 99.99th, 16.54 ms max.
            0 records failed.
            expected 2000.0 records/sec, achieved 1999.4 records/sec (100.0 %)
            Kafka Consumer summary for 'Drain the backlog':
            start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec
            2026-12-05 21:17:52:320, 2026-12-05 21:17:53:378, 11.4441, 10.8167, 12000, 11342.1550, 169, 889, 12.8730, 13498.3127
            end-to-end latency: 2521.26 ms avg, 2488 ms 50th, 5169 ms 95th, 5402 ms 99th, 5435 ms 99.9th, 5484.54 ms max.
            tail: 5480 ms 99.99th, 5484.54 ms max end-to-end latency.
            delivery: not verified (Verify delivery is off)
            summary +  14324 in 00:00:07 = 1980.6/s Avg:     0 Min:    10 Max:    22 Err:     0 (0.00%) Active: 0 Started: 1 Finished: 1
            summary =  52003 in 00:00:21 = 2466.2/s Avg:     0 Min:     3 Max:  5132 Err:     0 (0.00%)
            Tidying up ...    @ 2026 Dec 5 21:18:07 UTC (1796505487242)
            """;

    private static final String REQUEST_REPLY = """
            Kafka Request-Reply summary for 'Request and reply':
            500 requests, 500 replies, 366.277875 replies/sec (0.05 MB/sec), 75.31 ms avg round trip, 214.78 ms max round trip, 63 ms 50th, 174 ms 95th, 199 ms 99th, 214 ms 99.9th.
            3 timeouts, 1 late, 0 foreign, 0 duplicate replies, 0 failed requests, 2 abandoned at stop.
            tail: 214 ms 99.99th, 214.78 ms max round trip.
            summary =    501 in 00:00:04 =  123.1/s Avg:    13 Min:    42 Max:   664 Err:     0 (0.00%)
            """;

    private static final String SHARE_GROUP = """
            Kafka Share Consumer summary for 'Take jobs':
            start.time, end.time, data.consumed.in.MB, MB.sec, nMsg.sec, data.consumed.in.nMsg, fetch.time.ms
            2026-12-05 21:26:05:453, 2026-12-05 21:26:11:830, 2.0981, 0.3290, 344.9898, 2200, 6377
            end-to-end latency: 5061.17 ms avg, 5095 ms 50th, 5545 ms 95th, 5623 ms 99th, 5820 ms 99.9th, 5836.80 ms max.
            acknowledged: 2000 accepted, 200 released, 0 rejected; 0 lock renewals; 0 acknowledgements refused by the broker; 0 released unread at the end of the record budget.
            delivery: 2000 records accepted from 4 producers, 0 missing, 0 duplicated, 954 out of order.
            """;

    private static final String STEADY = """
            2026-12-05 20:46:15,101 INFO i.g.j.r.SummaryPrinter: Kafka Producer summary for 'Produce at a fixed rate':
            3000 records sent, 998.400772 records/sec (0.48 MB/sec), 5.68 ms avg latency, 37.54 ms max latency, 5 ms 50th, 9 ms 95th, 28 ms 99th, 35 ms 99.9th.
            corrected for the schedule (from the intended send): 6.37 ms avg latency, 41.98 ms max latency, 5 ms 50th, 11 ms 95th, 29 ms 99th, 39 ms 99.9th.
            2000 steady state records sent, 997.741053 records/sec (0.48 MB/sec), 4.82 ms avg latency, 12.81 ms max latency, 4 ms 50th, 7 ms 95th, 9 ms 99th, 12 ms 99.9th. (the first 1 s left out)
            steady state corrected for the schedule (from the intended send): 5.42 ms avg latency, 13.43 ms max latency, 5 ms 50th, 8 ms 95th, 10 ms 99th, 12 ms 99.9th.
            0 records failed.
            2026-12-05 20:46:15,102 INFO o.a.j.r.Summariser: summary =   3001 in 00:00:04 =  749.7/s
            """;

    @Test
    void aPacedProducersLinesAndItsSteps() {
        SummaryText s = SummaryText.under(BACKLOG_DRAIN, "Kafka Producer summary for 'Produce throughout':");

        assertThat(s.producer())
                .isEqualTo(new SummaryText.Producer(
                        40000, 1999.378679, 1.91, new SummaryText.Latencies(7.66, 273.41, 4, 9, 185, 257)));
        assertThat(s.corrected()).isEqualTo(new SummaryText.Latencies(8.49, 317.44, 4, 9, 196, 291));
        assertThat(s.sendDelay()).isEqualTo(new SummaryText.SendDelay(0.82, 0, 1, 4, 44, 51.30, 0.1, 2, 0.1, 0));
        assertThat(s.steps())
                .extracting(SummaryText.Step::index, SummaryText.Step::rate, SummaryText.Step::records)
                .containsExactly(
                        tuple(1, "2000/s for 5 s", 10000L),
                        tuple(2, "2000/s for 5 s", 9999L),
                        tuple(3, "2000/s for 10 s", 20000L));
        assertThat(s.steps().get(0))
                .isEqualTo(new SummaryText.Step(1, 3, "2000/s for 5 s", 10000, 2000.0, 100.0, 5, 248, 5, 257, 317.44));
        assertThat(s.lines())
                .hasSize(9)
                .last()
                .isEqualTo("expected 2000.0 records/sec, achieved 1999.4 records/sec (100.0 %)");
    }

    @Test
    void aConsumersBlockEndsBeforeJMetersOwnLines() {
        SummaryText s = SummaryText.under(BACKLOG_DRAIN, "Kafka Consumer summary for 'Drain the backlog':");

        assertThat(s.consumer())
                .isEqualTo(new SummaryText.Consumer(11.4441, 10.8167, 12000, 11342.1550, 169, 889, 13498.3127));
        assertThat(s.endToEnd()).isEqualTo(new SummaryText.EndToEnd(2521.26, 2488, 5169, 5402, 5435, 5484.54));
        assertThat(s.lines()).hasSize(5).last().isEqualTo("delivery: not verified (Verify delivery is off)");
        assertThatThrownBy(s::delivery)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(
                        "No delivery line in the summary:\nKafka Consumer summary for 'Drain the backlog':");
        assertThatThrownBy(s::producer).isInstanceOf(AssertionError.class);
    }

    @Test
    void roundTripsAndWhatGotNoReply() {
        SummaryText s = SummaryText.under(REQUEST_REPLY, "Kafka Request-Reply summary for 'Request and reply':");

        assertThat(s.roundTrips())
                .isEqualTo(new SummaryText.RoundTrips(
                        500, 500, 366.277875, 0.05, new SummaryText.Latencies(75.31, 214.78, 63, 174, 199, 214)));
        assertThat(s.unanswered()).isEqualTo(new SummaryText.Unanswered(3, 1, 0, 0, 0, 2));
    }

    @Test
    void aShareConsumersLineAndDelivery() {
        SummaryText s = SummaryText.under(SHARE_GROUP, "Kafka Share Consumer summary for 'Take jobs':");

        assertThat(s.consumer()).isEqualTo(new SummaryText.Consumer(2.0981, 0.3290, 2200, 344.9898, 0, 6377, 344.9898));
        assertThat(s.delivery()).isEqualTo(new SummaryText.Delivery(2000, 4, 0, 0, 954));
    }

    @Test
    void theWholeRunAndTheSteadyStateInJMeterLog() {
        SummaryText s = SummaryText.under(STEADY, "Kafka Producer summary for 'Produce at a fixed rate':");

        assertThat(s.producer().records()).isEqualTo(3000);
        assertThat(s.steady())
                .isEqualTo(new SummaryText.Producer(
                        2000, 997.741053, 0.48, new SummaryText.Latencies(4.82, 12.81, 4, 7, 9, 12)));
        assertThat(s.corrected().p95Ms()).isEqualTo(11);
        assertThat(s.lines()).hasSize(5);
    }

    @Test
    void aMissingTitleFails() {
        assertThatThrownBy(() -> SummaryText.under(REQUEST_REPLY, "Kafka Await summary for 'Request and reply':"))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("No 'Kafka Await summary for 'Request and reply':' in:");
    }

    @Test
    void aLineShownElsewhereIsCheckedAgainstTheFormTheCodePrints() {
        String real = "60000 records sent, 1999.924295 records/sec (1.91 MB/sec), 26.90 ms avg latency, 3047.42 ms max"
                + " latency, 5 ms 50th, 12 ms 95th, 2861 ms 99th, 3034 ms 99.9th.";
        assertThat(SummaryText.notInItsForm(real)).isEmpty();
        assertThat(SummaryText.notInItsForm("60000 records sent, 1999.9 records/sec, 26.90 ms avg latency"))
                .hasValueSatisfying(why -> assertThat(why).contains("is not in the form"));
        assertThat(SummaryText.notInItsForm("delivery: 10 records verified from 1 producers, 0 missing."))
                .isPresent();
        assertThat(SummaryText.notInItsForm("anything else")).isEmpty();
        // event lines, as the code prints them and cut short
        String event = "event 2 of 2, 'Start the broker' at 2026-12-07 10:29:34:114 for 18.5 s: 8093 records in flight"
                + " at the mark; longest stall 10731.52 ms (corrected max of the records due after the mark), not"
                + " recovered in its 18.5 s (per-second corrected p99 back within 2x (or +10 ms) of the minute before's"
                + " 194 ms); 34426 records due: corrected 3303 ms 50th, 10625 ms 99th, 10723 ms 99.9th, 10731 ms"
                + " 99.99th; 0 failed, 0 retried by the connection's producers.";
        assertThat(SummaryText.notInItsForm(event)).isEmpty();
        assertThat(SummaryText.notInItsForm(
                        event.replace("(corrected max of the records due after the mark)", "(...)")))
                .isPresent();
        String unacked = "event 1 of 1, 'Stop' at 2026-12-07 10:29:34:114 for 2.0 s: 3 records in flight at the mark;"
                + " stall not known: no record due after the mark was acknowledged; 0 records due: send to ack 0 ms 50th,"
                + " 0 ms 99th, 0 ms 99.9th, 0 ms 99.99th; 0 failed.";
        assertThat(SummaryText.notInItsForm(unacked)).isEmpty();
        assertThat(SummaryText.notInItsForm(
                        "event 1 of 2, 'Stop a broker': of the records sent from its mark to the next, 0 missing, 0"
                                + " duplicated."))
                .isEmpty();
    }

    @Test
    void limitsLinesAndAServersLinesOfAMergedSummaryAreCheckedToo() {
        // a real run's (RequestReplyPlanIT, 2026-12-07)
        String limits =
                "limits: generator cores 100 % busy (max 100 %), this JVM 25 % of 2, its threads waited 1959.7 ms"
                        + " a second for a core, GC paused 1 % (longest 38.0 ms); client queue 4.1 ms, buffer.memory full 0 %,"
                        + " batches 4 % full, throttled 0.0 ms, 0 retries, 0 errors; request latency by broker 1: 49.9 ms;"
                        + " replication 0 under-replicated, 0 under min ISR, 0 offline (most at once), 0 leader changes";
        String first = "first limit hit: the load generator, 0 s in: its 2 cores were 100 % busy (this JVM 50 %; its"
                + " threads waited 1930 ms a second for one)";
        assertThat(SummaryText.notInItsForm(limits)).isEmpty();
        assertThat(SummaryText.notInItsForm(first)).isEmpty();
        assertThat(SummaryText.notInItsForm("server 127.0.0.1:1099: " + limits)).isEmpty();
        assertThat(SummaryText.notInItsForm("first limit hit: none seen on 2 servers"))
                .isEmpty();
        assertThat(SummaryText.notInItsForm("first limit hit: the load generator, seen by server 10.0.0.3:1099, 4 s in:"
                        + " its 2 cores were 97 % busy"))
                .isEmpty();
        assertThat(SummaryText.notInItsForm(limits.replace("; request latency by broker 1: 49.9 ms", "")))
                .as("a part left out")
                .isPresent();
        assertThat(SummaryText.notInItsForm("server 127.0.0.1:1099: " + limits.replace("0 errors", "no errors")))
                .isPresent();
        assertThat(SummaryText.notInItsForm("first limit hit: the network, 3 s in: slow"))
                .isPresent();
        assertThat(SummaryText.notInItsForm("server h:1: 5 records sent, 1.0 records/sec"))
                .isPresent();
    }
}
