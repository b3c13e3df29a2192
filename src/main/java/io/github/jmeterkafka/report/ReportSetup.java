package io.github.jmeterkafka.report;

import io.github.jmeterkafka.input.PluginProperties;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes {@code -e -o} dashboards carry the Kafka page with no setting: a plan with Kafka elements is
 * loaded before JMeter builds its report generator, which reads the exporter class from the JMeter
 * properties. A user's own exporter class is left alone.
 */
public final class ReportSetup {

    public static final String EXPORTER_CLASS_PROPERTY = "jmeter.reportgenerator.exporter.html.classname";

    private static final Logger log = LoggerFactory.getLogger(ReportSetup.class);

    // every sampler clone calls install(): after the first time in JMeter it costs one read
    private static volatile boolean done;

    private ReportSetup() {}

    /** Sets the HTML exporter to {@link KafkaDashboardExporter} unless the property is set; idempotent. */
    public static void install() {
        if (done) {
            return;
        }
        synchronized (ReportSetup.class) {
            // no JMeter home: not inside JMeter (unit tests), there is no report to set up
            if (done || JMeterUtils.getJMeterHome() == null) {
                return;
            }
            done = true;
            if (!PluginProperties.get(EXPORTER_CLASS_PROPERTY, "").isEmpty()) {
                return;
            }
            JMeterUtils.setProperty(EXPORTER_CLASS_PROPERTY, KafkaDashboardExporter.class.getName());
            log.info(
                    "HTML dashboards get a Kafka page: {}={}",
                    EXPORTER_CLASS_PROPERTY,
                    KafkaDashboardExporter.class.getName());
        }
    }
}
