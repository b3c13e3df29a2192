package io.github.jmeterkafka.metrics;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.management.remote.JMXServiceURL;

/**
 * Where one broker's metrics are read, as a Kafka Connection's Broker metrics field lists them: "node id=URL", the URL
 * a JMX service URL ({@code service:jmx:rmi:///jndi/rmi://host:9999/jmxrmi}) or a Prometheus endpoint
 * ({@code http://host:7071/metrics}, e.g. the Prometheus JMX exporter's agent).
 */
public record BrokerEndpoint(int node, String url) {

    /** The endpoints the field lists, and a sentence for each entry that could not be used. */
    public record Parsed(List<BrokerEndpoint> endpoints, List<String> problems) {}

    /** Reads "1=URL, 2=URL" (entries apart by commas, spaces or new lines); a blank field lists none. */
    public static Parsed parse(String field) {
        List<BrokerEndpoint> endpoints = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Set<Integer> nodes = new HashSet<>();
        for (String entry : field == null ? new String[0] : field.trim().split("[,\\s]+", -1)) {
            if (entry.isEmpty()) {
                continue;
            }
            String problem = problem(entry);
            if (problem != null) {
                problems.add("'" + entry + "' " + problem);
                continue;
            }
            int eq = entry.indexOf('=');
            BrokerEndpoint e =
                    new BrokerEndpoint(Integer.parseInt(entry.substring(0, eq).trim()), entry.substring(eq + 1));
            if (nodes.add(e.node)) {
                endpoints.add(e);
            } else {
                problems.add("'" + entry + "' names node " + e.node + " a second time; the first entry counts");
            }
        }
        return new Parsed(List.copyOf(endpoints), List.copyOf(problems));
    }

    private static String problem(String entry) {
        int eq = entry.indexOf('=');
        if (eq <= 0) {
            return "is not <broker node id>=<URL>";
        }
        try {
            Integer.parseInt(entry.substring(0, eq));
        } catch (NumberFormatException e) {
            return "does not start with a broker node id (a number, as the broker's node.id)";
        }
        String url = entry.substring(eq + 1);
        try {
            if (isJmx(url)) {
                new JMXServiceURL(url);
                return null;
            }
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null
                    ? null
                    : "is neither a JMX service URL (service:jmx:...) nor a Prometheus endpoint (http://host:port/metrics)";
        } catch (MalformedURLException | URISyntaxException e) {
            return "is not a valid URL: " + e.getMessage();
        }
    }

    /** A JMX service URL, read over JMX; anything else is a Prometheus endpoint. */
    public boolean jmx() {
        return isJmx(url);
    }

    private static boolean isJmx(String url) {
        return url.regionMatches(true, 0, "service:jmx:", 0, "service:jmx:".length());
    }

    @Override
    public String toString() {
        return "broker " + node + " at " + url;
    }
}
