package io.github.jmeterkafka.run;

import io.github.jmeterkafka.client.ClientJar;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.measure.SummaryRow.Column;
import java.time.Instant;
import java.util.List;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.util.JMeterUtils;

/**
 * What a run was, written into each of its summary rows: so that rows of many runs (a sweep)
 * compare without a note of which run had which settings.
 */
public final class RunParameters {

    private RunParameters() {}

    public static List<SummaryRow> describe(List<SummaryRow> rows) {
        String timestamp = Instant.now().toString();
        String plan = FileServer.getFileServer().getScriptName();
        for (SummaryRow row : rows) {
            row.describe(Column.TIMESTAMP, timestamp)
                    .describe(Column.PLAN, plan == null ? "" : plan)
                    .describe(Column.HOST, JMeterUtils.getLocalHostName())
                    .describe(Column.JMETER_VERSION, JMeterUtils.getJMeterVersion())
                    .describe(Column.KAFKA_VERSION, ClientJar.loadedVersion());
            for (Column c : Column.values()) {
                if (c.property != null) {
                    row.describe(c, PluginProperties.get(c.property, ""));
                }
            }
        }
        return rows;
    }
}
