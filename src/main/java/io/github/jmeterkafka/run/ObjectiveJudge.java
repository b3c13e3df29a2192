package io.github.jmeterkafka.run;

import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.measure.Objectives;
import io.github.jmeterkafka.measure.SummaryRow;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jorphan.collections.SearchByClass;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges {@code kafka.objectives} at test end: each criterion judged on a sampler's summary rows is a line on stdout
 * and a sample in the test's results (failed when missed), so whatever fails a run on failed samples (an error
 * threshold, a fail criterion, a test on the JTL) fails it. The samples go to the result collectors the sampler
 * threads saw (the {@code -l} file, its summariser, the plan's listeners); their test end comes after the samplers'.
 * On jmeter-servers nothing is judged: the controller judges the merged figures.
 */
public final class ObjectiveJudge {
    private static final Logger log = LoggerFactory.getLogger(ObjectiveJudge.class);

    /** The response code of a missed objective (an objective met has 200). */
    public static final String MISSED = "ObjectiveMissed";
    /** The response code when kafka.objectives does not parse. */
    public static final String NOT_READ = "400";

    private static final String THREAD = "Kafka objectives";

    // one test at a time: state of the test that started last
    private static long test = -1;
    private static Objectives objectives;
    private static String refused;
    private static int running;
    private static final Set<ResultCollector> collectors = Collections.newSetFromMap(new IdentityHashMap<>());

    private ObjectiveJudge() {}

    /** At each Kafka sampler's test start; the first of a test reads kafka.objectives (a bad one: one ERROR line). */
    public static synchronized void testStarted() {
        long start = JMeterContextService.getTestStartTime();
        if (start != test) {
            test = start;
            running = 0;
            collectors.clear();
            Read read = read();
            objectives = read.objectives();
            refused = read.refused();
        }
        running++;
    }

    /** In each sampler thread at its start: the result collectors its samples go to. */
    public static void threadStarted() {
        synchronized (ObjectiveJudge.class) {
            if (objectives == null && refused == null) {
                return;
            }
        }
        JMeterThread thread = JMeterContextService.getContext().getThread();
        if (thread == null || !RunOutput.server().isEmpty()) {
            return;
        }
        SearchByClass<ResultCollector> search = new SearchByClass<>(ResultCollector.class);
        thread.getTestTree().traverse(search);
        synchronized (ObjectiveJudge.class) {
            collectors.addAll(search.getSearchResults());
        }
    }

    /** At a Kafka sampler's test end, after its summary: its objectives; the last sampler's, any left unjudged. */
    public static void testEnded(String label, List<SummaryRow> rows) {
        List<Objectives.Judgement> judged = new ArrayList<>();
        String notRead;
        List<ResultCollector> to;
        synchronized (ObjectiveJudge.class) {
            boolean last = --running <= 0;
            boolean judging = RunOutput.server().isEmpty();
            if (objectives != null && judging) {
                judged.addAll(objectives.judge(label, rows));
                if (last) {
                    judged.addAll(objectives.unjudged());
                }
            }
            notRead = last && judging ? refused : null;
            to = List.copyOf(collectors);
        }
        report(judged, notRead, event -> deliver(to, event));
    }

    /**
     * On the controller of a distributed test: the merged rows of every label, judged into the result files
     * {@code resultFiles} names (the controller's {@code -l} file among them).
     */
    public static void merged(Map<String, List<SummaryRow>> rowsByLabel, Set<String> resultFiles) {
        Objectives merged = read().objectives();
        if (merged == null) {
            return;
        }
        List<Objectives.Judgement> judged = new ArrayList<>();
        rowsByLabel.forEach((label, rows) -> judged.addAll(merged.judge(label, rows)));
        judged.addAll(merged.unjudged());
        report(judged, null, event -> ResultFiles.write(resultFiles, event));
    }

    /** The result files the controller's collectors have open: read while they are, before the test ends. */
    public static Set<String> resultFiles() {
        return ResultFiles.open();
    }

    /** kafka.objectives: none (null) when blank; when it does not parse, why, in one ERROR line and on stdout. */
    private record Read(Objectives objectives, String refused) {}

    private static Read read() {
        String text = PluginProperties.get(PluginProperties.OBJECTIVES, "");
        try {
            Objectives read = Objectives.parse(text);
            return new Read(read.isEmpty() ? null : read, null);
        } catch (IllegalArgumentException e) {
            String refused = PluginProperties.OBJECTIVES + "=" + text.trim() + " is not read, no objective is judged: "
                    + e.getMessage();
            log.error(refused);
            SummaryPrinter.print(refused);
            return new Read(null, refused);
        }
    }

    private static void report(List<Objectives.Judgement> judged, String notRead, Consumer<SampleEvent> to) {
        for (Objectives.Judgement j : judged) {
            SummaryPrinter.print(j.text());
            to.accept(sample(j.sampleLabel(), j.met(), j.met() ? "200" : MISSED, j.text()));
        }
        if (notRead != null) {
            to.accept(sample("Kafka objectives", false, NOT_READ, notRead));
        }
    }

    private static SampleEvent sample(String label, boolean met, String code, String text) {
        SampleResult r = new SampleResult();
        r.setSampleLabel(label);
        r.setThreadName(THREAD);
        r.setStampAndTime(System.currentTimeMillis(), 0);
        r.setSuccessful(met);
        r.setResponseCode(code);
        r.setResponseMessage(text);
        r.setDataType(SampleResult.TEXT);
        r.setResponseData(text, StandardCharsets.UTF_8.name());
        return new SampleEvent(r, THREAD);
    }

    private static void deliver(List<ResultCollector> to, SampleEvent event) {
        SampleResult r = event.getResult();
        for (ResultCollector c : to) {
            try {
                c.sampleOccurred(event);
            } catch (RuntimeException e) {
                log.error(
                        "Kafka objectives: result collector '{}' refused '{}': {}",
                        c.getName(),
                        r.getSampleLabel(),
                        e.toString());
            }
        }
    }
}
