package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.RateProfile;
import io.github.jmeterkafka.measure.SendSchedule;
import io.github.jmeterkafka.sampler.base.BehindSchedule;
import io.github.jmeterkafka.sampler.base.FailureLog;
import io.github.jmeterkafka.sampler.base.RecordFields;
import io.github.jmeterkafka.sampler.base.ResponseCodes;

/**
 * A sending sampler's pacing fields as they are (Target records/s, its ramp-up, what to do behind schedule, and
 * Expected records/s): the schedule they ask for and the rate the summary compares the run with.
 */
public record TargetRate(String targetRate, String rampUp, String behindSchedule, String expectedRate) {

    /** The sampler's pacing fields as they are now. */
    public static TargetRate of(RecordFields f) {
        return new TargetRate(f.getTargetRate(), f.getTargetRampUp(), f.getBehindSchedule(), f.getExpectedRate());
    }

    /**
     * The schedule all threads send on; null when the target rate is blank (JMeter's timers pace the samples). The
     * field holds a rate, or steps ({@link RateProfile#parse}) that bring their own ramps.
     */
    public SendSchedule schedule(long budget) {
        if (targetRate.isBlank()) {
            return null;
        }
        boolean skip = Tagged.parse(BehindSchedule.class, "behind schedule", behindSchedule) == BehindSchedule.SKIP;
        long graceMs = PluginProperties.get(PluginProperties.SCHEDULE_GRACE_MS, 10);
        long windowMs = PluginProperties.get(PluginProperties.SCHEDULE_WINDOW_MS, 10);
        return new SendSchedule(profile(), budget, skip, graceMs * 1_000_000, windowMs * 1_000_000, System::nanoTime);
    }

    private RateProfile profile() {
        if (RateProfile.isSteps(targetRate)) {
            if (!rampUp.isBlank() && !rampUp.trim().equals("0")) {
                throw new InvalidInputException("target rate: steps ('" + targetRate.trim() + "') bring their own"
                        + " ramps (FROM-TO for SECONDS): leave the rate ramp-up blank");
            }
            return RateProfile.parse("target rate", targetRate.trim());
        }
        double rate = Fields.positiveDouble("target rate", targetRate);
        double ramp = rampUp.isBlank() ? 0 : Fields.nonNegativeLong("rate ramp-up", rampUp);
        return RateProfile.of(rate, ramp);
    }

    /**
     * The expected records/s; when blank, the target rate unless it ramps up (the run's average is then below it), or
     * the steps' average rate; 0
     * when none is set or not a number (said once in the log, under {@code label}).
     */
    public double expected(String label) {
        if (expectedRate.isBlank() && RateProfile.isSteps(targetRate)) {
            try {
                RateProfile p = RateProfile.parse("target rate", targetRate.trim());
                return p.totalRecords() / p.totalSeconds();
            } catch (InvalidInputException e) {
                // every sample says so
                return 0;
            }
        }
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
