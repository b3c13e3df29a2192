package io.github.jmeterkafka.influx;

import io.github.jmeterkafka.measure.IntervalFeed;
import io.github.jmeterkafka.measure.IntervalFigures;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jmeter.visualizers.backend.AbstractBackendListenerClient;
import org.apache.jmeter.visualizers.backend.BackendListenerContext;
import org.apache.jmeter.visualizers.backend.influxdb.InfluxdbBackendListenerClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client for JMeter's Backend Listener: per Kafka sampler and interval, records/s, MB/s, failed records/s and
 * per-record latency percentiles, from the intervals its interval log writes ({@link IntervalFeed}), to InfluxDB
 * 1.x or 2.x. The plan's other samples (HTTP, JDBC, the Kafka Admin sampler...) go to JMeter's own InfluxDB client
 * with the same parameters, into the same measurement: one dashboard shows both.
 *
 * <p>Threads: the interval log timer formats and queues each interval (never waits); {@link PointSender}'s thread
 * writes; the Backend Listener's own thread calls {@link #handleSampleResults}. The last intervals are written
 * after {@link #teardownTest}, when the samplers close their logs, within {@value #END_WAIT_S} s.
 */
public class KafkaInfluxBackendClient extends AbstractBackendListenerClient {
    private static final Logger log = LoggerFactory.getLogger(KafkaInfluxBackendClient.class);
    static final String URL = "influxdbUrl";
    static final String TOKEN = "influxdbToken";
    static final String QUEUE_SIZE = "kafkaQueueSize";
    static final String PERCENTILES = "percentiles";
    private static final String USER_TAG_PREFIX = "TAG_";
    private static final long END_WAIT_S = 10;

    private PointSender sender;
    private Consumer<IntervalFigures> subscriber;
    private Map<String, String> parameters;
    // created on the first non-Kafka sample: a plan of Kafka samplers alone writes only through PointSender
    private InfluxdbBackendListenerClient jmeterClient;
    private BackendListenerContext jmeterContext;
    private boolean jmeterClientFailed;

    @Override
    public Arguments getDefaultParameters() {
        Map<String, String> defaults = new LinkedHashMap<>(
                new InfluxdbBackendListenerClient().getDefaultParameters().getArgumentsAsMap());
        defaults.put(PERCENTILES, "50;90;95;99;99.9;99.99");
        defaults.putIfAbsent(TOKEN, "");
        defaults.put(QUEUE_SIZE, "10000");
        Arguments args = new Arguments();
        defaults.forEach(args::addArgument);
        return args;
    }

    @Override
    public void setupTest(BackendListenerContext context) {
        parameters = new LinkedHashMap<>();
        for (Iterator<String> it = context.getParameterNamesIterator(); it.hasNext(); ) {
            String name = it.next();
            parameters.put(name, context.getParameter(name, ""));
        }
        try {
            URI url = URI.create(parameters.getOrDefault(URL, "").trim());
            if (url.getScheme() == null || url.getHost() == null) {
                throw new IllegalArgumentException("not an http(s) URL: '" + url + "'");
            }
            sender = new PointSender(
                    url, parameters.getOrDefault(TOKEN, "").trim(), context.getIntParameter(QUEUE_SIZE, 10_000));
        } catch (IllegalArgumentException e) {
            log.error(
                    "Kafka InfluxDB writer: {} ({}); the Kafka samplers' figures are not written", e.getMessage(), URL);
            return;
        }
        IntervalLine lines = new IntervalLine(parameters.getOrDefault("measurement", "jmeter"), tags());
        // runs on the interval logs' timer: a throw would stop their writing
        subscriber = f -> {
            try {
                sender.offer(lines.line(f));
            } catch (RuntimeException e) {
                sender.dropped(e.getClass().getSimpleName(), e.toString(), 1);
            }
        };
        sender.start();
        IntervalFeed.subscribe(subscriber);
        log.info("Kafka InfluxDB writer: the Kafka samplers' intervals go to {}", parameters.get(URL));
    }

    /** JMeter's client's application tag and user tags (TAG_name), and the test's title and this JMeter's host. */
    private Map<String, String> tags() {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("application", parameters.getOrDefault("application", ""));
        parameters.forEach((k, v) -> {
            if (k.startsWith(USER_TAG_PREFIX)) {
                tags.put(k.substring(USER_TAG_PREFIX.length()), v);
            }
        });
        tags.putAll(addedTags());
        return tags;
    }

    /** What both the Kafka lines and JMeter's client's lines get as tags, unless the plan names them itself. */
    private Map<String, String> addedTags() {
        Map<String, String> added = new LinkedHashMap<>();
        if (!parameters.containsKey(USER_TAG_PREFIX + "test")) {
            added.put("test", parameters.getOrDefault("testTitle", ""));
        }
        if (!parameters.containsKey(USER_TAG_PREFIX + "server")) {
            added.put("server", JMeterUtils.getLocalHostName());
        }
        return added;
    }

    @Override
    public void handleSampleResults(List<SampleResult> results, BackendListenerContext context) {
        List<SampleResult> others = new ArrayList<>();
        for (SampleResult r : results) {
            if (!IntervalFeed.keepsIntervals(r.getSampleLabel())) {
                others.add(r);
            }
        }
        if (others.isEmpty() || !jmeterClientStarted()) {
            return;
        }
        try {
            jmeterClient.handleSampleResults(others, jmeterContext);
        } catch (RuntimeException e) {
            jmeterClientFailed("takes samples", e);
        }
    }

    private boolean jmeterClientStarted() {
        if (jmeterClient != null || jmeterClientFailed) {
            return jmeterClient != null;
        }
        // a plan saved by hand or by an older JMeter may leave some out: JMeter's client needs them all
        Map<String, String> params = new HashMap<>(getDefaultParameters().getArgumentsAsMap());
        params.putAll(parameters);
        addedTags().forEach((k, v) -> params.put(USER_TAG_PREFIX + k, v));
        try {
            InfluxdbBackendListenerClient client = new InfluxdbBackendListenerClient();
            BackendListenerContext context = new BackendListenerContext(params);
            client.setupTest(context);
            jmeterContext = context;
            jmeterClient = client;
        } catch (Exception e) {
            jmeterClientFailed("starts", e);
        }
        return jmeterClient != null;
    }

    private void jmeterClientFailed(String what, Exception e) {
        if (!jmeterClientFailed) {
            jmeterClientFailed = true;
            log.warn("Kafka InfluxDB writer: JMeter's InfluxDB client failed as it {}: {}", what, e.toString());
        }
    }

    @Override
    public void teardownTest(BackendListenerContext context) {
        if (jmeterClient != null) {
            try {
                jmeterClient.teardownTest(jmeterContext);
            } catch (Exception e) {
                log.warn("Kafka InfluxDB writer: JMeter's InfluxDB client failed as it ends: {}", e.toString());
            }
        }
        if (sender != null) {
            Consumer<IntervalFigures> s = subscriber;
            // the samplers may close their interval logs after this listener ends: their last intervals still go
            sender.finish(IntervalFeed::anyOpen, Duration.ofSeconds(END_WAIT_S), () -> IntervalFeed.unsubscribe(s));
        }
    }
}
