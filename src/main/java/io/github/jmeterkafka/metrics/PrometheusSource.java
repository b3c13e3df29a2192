package io.github.jmeterkafka.metrics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A broker's MBeans read from a Prometheus endpoint (text format), as the Prometheus JMX exporter names them: its
 * default names ({@code kafka_network_RequestMetrics_Mean{name="TotalTimeMs",request="Produce"}}) or the names the
 * common rule sets give ({@code kafka_server_brokertopicmetrics_bytesin_total}). A sample with labels other than
 * name, request and type (a topic's, a quantile's) is not the broker's total and is passed over.
 */
final class PrometheusSource implements BrokerSource {
    private static final Set<String> BROKER_WIDE_LABELS = Set.of("name", "request", "type");
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final URI uri;
    private final HttpClient http;

    PrometheusSource(String url) {
        this.uri = URI.create(url);
        this.http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    }

    @Override
    public Map<BrokerMetric, double[]> read() throws IOException {
        HttpResponse<String> response;
        try {
            response = http.send(
                    HttpRequest.newBuilder(uri).timeout(TIMEOUT).GET().build(), HttpResponse.BodyHandlers.ofString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (response.statusCode() != 200) {
            throw new IOException("HTTP " + response.statusCode());
        }
        return parse(response.body());
    }

    /** The metrics found in a text exposition. */
    static Map<BrokerMetric, double[]> parse(String text) {
        Map<BrokerMetric, double[]> read = new EnumMap<>(BrokerMetric.class);
        for (String line : text.split("\n", -1)) {
            Sample s = Sample.of(line.trim());
            if (s == null) {
                continue;
            }
            for (BrokerMetric m : BrokerMetric.values()) {
                List<String> attributes = m.kind.attributes;
                for (int i = 0; i < attributes.size(); i++) {
                    if (matches(m, attributes.get(i), s)) {
                        double[] values = read.computeIfAbsent(m, k -> {
                            double[] v = new double[attributes.size()];
                            Arrays.fill(v, Double.NaN);
                            return v;
                        });
                        values[i] = s.value;
                    }
                }
            }
        }
        return read;
    }

    static boolean matches(BrokerMetric m, String attribute, Sample s) {
        if (!BROKER_WIDE_LABELS.containsAll(s.labels.keySet())) {
            return false;
        }
        String n = s.name;
        String full = m.name.toLowerCase(Locale.ROOT);
        String label = s.labels.get("name");
        boolean namedInName =
                n.contains("_" + full) || n.contains("_" + m.shortName() + "_") || n.endsWith("_" + m.shortName());
        boolean named =
                label != null ? label.equalsIgnoreCase(m.name) || label.equalsIgnoreCase(m.shortName()) : namedInName;
        String request = s.labels.get("request");
        boolean requestOk = m.request == null ? request == null : m.request.equalsIgnoreCase(request);
        boolean attributeOk = switch (attribute) {
            case "Count" -> n.endsWith("_count") || n.endsWith("_total");
            case "Mean" -> n.endsWith("_mean");
            default ->
                n.endsWith("_value") || (label == null && (n.endsWith("_" + full) || n.endsWith("_" + m.shortName())));
        };
        return named
                && requestOk
                && attributeOk
                && n.startsWith(m.domain.replace('.', '_'))
                && n.contains("_" + m.type.toLowerCase(Locale.ROOT));
    }

    /** One line of the exposition: its name in lower case, its labels (keys in lower case), its value. */
    record Sample(String name, Map<String, String> labels, double value) {
        static Sample of(String line) {
            if (line.isEmpty() || line.startsWith("#")) {
                return null;
            }
            int brace = line.indexOf('{');
            int space = line.indexOf(' ');
            if (space < 0) {
                return null;
            }
            Map<String, String> labels = new HashMap<>();
            int end = space;
            if (brace >= 0 && brace < space) {
                end = labels(line, brace + 1, labels);
                if (end < 0) {
                    return null;
                }
            }
            String[] rest = line.substring(brace >= 0 && brace < space ? end + 1 : space)
                    .trim()
                    .split(" ", -1);
            return new Sample(
                    line.substring(0, brace >= 0 && brace < space ? brace : space)
                            .toLowerCase(Locale.ROOT),
                    labels,
                    value(rest[0]));
        }

        /** Reads {@code key="value",...} from {@code from} into {@code into}; the index of the closing brace, or -1. */
        private static int labels(String line, int from, Map<String, String> into) {
            int i = from;
            while (i < line.length()) {
                char c = line.charAt(i);
                if (c == '}') {
                    return i;
                }
                if (c == ',' || c == ' ') {
                    i++;
                    continue;
                }
                int eq = line.indexOf('=', i);
                if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
                    return -1;
                }
                StringBuilder v = new StringBuilder();
                int j = eq + 2;
                for (; j < line.length() && line.charAt(j) != '"'; j++) {
                    char x = line.charAt(j);
                    if (x == '\\' && j + 1 < line.length()) {
                        x = line.charAt(++j);
                        x = x == 'n' ? '\n' : x;
                    }
                    v.append(x);
                }
                into.put(line.substring(i, eq).trim().toLowerCase(Locale.ROOT), v.toString());
                i = j + 1;
            }
            return -1;
        }

        private static double value(String text) {
            return switch (text) {
                case "+Inf" -> Double.POSITIVE_INFINITY;
                case "-Inf" -> Double.NEGATIVE_INFINITY;
                default -> {
                    try {
                        yield Double.parseDouble(text);
                    } catch (NumberFormatException e) {
                        yield Double.NaN;
                    }
                }
            };
        }
    }

    @Override
    public void close() {
        // each read is one request: nothing stays open
    }
}
