package io.github.jmeterkafka.run;

import io.github.jmeterkafka.measure.IntervalLog;
import io.github.jmeterkafka.measure.LimitFigures;
import io.github.jmeterkafka.measure.SummaryRow;
import java.util.ArrayList;
import java.util.List;

/**
 * A sampler's end-of-test summary, printed the one way every run prints it: its lines, then its limits', under
 * "TITLE summary for 'LABEL':"; then its rows, described, with the limits' columns, appended to the summary file and
 * closing its interval log.
 *
 * @param steadyLimits the limits of the steady state; null when the run has none
 */
public record RunSummary(List<String> lines, List<SummaryRow> rows, LimitFigures limits, LimitFigures steadyLimits) {

    /**
     * Prints the summary of the sampler labelled {@code label}.
     *
     * @param title the element's name in the GUI ("Kafka Consumer")
     * @param intervals the run's interval log; null when none is written
     * @return the rows as written
     */
    public List<SummaryRow> print(String title, String label, IntervalLog intervals) {
        List<String> text = new ArrayList<>(lines);
        text.addAll(LimitFigures.lines(limits, steadyLimits));
        SummaryPrinter.print(title + " summary for '" + label + "':", text.toArray(new String[0]));
        List<SummaryRow> described = RunParameters.describe(rows);
        LimitFigures.into(described, limits, steadyLimits);
        SummaryPrinter.csv(described);
        if (intervals != null) {
            intervals.close(described);
        }
        return described;
    }
}
