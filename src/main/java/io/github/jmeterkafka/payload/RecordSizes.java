package io.github.jmeterkafka.payload;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The size of each random record: fixed ({@code 1000}), uniform in a range ({@code 100-2000}), or a
 * weighted list of sizes ({@code 512:70,1024:20,8192:10}), as OpenMessaging Benchmark's size
 * distributions. Immutable.
 */
public final class RecordSizes {
    private final int[] sizes;
    // cumulative weights; null for a range
    private final long[] cumulative;
    private final boolean range;

    private RecordSizes(int[] sizes, long[] cumulative, boolean range) {
        this.sizes = sizes;
        this.cumulative = cumulative;
        this.range = range;
    }

    public static RecordSizes parse(String text) {
        String s = text == null ? "" : text.replace(" ", "");
        if (s.isEmpty()) {
            throw new InvalidInputException("record size is empty");
        }
        if (s.contains(":") || s.contains(",")) {
            return weighted(s);
        }
        int dash = s.indexOf('-', 1);
        if (dash > 0) {
            int min = size(s.substring(0, dash), text);
            int max = size(s.substring(dash + 1), text);
            if (min > max) {
                throw new InvalidInputException("record size range '" + text + "' runs backwards");
            }
            return new RecordSizes(new int[] {min, max}, null, true);
        }
        return new RecordSizes(new int[] {size(s, text)}, new long[] {1}, false);
    }

    private static RecordSizes weighted(String s) {
        // limit 0: a trailing comma adds no part
        String[] parts = s.split(",", 0);
        int[] sizes = new int[parts.length];
        long[] cumulative = new long[parts.length];
        long total = 0;
        for (int i = 0; i < parts.length; i++) {
            String[] sw = parts[i].split(":", -1);
            sizes[i] = size(sw[0], s);
            long weight = sw.length == 1 ? 1 : weight(sw[1], s);
            if (sw.length > 2) {
                throw new InvalidInputException("record sizes '" + s + "': '" + parts[i] + "' is not size:weight");
            }
            total += weight;
            cumulative[i] = total;
        }
        return new RecordSizes(sizes, cumulative, false);
    }

    private static int size(String s, String whole) {
        int n;
        try {
            n = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("record size '" + whole + "': '" + s
                    + "' is not a size in bytes (a size, min-max, or size:weight,...)");
        }
        if (n < 0) {
            throw new InvalidInputException("record size '" + whole + "': " + n + " must not be negative");
        }
        return n;
    }

    private static long weight(String s, String whole) {
        try {
            long w = Long.parseLong(s);
            if (w > 0) {
                return w;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidInputException(
                "record sizes '" + whole + "': weight '" + s + "' must be a whole number above 0");
    }

    public int next(SplittableRandom random) {
        if (range) {
            return sizes[0] + random.nextInt(sizes[1] - sizes[0] + 1);
        }
        if (sizes.length == 1) {
            return sizes[0];
        }
        long r = random.nextLong(cumulative[cumulative.length - 1]);
        int i = Arrays.binarySearch(cumulative, r + 1);
        return sizes[i >= 0 ? i : -i - 1];
    }

    /** The largest size a record can have. */
    public int max() {
        return range ? sizes[1] : Arrays.stream(sizes).max().orElse(0);
    }

    /** The mean size, for sizing samples against the producer's buffer. */
    public double mean() {
        if (range) {
            return (sizes[0] + sizes[1]) / 2.0;
        }
        double sum = 0;
        long before = 0;
        for (int i = 0; i < sizes.length; i++) {
            sum += (double) sizes[i] * (cumulative[i] - before);
            before = cumulative[i];
        }
        return sum / cumulative[cumulative.length - 1];
    }
}
