package io.github.jmeterkafka.sweep;

import io.github.jmeterkafka.measure.Objective;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A search file's {@code search.} lines: the rate bounds, the objective, the precision and each run's length.
 * <pre>
 * search.rate=5000-200000                  (records/s: start at the first, grow x2 up to the second)
 * search.objective=corrected p99 &lt;= 50 ms
 * search.precision=5                       (%: stop when the lowest failing rate is within it of the highest holding)
 * search.seconds=30                        (each run sends rate x seconds records: -Jrate, -Jrecords)
 * search.servers=host1:1099,host2:1099     (optional: each run on these jmeter-servers, the rate split over them)
 * </pre>
 */
record Search(long low, long high, Objective objective, double precisionPercent, int seconds, List<String> servers) {
    static final String PREFIX = "search.";
    /** The -J properties a run of the search sets: the ready plans' rate and record count. */
    static final String RATE = "rate";

    static final String RECORDS = "records";

    private static final Pattern SERVER = Pattern.compile("[A-Za-z0-9._-]+(:[0-9]{1,5})?");

    /** A search run by this JMeter alone. */
    Search(long low, long high, Objective objective, double precisionPercent, int seconds) {
        this(low, high, objective, precisionPercent, seconds, List.of());
    }

    private static final Pattern BOUNDS = Pattern.compile("\\s*([0-9]+)\\s*-\\s*([0-9]+)\\s*");

    /** Null when the file has no search.rate line (a matrix sweep). */
    static Search read(Path file, Properties p) {
        String rate = p.getProperty(PREFIX + RATE);
        if (rate == null) {
            for (String key : p.stringPropertyNames()) {
                if (key.startsWith(PREFIX)) {
                    throw new IllegalArgumentException(file + ": " + key + " without a search.rate=LOW-HIGH line");
                }
            }
            return null;
        }
        Matcher m = BOUNDS.matcher(rate);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    file + ": search.rate=" + rate + " is not LOW-HIGH in records/s, e.g. 5000-200000");
        }
        long low = Long.parseLong(m.group(1));
        long high = Long.parseLong(m.group(2));
        if (low < 1 || high <= low) {
            throw new IllegalArgumentException(
                    file + ": search.rate=" + rate + ": LOW must be at least 1 and HIGH above it");
        }
        String objective = p.getProperty(PREFIX + "objective", "").trim();
        if (objective.isEmpty()) {
            throw new IllegalArgumentException(
                    file + ": a search needs search.objective=, e.g. search.objective=corrected p99 <= 50 ms");
        }
        double precision = number(file, p, "precision", 5);
        if (precision <= 0 || precision >= 100) {
            throw new IllegalArgumentException(file + ": search.precision must be a percentage above 0 and below 100");
        }
        double seconds = number(file, p, "seconds", 30);
        if (seconds < 1 || seconds != Math.rint(seconds)) {
            throw new IllegalArgumentException(file + ": search.seconds must be a whole number of seconds >= 1");
        }
        try {
            return new Search(low, high, Objective.latency(objective), precision, (int) seconds, servers(file, p));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** The jmeter-servers of search.servers= (host or host:port, apart by commas or spaces); none: run locally. */
    private static List<String> servers(Path file, Properties p) {
        List<String> servers = new ArrayList<>();
        for (String server : p.getProperty(PREFIX + "servers", "").trim().split("[,\\s]+", -1)) {
            if (server.isEmpty()) {
                continue;
            }
            if (!SERVER.matcher(server).matches()) {
                throw new IllegalArgumentException(file + ": search.servers: '" + server
                        + "' is not a jmeter-server as -R takes it (host or host:port)");
            }
            servers.add(server);
        }
        return List.copyOf(servers);
    }

    private static double number(Path file, Properties p, String key, double dflt) {
        String v = p.getProperty(PREFIX + key, "").trim();
        try {
            return v.isEmpty() ? dflt : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + ": " + PREFIX + key + "=" + v + " is not a number", e);
        }
    }

    /** The records a run at {@code rate} sends: {@code seconds} of them. */
    long records(long rate) {
        return rate * seconds;
    }

    /** Whether the bracket is within the precision: the lowest failing rate at most precision % above the highest holding. */
    boolean settled(long held, long failed) {
        return failed - held <= held * precisionPercent / 100;
    }

    /**
     * The rate between two: their middle to three significant figures (readable rates), or exactly when that rounds
     * onto either; 0 when no whole rate lies between.
     */
    static long between(long held, long failed) {
        long mid = held + (failed - held) / 2;
        long step = 1;
        while (mid / step >= 1000) {
            step *= 10;
        }
        long round = Math.round((double) mid / step) * step;
        long rate = round > held && round < failed ? round : mid;
        return rate > held && rate < failed ? rate : 0;
    }
}
