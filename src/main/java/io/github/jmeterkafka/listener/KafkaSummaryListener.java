package io.github.jmeterkafka.listener;

import io.github.jmeterkafka.measure.MatchStats;
import io.github.jmeterkafka.measure.MergedRun;
import io.github.jmeterkafka.measure.ProducerStats;
import io.github.jmeterkafka.measure.SampleFigures;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.run.KafkaSampleResult;
import io.github.jmeterkafka.run.ObjectiveJudge;
import io.github.jmeterkafka.run.RunOutput;
import io.github.jmeterkafka.run.RunParameters;
import io.github.jmeterkafka.run.SummaryPrinter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.Remoteable;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka Summary: in distributed mode, the controller's summary of every Kafka sampler over all
 * jmeter-servers, merged from the figures each server's samples carry; then one line per server.
 * It also writes the merged rows to kafka.summary.file and the merged interval logs. In a local run
 * the samplers print their own summaries and this listener does nothing.
 *
 * <p>Threads: JMeter makes it {@link Remoteable}: the controller keeps one clone of it per server,
 * which that server calls over RMI; the clones share their merge through a static map by name,
 * as JMeter's own Summariser does.
 */
public class KafkaSummaryListener extends AbstractTestElement
        implements SampleListener, TestStateListener, Remoteable, NoThreadClone {
    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(KafkaSummaryListener.class);
    // JMeter gives each server its own clone of this element: what they merge is shared, by name
    private static final Map<String, Merge> MERGES = new ConcurrentHashMap<>();

    /** What the clones of one Kafka Summary share during a distributed test. */
    private static final class Merge {
        // computeIfAbsent of a ConcurrentHashMap runs once per label: each run opens a file
        final Map<String, MergedRun> runs = new ConcurrentHashMap<>();
        int serversRunning;
        // the controller's result files, read once its collectors have them open: the first sample comes after
        volatile Set<String> resultFiles;
    }

    private Merge merge() {
        return MERGES.computeIfAbsent(getName(), n -> new Merge());
    }

    @Override
    public void sampleOccurred(SampleEvent event) {
        Merge m = merge();
        if (m.resultFiles == null) {
            m.resultFiles = ObjectiveJudge.resultFiles();
        }
        add(m, event.getResult());
    }

    private static void add(Merge merge, SampleResult result) {
        if (result instanceof KafkaSampleResult kafkaSampleResult) {
            SampleFigures f = kafkaSampleResult.figures();
            if (f != null) {
                merge.runs
                        .computeIfAbsent(
                                result.getSampleLabel(),
                                label -> new MergedRun(
                                        f.kind,
                                        RunOutput.warmup(),
                                        RunOutput.intervalLog(f.kind, label, latency(f.kind))))
                        .add(f);
            }
        }
        for (SampleResult sub : result.getSubResults()) {
            add(merge, sub);
        }
    }

    @Override
    public void sampleStarted(SampleEvent e) {
        // only ended samples carry figures
    }

    @Override
    public void sampleStopped(SampleEvent e) {
        // only ended samples carry figures
    }

    @Override
    public void testStarted() {
        // a local run: its samplers print their summaries
    }

    /** Each server says when it starts; JMeter starts them all at once, before the first can end. */
    @Override
    public void testStarted(String host) {
        synchronized (MERGES) {
            merge().serversRunning++;
        }
    }

    @Override
    public void testEnded() {
        // a local run: its samplers printed their summaries
    }

    /** The last server to end prints the summaries. */
    @Override
    public void testEnded(String host) {
        Merge done;
        synchronized (MERGES) {
            if (--merge().serversRunning > 0) {
                return;
            }
            done = MERGES.remove(getName());
        }
        List<SummaryRow> rows = new ArrayList<>();
        Map<String, List<SummaryRow>> byLabel = new TreeMap<>();
        new TreeMap<>(done.runs).forEach((label, run) -> {
            String title = run.isShare() ? "Kafka Share Consumer" : title(run.kind());
            SummaryPrinter.print(
                    title + " summary for '" + label + "' over " + run.serverCount() + " servers:",
                    run.lines().toArray(new String[0]));
            List<SummaryRow> runRows = RunParameters.describe(run.rows(label));
            rows.addAll(runRows);
            byLabel.put(label, runRows);
            run.close(runRows);
        });
        SummaryPrinter.csv(rows);
        ObjectiveJudge.merged(byLabel, done.resultFiles != null ? done.resultFiles : ObjectiveJudge.resultFiles());
        if (done.runs.isEmpty()) {
            log.info("Kafka Summary '{}': no Kafka sample came from a jmeter-server", getName());
        }
    }

    /** What the samplers of this kind call their latency in their interval logs. */
    private static String latency(String kind) {
        MatchStats.Kind roundTrips = MatchStats.Kind.of(kind);
        if (roundTrips != null) {
            return roundTrips.latencyWords.intervalLog();
        }
        return ProducerStats.Summary.KIND.equals(kind) ? "send-to-ack" : "end-to-end";
    }

    private static String title(String kind) {
        MatchStats.Kind roundTrips = MatchStats.Kind.of(kind);
        if (roundTrips != null) {
            return roundTrips.title;
        }
        return ProducerStats.Summary.KIND.equals(kind) ? "Kafka Producer" : "Kafka Consumer";
    }
}
