package io.github.jmeterkafka.measure;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A target rate over time: steps that hold a rate or ramp it linearly, one after the other
 * ({@code 1000 for 30s, 1000-4000 for 10s, 4000 for 30s}); after the last one no record is due. A plain rate is one
 * endless step, after a ramp from 0 when it has a ramp-up. Record k is due when the records due so far (the integral
 * of the rate) reach k, so the first is due at 0.
 *
 * <p>Immutable.
 */
public final class RateProfile {
    private static final Pattern STEP = Pattern.compile(
            "(\\d+(?:\\.\\d+)?)\\s*(?:-\\s*(\\d+(?:\\.\\d+)?))?\\s*(?:/s)?\\s+for\\s+(\\d+(?:\\.\\d+)?)\\s*(s|m|h)?");

    /**
     * One step: the rate goes from {@code fromRate} to {@code toRate} over {@code seconds} (equal: it holds).
     *
     * @param seconds {@link Double#POSITIVE_INFINITY} for a plain rate's endless step
     */
    public record Step(double fromRate, double toRate, double seconds) {
        public double records() {
            return (fromRate + toRate) / 2 * seconds;
        }

        /** How the step was asked for: "4000/s for 30 s", "1000-4000/s for 10 s". */
        public String describe() {
            String rate = fromRate == toRate ? number(fromRate) : number(fromRate) + "-" + number(toRate);
            return rate + "/s for " + number(seconds) + " s";
        }

        private static String number(double v) {
            return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
        }
    }

    private final List<Step> steps;
    private final boolean written;
    private final double[] startSeconds;
    private final double[] recordsBefore;

    private RateProfile(List<Step> steps, boolean written) {
        this.steps = List.copyOf(steps);
        this.written = written;
        int n = steps.size();
        startSeconds = new double[n + 1];
        recordsBefore = new double[n + 1];
        for (int i = 0; i < n; i++) {
            startSeconds[i + 1] = startSeconds[i] + steps.get(i).seconds();
            recordsBefore[i + 1] = recordsBefore[i] + steps.get(i).records();
        }
    }

    /** {@code rate} records/s after a linear rise from 0 over {@code rampUpSeconds} (0: none), without end. */
    public static RateProfile of(double rate, double rampUpSeconds) {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("rate must be more than 0: " + rate);
        }
        List<Step> steps = new ArrayList<>();
        if (rampUpSeconds > 0) {
            steps.add(new Step(0, rate, rampUpSeconds));
        }
        steps.add(new Step(rate, rate, Double.POSITIVE_INFINITY));
        return new RateProfile(steps, false);
    }

    /** Whether {@code text} is a profile of steps rather than a plain rate. */
    public static boolean isSteps(String text) {
        return text.contains(" for ");
    }

    /**
     * Steps as written: comma-separated {@code RATE for DURATION} (holds) or {@code FROM-TO for DURATION} (a linear
     * ramp), the duration in s (the default), m or h.
     *
     * @throws InvalidInputException naming the step that is not one, a negative rate or no duration
     */
    public static RateProfile parse(String field, String text) {
        List<Step> steps = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String step = part.trim();
            Matcher m = STEP.matcher(step);
            if (!m.matches()) {
                throw new InvalidInputException(field + ": '" + step + "' is not a step: write RATE for SECONDS (e.g."
                        + " '4000 for 30s') or FROM-TO for SECONDS for a ramp ('1000-4000 for 10s'), steps separated by"
                        + " commas; rates are records/s, 0 or more");
            }
            double from = Double.parseDouble(m.group(1));
            double to = m.group(2) == null ? from : Double.parseDouble(m.group(2));
            double seconds = Double.parseDouble(m.group(3)) * unit(m.group(4));
            if (!(seconds > 0)) {
                throw new InvalidInputException(field + ": '" + step + "' lasts no time");
            }
            steps.add(new Step(from, to, seconds));
        }
        RateProfile p = new RateProfile(steps, true);
        if (!(p.totalRecords() >= 1)) {
            throw new InvalidInputException(field + ": '" + text + "' has no record to send");
        }
        return p;
    }

    private static double unit(String unit) {
        if (unit == null || unit.equals("s")) {
            return 1;
        }
        return unit.equals("m") ? 60 : 3600;
    }

    public List<Step> steps() {
        return steps;
    }

    /** Steps a user wrote (their figures are worth a line each), not a plain rate. */
    public boolean isWritten() {
        return written;
    }

    /** The records of all steps; infinite for a plain rate. */
    public double totalRecords() {
        return recordsBefore[steps.size()];
    }

    /** The seconds of all steps; infinite for a plain rate. */
    public double totalSeconds() {
        return startSeconds[steps.size()];
    }

    /** When step {@code i} starts, in seconds from the first record. */
    public double startSeconds(int i) {
        return startSeconds[i];
    }

    /** The step at {@code seconds} from the first record; -1 before it or after the last. */
    public int stepAt(double seconds) {
        if (seconds < 0) {
            return -1;
        }
        for (int i = 0; i < steps.size(); i++) {
            if (seconds < startSeconds[i + 1]) {
                return i;
            }
        }
        return -1;
    }

    /** The records due by {@code seconds} from the first record's time: the integral of the rate. */
    public double recordsBy(double seconds) {
        if (seconds <= 0) {
            return 0;
        }
        int i = stepAt(seconds);
        if (i < 0) {
            return totalRecords();
        }
        Step s = steps.get(i);
        double t = seconds - startSeconds[i];
        double slope = Double.isInfinite(s.seconds()) ? 0 : (s.toRate() - s.fromRate()) / s.seconds();
        return recordsBefore[i] + s.fromRate() * t + slope * t * t / 2;
    }

    /** When record {@code record} is due, in seconds from the first; infinite past the last step's records. */
    public double secondsOf(double record) {
        if (record <= 0) {
            return 0;
        }
        for (int i = 0; i < steps.size(); i++) {
            if (record < recordsBefore[i + 1]) {
                Step s = steps.get(i);
                double m = record - recordsBefore[i];
                double slope = Double.isInfinite(s.seconds()) ? 0 : (s.toRate() - s.fromRate()) / s.seconds();
                // the root of slope/2 t^2 + from t - m = 0 in the form that stays exact when the slope is 0
                double t = 2 * m / (s.fromRate() + Math.sqrt(Math.max(0, s.fromRate() * s.fromRate() + 2 * slope * m)));
                return startSeconds[i] + t;
            }
        }
        return Double.POSITIVE_INFINITY;
    }
}
