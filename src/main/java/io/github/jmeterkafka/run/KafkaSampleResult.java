package io.github.jmeterkafka.run;

import io.github.jmeterkafka.measure.SampleFigures;
import io.github.jmeterkafka.metrics.LimitsProbe;
import org.apache.jmeter.samplers.SampleResult;

/**
 * A Kafka sample's result on a jmeter-server: it also carries the sample's {@link SampleFigures}
 * over RMI to the controller, whose Kafka Summary listener merges the servers' summaries. Local
 * runs use plain results: their samplers print the summary themselves.
 */
public class KafkaSampleResult extends SampleResult {
    private static final long serialVersionUID = 1L;

    private SampleFigures figures;

    public SampleFigures figures() {
        return figures;
    }

    /** The sample's figures, with the second of this process's limits read last, so the controller merges them too. */
    public void figures(SampleFigures f) {
        this.figures = f == null ? null : f.limited(LimitsProbe.latest());
    }

    /**
     * JMeter's XML results (XStream) have a converter for SampleResult alone: they get a plain copy,
     * written as every other sample. Java serialization (RMI to the controller) keeps this object.
     */
    protected Object writeReplace() {
        boolean xstream = StackWalker.getInstance()
                .walk(frames ->
                        frames.limit(64).anyMatch(f -> f.getClassName().startsWith("com.thoughtworks.xstream.")));
        return xstream ? new SampleResult(this) : this;
    }
}
