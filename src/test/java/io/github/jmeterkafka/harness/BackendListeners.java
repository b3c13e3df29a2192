package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** JMeter's Backend Listener on the plugin's InfluxDB or Prometheus client, added to a copy of a ready plan. */
public final class BackendListeners {
    public static final String CLIENT = "io.github.jmeterkafka.influx.KafkaInfluxBackendClient";

    private BackendListeners() {}

    /**
     * A copy of {@code plan} in {@code dir} with {@code listeners} first under the test plan: their test end comes
     * before the samplers' last intervals, the harder order for them.
     */
    public static Path addedTo(Path plan, Path dir, String name, String listeners) {
        try {
            String text = Files.readString(plan);
            String anchor = "<hashTree>\n";
            int children = text.indexOf(anchor, text.indexOf("<TestPlan ")) + anchor.length();
            Path copy = Files.createDirectories(dir).resolve(name + ".jmx");
            Files.writeString(copy, text.substring(0, children) + listeners + text.substring(children));
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One Backend Listener writing to InfluxDB at {@code url}, as JMeter saves it. */
    public static String influxDb(String testname, String url, String application, String title) {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("influxdbUrl", url);
        args.put("application", application);
        args.put("measurement", "jmeter");
        args.put("summaryOnly", "false");
        args.put("samplersRegex", ".*");
        args.put("percentiles", "50;90;95;99;99.9");
        args.put("testTitle", title);
        args.put("eventTags", "");
        return backendListener(testname, CLIENT, args);
    }

    /** One Backend Listener serving the Kafka samplers' metrics on {@code port} and pushing them to a Pushgateway. */
    public static String prometheus(String testname, int port, String pushgatewayUrl, String instance) {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("prometheusHost", "127.0.0.1");
        args.put("prometheusPort", port < 0 ? "" : Integer.toString(port));
        args.put("pushgatewayUrl", pushgatewayUrl);
        args.put("pushgatewayJob", "jmeter-kafka");
        args.put("pushgatewayInstance", instance);
        return backendListener(testname, "io.github.jmeterkafka.prometheus.KafkaPrometheusBackendClient", args);
    }

    private static String backendListener(String testname, String client, Map<String, String> args) {
        StringBuilder s = new StringBuilder()
                .append("<BackendListener guiclass=\"BackendListenerGui\" testclass=\"BackendListener\" testname=\"")
                .append(testname)
                .append("\">\n<elementProp name=\"arguments\" elementType=\"Arguments\" guiclass=\"ArgumentsPanel\"")
                .append(" testclass=\"Arguments\">\n<collectionProp name=\"Arguments.arguments\">\n");
        args.forEach((k, v) -> s.append("<elementProp name=\"")
                .append(k)
                .append("\" elementType=\"Argument\"><stringProp name=\"Argument.name\">")
                .append(k)
                .append("</stringProp><stringProp name=\"Argument.value\">")
                .append(v.replace("&", "&amp;"))
                .append("</stringProp><stringProp name=\"Argument.metadata\">=</stringProp></elementProp>\n"));
        return s.append("</collectionProp>\n</elementProp>\n<stringProp name=\"classname\">")
                .append(client)
                .append("</stringProp>\n</BackendListener>\n<hashTree/>\n")
                .toString();
    }
}
