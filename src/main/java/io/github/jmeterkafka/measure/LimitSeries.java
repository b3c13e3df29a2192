package io.github.jmeterkafka.measure;

import java.util.EnumMap;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The limits' figures drawn over time: each is written into a sampler's interval log every interval, as a counter
 * tagged {@code limit.<name>} whose total count is the figure in whole {@link #logged} units, read back for the Kafka
 * page and sent to InfluxDB as {@code limit_<name>}. A figure the probe could not read is left out of the interval.
 */
public enum LimitSeries {
    CORES_BUSY("generator's cores busy", "%", 10, s -> 100 * s.generator().coresBusy()),
    JVM_CPU("this JVM's CPU", "%", 10, s -> 100 * s.generator().jvmCpu()),
    BUFFER_FULL(
            "sends waiting for buffer.memory", "%", 10, s -> 100 * s.client().bufferFull()),
    GC_PAUSE("GC pauses", "ms", 1, s -> s.generator().gcPauseMs()),
    THREADS_WAITED(
            "this JVM's threads waiting for a core", "ms", 1, s -> s.generator().waitMs()),
    QUEUE("record queue time", "ms", 1000, s -> s.client().queueMs()),
    THROTTLE("quota throttle", "ms", 1, s -> s.client().throttleMs()),
    SLOWEST_BROKER("slowest broker's request latency", "ms", 1000, LimitSeries::slowestBrokerMs),
    UNDER_REPLICATED(
            "under-replicated", "partitions", 1, s -> replication(s, LimitSample.Replication::underReplicated)),
    UNDER_MIN_ISR("under min ISR", "partitions", 1, s -> replication(s, LimitSample.Replication::underMinIsr)),
    OFFLINE("offline", "partitions", 1, s -> replication(s, LimitSample.Replication::offline)),
    BROKER_HANDLERS_IDLE("least idle broker's request handlers", "%", 10, LimitSeries::leastIdleHandlers),
    CONSUMER_LAG("consumers' lag", "records", 1, s -> s.client().lag());

    /** What a chart's legend calls it. */
    public final String title;
    /** The unit it is shown in. */
    public final String unit;
    /** How many logged units make one shown unit: per mille for %, µs for ms. */
    public final int logged;

    // a stateless method reference: the enum stays immutable
    @SuppressWarnings("ImmutableEnumChecker")
    private final ToDoubleFunction<LimitSample> read;

    LimitSeries(String title, String unit, int logged, ToDoubleFunction<LimitSample> read) {
        this.title = title;
        this.unit = unit;
        this.logged = logged;
        this.read = read;
    }

    /** The log's tag: {@code limit.cores-busy}. */
    public String tag() {
        return "limit." + name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** InfluxDB's field and the page's column: {@code limit_cores_busy}. */
    public String field() {
        return "limit_" + name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The series whose log tag this is, or null. */
    public static LimitSeries ofTag(String tag) {
        for (LimitSeries s : values()) {
            if (s.tag().equals(tag)) {
                return s;
            }
        }
        return null;
    }

    /** A second's figures in logged units; what could not be read is absent. */
    public static Map<LimitSeries, Long> of(LimitSample sample) {
        Map<LimitSeries, Long> out = new EnumMap<>(LimitSeries.class);
        if (sample == null) {
            return out;
        }
        for (LimitSeries s : values()) {
            double v = s.read.applyAsDouble(sample);
            if (!Double.isNaN(v)) {
                out.put(s, Math.max(0, Math.round(v * s.logged)));
            }
        }
        return out;
    }

    /** A logged value in its shown unit. */
    public double shown(long loggedValue) {
        return (double) loggedValue / logged;
    }

    private static double slowestBrokerMs(LimitSample s) {
        return s.nodes().values().stream()
                .mapToDouble(Double::doubleValue)
                .max()
                .orElse(Double.NaN);
    }

    private static double leastIdleHandlers(LimitSample s) {
        return s.brokers().values().stream()
                .mapToDouble(b -> 100 * b.handlerIdle())
                .filter(v -> !Double.isNaN(v))
                .min()
                .orElse(Double.NaN);
    }

    private static double replication(LimitSample s, java.util.function.ToIntFunction<LimitSample.Replication> f) {
        return s.replication() == null ? Double.NaN : f.applyAsInt(s.replication());
    }
}
