package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.measure.RecordBudget;
import io.github.jmeterkafka.measure.SendSchedule;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.apache.jmeter.samplers.SampleResult;

/**
 * The records a sample takes (from the budget, or on a paced run from the schedule) until Kafka has them: records
 * taken and never handed to Kafka fail, so that a plan whose samples all fail before sending still spends its
 * budget and ends.
 *
 * <p>Threads: the sampler clone's; {@link #wake} from any thread.
 */
public final class TakenRecords {
    private final ScheduleWait scheduleWait = new ScheduleWait();
    // taken for the running sample, not yet handed to Kafka
    private int untilSent;

    /** As {@link ScheduleWait#take}; the records taken fail unless handed to Kafka. */
    public ScheduleWait.Taken take(RecordBudget budget, SendSchedule schedule, int max, BooleanSupplier stopped) {
        ScheduleWait.Taken taken = scheduleWait.take(budget, schedule, max, stopped);
        untilSent = taken == null ? 0 : taken.count();
        return taken;
    }

    /** The sample's records are with Kafka: what becomes of them is counted where they are sent. */
    public void handedToKafka() {
        untilSent = 0;
    }

    /**
     * The sample failed ({@code e}): its records not yet with Kafka are counted by {@code notSent} with the cause,
     * and the message says how many.
     *
     * @param noun what the sampler calls its records in messages: records, requests
     */
    public void failed(SampleResult result, Throwable e, String noun, BiConsumer<Integer, Supplier<String>> notSent) {
        int n = untilSent;
        if (n == 0) {
            return;
        }
        untilSent = 0;
        scheduleWait.notSent();
        notSent.accept(n, () -> FailureText.describe(e));
        if (!(e instanceof InvalidInputException)) {
            result.setResponseMessage(n + " of " + n + " " + noun + " failed: " + result.getResponseMessage());
        }
    }

    /** Ends a wait for the schedule at once (Stop). */
    public void wake() {
        scheduleWait.wake();
    }
}
