package io.github.jmeterkafka.sampler.reply;

import io.github.jmeterkafka.client.Correlation;
import io.github.jmeterkafka.client.MatchWait;
import io.github.jmeterkafka.client.ReplyReader;
import io.github.jmeterkafka.measure.MatchStats;
import io.github.jmeterkafka.measure.SampleFigures;
import io.github.jmeterkafka.payload.ValueText;
import io.github.jmeterkafka.run.KafkaSampleResult;
import io.github.jmeterkafka.run.RunOutput;
import io.github.jmeterkafka.sampler.base.InterruptibleCall;
import io.github.jmeterkafka.sampler.base.ThreadEnd;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.errors.InterruptException;

/**
 * A thread's waits for correlated records, as the Request-Reply waits for replies and the Await for the records it
 * awaits: the run's reader made ready (the sample's connect part), the sample's wait opened on it, started, awaited
 * and given up at Stop, and the result filled from what matched.
 *
 * <p>Threads: the sampler's thread does all but {@link #wake}, which Stop calls from another.
 */
public final class CorrelatedWait {
    private final InterruptibleCall blocking = new InterruptibleCall();
    private final BooleanSupplier stopped;
    private volatile MatchWait inFlight;

    /** @param stopped whether the sample was stopped (its wait then ends at once) */
    public CorrelatedWait(BooleanSupplier stopped) {
        this.stopped = stopped;
    }

    /**
     * What one sample waits for: {@code count} records matched by {@code by} on the run's reader, each within
     * {@code timeoutMs}; those that matched are listed through {@code text} and, under a non-blank {@code prefix}, set
     * as variables.
     */
    public record Expected(MatchRun run, Correlation by, int count, long timeoutMs, ValueText text, String prefix) {}

    /** Positions the run's reader, blocking; see {@link MatchRun#reader}. */
    @FunctionalInterface
    public interface ReaderStart {
        ReplyReader start() throws InterruptedException;
    }

    /** The sample's figures for a distributed test, from its matched records' latencies (µs) and value bytes. */
    @FunctionalInterface
    public interface Figures {
        SampleFigures of(int[] micros, long matched, long failed, long bytes, long timedOut);
    }

    /** The reader, positioned: the sample's connect part, which Stop interrupts. */
    public ReplyReader readyReader(SampleResult result, ReaderStart start) {
        ReplyReader reader = blocking.run(() -> {
            try {
                return start.start();
            } catch (InterruptedException e) {
                throw new InterruptException(e);
            }
        });
        result.connectEnd();
        return reader;
    }

    /** Runs a call that may block on metadata (a send) so that Stop interrupts it. */
    public <T> T interruptibly(Supplier<T> call) {
        return blocking.run(call);
    }

    /**
     * Opens the sample's wait on the reader, lets {@code start} send or expect its records, then waits until each
     * matched or timed out; Stop, or the thread's end, gives the rest up.
     */
    public MatchWait await(ReplyReader reader, Expected expected, Consumer<MatchWait> start) {
        MatchWait wait = reader.registry()
                .open(
                        expected.run().runIn(reader),
                        expected.count(),
                        TimeUnit.MILLISECONDS.toNanos(expected.timeoutMs()),
                        expected.by());
        inFlight = wait;
        try {
            start.accept(wait);
            if (stopped.getAsBoolean()) {
                wait.release();
            }
            wait.await(ThreadEnd.ofCurrentThread());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            inFlight = null;
        }
        return wait;
    }

    /**
     * Fills the result from the finished wait: the matched records (latency from {@code startNanos}), the verdict,
     * and on a jmeter-server the sample's {@code figures}.
     */
    public static void fill(
            SampleResult result, String label, MatchWait wait, Expected expected, long startNanos, Figures figures) {
        int matched = wait.matched();
        List<ConsumerRecord<Object, Object>> records =
                MatchResponse.found(result, wait, startNanos, expected.text(), expected.prefix());
        MatchRun run = expected.run();
        MatchResponse.fill(result, label, wait, expected.timeoutMs(), run.stats.kind() == MatchStats.Kind.AWAIT);
        if (result instanceof KafkaSampleResult kafkaResult) {
            kafkaResult.figures(figures.of(
                            wait.latencyMicros(),
                            matched,
                            expected.count() - matched,
                            MatchResponse.valueBytes(records),
                            wait.timedOut())
                    .from(RunOutput.server(), result.getStartTime(), result.getEndTime())
                    .paced(
                            wait.correctedMicros(),
                            wait.sendDelayMicros(),
                            run.schedule == null ? null : run.schedule.behind()));
        }
    }

    /** Ends the wait in flight, or the blocking call, at once; from any thread. */
    public void wake() {
        MatchWait wait = inFlight;
        if (wait != null) {
            wait.release();
        }
        blocking.interrupt();
    }
}
