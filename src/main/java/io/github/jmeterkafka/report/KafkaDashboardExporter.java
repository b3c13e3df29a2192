package io.github.jmeterkafka.report;

import io.github.jmeterkafka.input.PluginProperties;
import java.io.File;
import java.nio.file.Path;
import java.util.Set;
import org.apache.jmeter.JMeter;
import org.apache.jmeter.report.config.ExporterConfiguration;
import org.apache.jmeter.report.config.ReportGeneratorConfiguration;
import org.apache.jmeter.report.dashboard.ExportException;
import org.apache.jmeter.report.dashboard.HtmlTemplateExporter;
import org.apache.jmeter.report.dashboard.ReportGenerator;
import org.apache.jmeter.report.processor.SampleContext;
import org.apache.jmeter.report.processor.ValueResultData;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JMeter's HTML dashboard plus a Kafka page: per Kafka sampler of the results file, records, MB and
 * failed records per second and per-record latency percentiles over time, from the samplers'
 * interval logs, and their end-of-test summaries. The dashboard never fails because of the Kafka
 * page: a problem with it is one ERROR line in jmeter.log.
 */
public class KafkaDashboardExporter extends HtmlTemplateExporter {

    private static final Logger log = LoggerFactory.getLogger(KafkaDashboardExporter.class);

    /** HtmlTemplateExporter's own names for its output directory and default. */
    private static final String OUTPUT_DIR = "output_dir";

    private static final String OUTPUT_DIR_DEFAULT = "report-output";
    /** Where the samplers write their logs unless kafka.hlog.dir says otherwise. */
    @Override
    public void export(SampleContext context, File file, ReportGeneratorConfiguration configuration)
            throws ExportException {
        super.export(context, file, configuration);
        try {
            addKafkaPage(context, file, configuration);
        } catch (Exception | LinkageError e) {
            log.error("No Kafka page in the dashboard: {}", e.toString());
            log.debug("Kafka page failure", e);
        }
    }

    private void addKafkaPage(SampleContext context, File jtl, ReportGeneratorConfiguration configuration)
            throws Exception {
        String dirValue = PluginProperties.hlogDir();
        if (dirValue == null) {
            log.info("No Kafka page in the dashboard: {}=none writes no interval logs", PluginProperties.HLOG_DIR);
            return;
        }
        Double first = time(context, ReportGenerator.BEGIN_DATE_CONSUMER_NAME);
        Double last = time(context, ReportGenerator.END_DATE_CONSUMER_NAME);
        // without samples the first time is the aggregator's initial Double.MAX_VALUE
        if (first == null || last == null || first > last) {
            log.info("No Kafka page in the dashboard: {} has no samples", jtl);
            return;
        }
        Path jtlDir = jtl.getAbsoluteFile().toPath().getParent();
        Path dir = HlogSelection.directory(dirValue, jtlDir);
        Set<String> labels = JtlLabels.read(jtl);
        HlogSelection selection =
                HlogSelection.find(dir, PluginProperties.HLOG_DIR, labels, first.longValue(), last.longValue());
        if (selection.logs().isEmpty()) {
            log.info("No Kafka page in the dashboard: {}", selection.reason());
            return;
        }
        String title = configuration.getReportTitle();
        Path page = KafkaReport.write(
                outputDir(configuration).toPath(),
                title == null || title.isBlank() ? "Apache JMeter Dashboard" : title,
                selection.logs());
        log.info(
                "Kafka page of {} sampler(s) written to {} from {}",
                selection.logs().size(),
                page,
                dir);
    }

    /** The output directory as HtmlTemplateExporter resolves it: the -o folder, else output_dir. */
    private File outputDir(ReportGeneratorConfiguration configuration) throws ExportException {
        String global = PluginProperties.get(JMeter.JMETER_REPORT_OUTPUT_DIR_PROPERTY, "");
        if (!global.isEmpty()) {
            return new File(global);
        }
        ExporterConfiguration cfg = configuration.getExportConfigurations().get(getName());
        return getPropertyFromConfig(
                cfg, OUTPUT_DIR, new File(JMeterUtils.getJMeterBinDir(), OUTPUT_DIR_DEFAULT), File.class);
    }

    private static Double time(SampleContext context, String consumer) {
        return context.getData().get(consumer) instanceof ValueResultData v && v.getValue() instanceof Double d
                ? d
                : null;
    }
}
