package io.github.jmeterkafka.measure;

/**
 * The first part of a run that a summary's second line leaves out, as perf-test's
 * {@code --warmup-records} does: the first {@code records} records, and those that came in the first
 * {@code seconds} after the run's first record; either is off at 0.
 */
public final class Warmup {
    public static final Warmup NONE = new Warmup(0, 0);

    private final long records;
    private final long millis;

    public Warmup(long records, long seconds) {
        this.records = Math.max(0, records);
        this.millis = Math.max(0, seconds) * 1000;
    }

    public boolean isSet() {
        return records > 0 || millis > 0;
    }

    /**
     * Whether a record falls in the warm-up.
     *
     * @param recordsBefore records of the run counted before this one
     * @param sinceStartMs  time from the run's first record to this one
     */
    public boolean covers(long recordsBefore, long sinceStartMs) {
        return recordsBefore < records || sinceStartMs < millis;
    }

    /** How the summary names what it left out. */
    public String describe() {
        String r = records > 0 ? "the first " + records + " records" : "";
        String s = millis > 0 ? "the first " + millis / 1000 + " s" : "";
        return r.isEmpty() ? s : s.isEmpty() ? r : r + " and " + s;
    }
}
