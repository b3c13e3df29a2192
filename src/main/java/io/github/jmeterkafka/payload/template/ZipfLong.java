package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.payload.source.RecordContext;
import java.math.BigDecimal;

/**
 * {@code {{zipf N S}}}: a whole number 1..N, k drawn with probability proportional to 1 / k^S, so a few keys take
 * most records (hot keys). Drawn by rejection-inversion (Hörmann and Derflinger, "Rejection-inversion to generate
 * variates from monotone discrete distributions", 1996): constant time and memory for any N, from the record's
 * random stream, so a seed repeats the keys.
 */
final class ZipfLong implements LongPlaceholder {
    private final long n;
    private final double s;
    // H(1.5) - 1 and H(N + 0.5): the range a draw's area falls in
    private final double areaFirst;
    private final double areaLast;
    private final double accept;

    private ZipfLong(long n, double s) {
        this.n = n;
        this.s = s;
        this.areaFirst = area(1.5) - 1;
        this.areaLast = area((double) n + 0.5);
        this.accept = 2 - areaInverse(area(2.5) - density(2));
    }

    static ZipfLong of(Arguments args) {
        long n = args.whole(0, 1, Long.MAX_VALUE / 2);
        BigDecimal exponent = args.decimal(1);
        if (exponent.signum() <= 0 || exponent.compareTo(BigDecimal.valueOf(100)) > 0) {
            throw args.error("the exponent " + exponent + " must be more than 0 and at most 100");
        }
        return new ZipfLong(n, exponent.doubleValue());
    }

    @Override
    public long asLong(RecordContext context) {
        while (true) {
            double u = areaLast + context.random().nextDouble() * (areaFirst - areaLast);
            double x = areaInverse(u);
            long k = Math.min(n, Math.max(1, Math.round(x)));
            // most draws land inside the hat's part under the distribution; the rest are checked exactly
            if (k - x <= accept || u >= area((double) k + 0.5) - density((double) k)) {
                return k;
            }
        }
    }

    /** 1 / x^s. */
    private double density(double x) {
        return Math.exp(-s * Math.log(x));
    }

    /** The integral of the density from 1 to x: (x^(1-s) - 1) / (1 - s), log x when s = 1. */
    private double area(double x) {
        double logX = Math.log(x);
        return expm1OverX((1 - s) * logX) * logX;
    }

    private double areaInverse(double area) {
        double t = Math.max(area * (1 - s), -1);
        return Math.exp(log1pOverX(t) * area);
    }

    /** (e^x - 1) / x, and its limit 1 near 0. */
    private static double expm1OverX(double x) {
        return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x / 2 * (1 + x / 3 * (1 + x / 4));
    }

    /** log(1 + x) / x, and its limit 1 near 0. */
    private static double log1pOverX(double x) {
        return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
    }
}
