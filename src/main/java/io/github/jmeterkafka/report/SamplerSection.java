package io.github.jmeterkafka.report;

import io.github.jmeterkafka.measure.HlogHeader;
import java.io.IOException;

/** What the Kafka page shows of one sampler: its log's header, the series over time and the summary table. */
public record SamplerSection(HlogHeader header, String dataLink, SamplerSeries series, SummaryTable summary) {

    /** Charts of at most about this many points: a browser draws them at once, whatever the run's length. */
    static final int MAX_POINTS = 600;

    /** Reads the whole log; {@code dataLink} is where the page links to its copy. */
    public static SamplerSection read(HlogHeader header, String dataLink) throws IOException {
        HlogContents contents = HlogContents.read(header);
        return new SamplerSection(
                header,
                dataLink,
                SamplerSeries.of(contents.intervals(), contents.limits(), MAX_POINTS),
                contents.summary());
    }

    public String latencyTitle() {
        return (header.latency().isEmpty() ? (header.consumer() ? "end-to-end" : "send-to-ack") : header.latency())
                + " latency";
    }
}
