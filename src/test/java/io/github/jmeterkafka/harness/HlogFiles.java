package io.github.jmeterkafka.harness;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** Reads the plugin's interval logs with HdrHistogram's own reader. */
public final class HlogFiles {

    private HlogFiles() {}

    /** All untagged intervals (the records' latencies) of one log added together. */
    public static Histogram total(Path hlog) throws FileNotFoundException {
        return tagged(hlog, null);
    }

    /** All intervals with {@code tag} (null: untagged) added together. */
    public static Histogram tagged(Path hlog, String tag) throws FileNotFoundException {
        Histogram sum = new Histogram(3);
        HistogramLogReader reader = new HistogramLogReader(hlog.toFile());
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
            if (tag == null ? h.getTag() == null : tag.equals(h.getTag())) {
                sum.add((Histogram) h);
            }
        }
        return sum;
    }
}
