package io.github.jmeterkafka.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The brokers' own figures over a window, per broker: means of its seconds (a second not read is left out), the most
 * partitions under-replicated at once, the ISR shrinks summed. Empty when no Kafka Connection lists a broker's
 * metrics.
 */
final class BrokerFigures {
    private final Map<Integer, List<LimitSample.Broker>> seconds = new TreeMap<>();

    BrokerFigures(List<LimitSample> samples) {
        for (LimitSample s : samples) {
            s.brokers()
                    .forEach((id, b) ->
                            seconds.computeIfAbsent(id, k -> new ArrayList<>()).add(b));
        }
    }

    boolean isEmpty() {
        return seconds.isEmpty();
    }

    /** "brokers: 1: handlers 80 % idle, network 95 % idle, produce 2.1 ms (queue ...), ...; 2: n/a". */
    String line(String window) {
        List<String> parts = new ArrayList<>();
        seconds.forEach((id, list) -> parts.add(id + ": " + text(list)));
        return "brokers" + window + ": " + String.join("; ", parts);
    }

    private static String text(List<LimitSample.Broker> list) {
        if (list.stream().allMatch(LimitSample.Broker.NONE::equals)) {
            return "n/a";
        }
        return String.format(
                Locale.ROOT,
                "handlers %s idle, network %s idle, produce %s (queue %s, local %s, remote %s, send %s), fetch %s, in"
                        + " %s, out %s, %s under-replicated (most), %s ISR shrinks, log flush %s",
                LimitFigures.percent(mean(list, LimitSample.Broker::handlerIdle)),
                LimitFigures.percent(mean(list, LimitSample.Broker::networkIdle)),
                LimitFigures.ms(mean(list, LimitSample.Broker::produceMs)),
                LimitFigures.ms(mean(list, LimitSample.Broker::produceQueueMs)),
                LimitFigures.ms(mean(list, LimitSample.Broker::produceLocalMs)),
                LimitFigures.ms(mean(list, LimitSample.Broker::produceRemoteMs)),
                LimitFigures.ms(mean(list, LimitSample.Broker::produceSendMs)),
                LimitFigures.ms(mean(list, LimitSample.Broker::fetchMs)),
                mbs(mean(list, LimitSample.Broker::bytesIn)),
                mbs(mean(list, LimitSample.Broker::bytesOut)),
                whole(max(list, LimitSample.Broker::underReplicated)),
                whole(sum(list, LimitSample.Broker::isrShrinks)),
                LimitFigures.ms(mean(list, LimitSample.Broker::logFlushMs)));
    }

    /** The broker whose request handlers were idle least, its idle share, and the slowest mean produce time. */
    void into(SummaryRow row) {
        double least = Double.NaN;
        double slowest = Double.NaN;
        for (Map.Entry<Integer, List<LimitSample.Broker>> e : seconds.entrySet()) {
            double idle = mean(e.getValue(), LimitSample.Broker::handlerIdle);
            if (!Double.isNaN(idle) && (Double.isNaN(least) || idle < least)) {
                least = idle;
                row.put(SummaryRow.Column.LEAST_IDLE_BROKER, e.getKey().toString());
            }
            double produce = mean(e.getValue(), LimitSample.Broker::produceMs);
            slowest = Double.isNaN(slowest) || produce > slowest ? produce : slowest;
        }
        if (!Double.isNaN(least)) {
            row.put(SummaryRow.Column.BROKER_HANDLERS_IDLE_PERCENT, 100 * least, 2);
        }
        if (!Double.isNaN(slowest)) {
            row.put(SummaryRow.Column.BROKER_PRODUCE_MS, slowest, 2);
        }
    }

    private static double mean(List<LimitSample.Broker> list, ToDoubleFunction<LimitSample.Broker> f) {
        return list.stream()
                .mapToDouble(f)
                .filter(v -> !Double.isNaN(v))
                .average()
                .orElse(Double.NaN);
    }

    private static double max(List<LimitSample.Broker> list, ToDoubleFunction<LimitSample.Broker> f) {
        return list.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
    }

    private static double sum(List<LimitSample.Broker> list, ToDoubleFunction<LimitSample.Broker> f) {
        double[] known =
                list.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).toArray();
        return known.length == 0 ? Double.NaN : java.util.Arrays.stream(known).sum();
    }

    private static String mbs(double bytesPerSecond) {
        return Double.isNaN(bytesPerSecond)
                ? "n/a"
                : String.format(Locale.ROOT, "%.1f MB/s", bytesPerSecond / (1024 * 1024));
    }

    private static String whole(double v) {
        return Double.isNaN(v) ? "n/a" : Long.toString(Math.round(v));
    }
}
