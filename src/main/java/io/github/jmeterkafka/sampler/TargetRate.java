package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.SendSchedule;

/**
 * A sending sampler's pacing fields as they are (Target records/s, its ramp-up, what to do behind schedule, and
 * Expected records/s): the schedule they ask for and the rate the summary compares the run with.
 */
record TargetRate(String targetRate, String rampUp, String behindSchedule, String expectedRate) {

    /** The schedule all threads send on; null when the target rate is blank (JMeter's timers pace the samples). */
    SendSchedule schedule(long budget) {
        if (targetRate.isBlank()) {
            return null;
        }
        double rate = Fields.positiveDouble("target rate", targetRate);
        boolean skip = Tagged.parse(BehindSchedule.class, "behind schedule", behindSchedule) == BehindSchedule.SKIP;
        long graceMs = PluginProperties.get(PluginProperties.SCHEDULE_GRACE_MS, 10);
        double ramp = rampUp.isBlank() ? 0 : Fields.nonNegativeLong("rate ramp-up", rampUp);
        long windowMs = PluginProperties.get(PluginProperties.SCHEDULE_WINDOW_MS, 10);
        return new SendSchedule(rate, ramp, budget, skip, graceMs * 1_000_000, windowMs * 1_000_000, System::nanoTime);
    }

    /**
     * The expected records/s; when blank, the target rate unless it ramps up (the run's average is then below it); 0
     * when none is set or not a number (said once in the log, under {@code label}).
     */
    double expected(String label) {
        boolean ramps = !rampUp.isBlank() && !rampUp.trim().equals("0");
        String expected = expectedRate.isBlank() && !ramps ? targetRate : expectedRate;
        try {
            return expected.isBlank() ? 0 : Math.max(0, Double.parseDouble(expected.trim()));
        } catch (NumberFormatException e) {
            FailureLog.once(
                    label,
                    ResponseCodes.INVALID_INPUT,
                    "Expected records/s '" + expected + "' is not a number: no expectation",
                    null);
            return 0;
        }
    }
}
