package io.github.jmeterkafka.listener;

import java.awt.BorderLayout;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import java.util.ResourceBundle;
import javax.swing.BorderFactory;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JTextField;
import kg.apc.charting.AbstractGraphRow;
import kg.apc.jmeter.graphs.AbstractOverTimeVisualizer;
import kg.apc.jmeter.vizualizers.JSettingsPanel;
import org.apache.jmeter.gui.util.FilePanelEntry;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;

/**
 * The Kafka Metrics listener's panel: its fields above jmeter-plugins' over-time graph, one line
 * per client (or group) and metric. Hand-written because a TestBean GUI cannot hold a graph.
 *
 * <p>Threads: Swing builds and edits it; {@link #add} runs on the listener's sampling thread, as
 * every JMeter visualizer's does on sampler threads (the graph's model is concurrent).
 */
public class KafkaMetricsGui extends AbstractOverTimeVisualizer {
    private static final long serialVersionUID = 1L;
    static final String BUNDLE = "io.github.jmeterkafka.listener.KafkaMetricsGuiResources";
    private static final String HELP =
            "https://github.com/jmeter-kafka/jmeter-kafka/blob/main/docs/listeners.md#kafka-metrics-listener";

    // no initializers: the superclass constructor builds the panel through getGraphPanelContainer()
    private JTextField metricNames;
    private JTextField intervalSeconds;
    private FilePanelEntry csvFile;

    public KafkaMetricsGui() {
        super();
        setGranulation(1000);
        graphPanel.getGraphObject().setYAxisLabel(text("graph.yAxis"));
        // rates, latencies and lags differ by orders of magnitude: scale each line to the chart
        graphPanel.getGraphObject().getChartSettings().setExpendRows(true);
        // our CSV file replaces JMeter's result file, whose rows would hold no metric
        hideFilePanel();
    }

    static String text(String key) {
        return ResourceBundle.getBundle(BUNDLE).getString(key);
    }

    @Override
    public String getStaticLabel() {
        return text("displayName");
    }

    @Override
    public String getLabelResource() {
        return getClass().getSimpleName();
    }

    @Override
    public String getWikiPage() {
        return HELP;
    }

    @Override
    protected JSettingsPanel createSettingsPanel() {
        return new JSettingsPanel(
                this,
                JSettingsPanel.GRADIENT_OPTION
                        | JSettingsPanel.LIMIT_POINT_OPTION
                        | JSettingsPanel.MAXY_OPTION
                        | JSettingsPanel.RELATIVE_TIME_OPTION
                        | JSettingsPanel.AUTO_EXPAND_OPTION
                        | JSettingsPanel.MARKERS_OPTION_DISABLED);
    }

    @Override
    protected JPanel getGraphPanelContainer() {
        JPanel container = new JPanel(new BorderLayout());
        container.add(fieldsPanel(), BorderLayout.NORTH);
        return container;
    }

    private JPanel fieldsPanel() {
        // narrow preferred widths: the fields stretch, and a wide one would widen the whole panel
        metricNames = new JTextField(KafkaMetricsCollector.DEFAULT_METRIC_NAMES, 20);
        intervalSeconds = new JTextField(Integer.toString(KafkaMetricsCollector.DEFAULT_INTERVAL_SECONDS), 6);
        csvFile = new FilePanelEntry(text("csvFile.displayName"), ".csv");
        metricNames.setToolTipText(text("metricNames.shortDescription"));
        intervalSeconds.setToolTipText(text("intervalSeconds.shortDescription"));
        csvFile.setToolTipText(text("csvFile.shortDescription"));

        JPanel panel = new JPanel(new GridBagLayout());
        panel.setBorder(BorderFactory.createTitledBorder(text("fields.title")));
        GridBagConstraints c = new GridBagConstraints();
        c.insets = new Insets(2, 4, 2, 4);
        c.anchor = GridBagConstraints.WEST;
        c.gridy = 0;
        panel.add(label("metricNames", metricNames), c);
        c.weightx = 1;
        c.fill = GridBagConstraints.HORIZONTAL;
        c.gridwidth = 3;
        panel.add(metricNames, c);

        c.gridy = 1;
        c.gridwidth = 1;
        c.weightx = 0;
        c.fill = GridBagConstraints.NONE;
        panel.add(label("intervalSeconds", intervalSeconds), c);
        panel.add(intervalSeconds, c);
        c.weightx = 1;
        c.fill = GridBagConstraints.HORIZONTAL;
        panel.add(csvFile, c);
        return panel;
    }

    private static JLabel label(String field, JTextField target) {
        JLabel l = new JLabel(text(field + ".displayName"));
        l.setLabelFor(target);
        l.setToolTipText(text(field + ".shortDescription"));
        return l;
    }

    @Override
    public TestElement createTestElement() {
        if (!(collector instanceof KafkaMetricsCollector)) {
            collector = new KafkaMetricsCollector();
        }
        return super.createTestElement();
    }

    @Override
    public void modifyTestElement(TestElement element) {
        super.modifyTestElement(element);
        element.setProperty(
                KafkaMetricsCollector.METRIC_NAMES, metricNames.getText().trim());
        element.setProperty(
                KafkaMetricsCollector.INTERVAL_SECONDS,
                intervalSeconds.getText().trim());
        element.setProperty(
                KafkaMetricsCollector.CSV_FILE, csvFile.getFilename().trim());
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        metricNames.setText(element.getPropertyAsString(KafkaMetricsCollector.METRIC_NAMES));
        intervalSeconds.setText(element.getPropertyAsString(KafkaMetricsCollector.INTERVAL_SECONDS));
        csvFile.setFilename(element.getPropertyAsString(KafkaMetricsCollector.CSV_FILE));
    }

    @Override
    public void clearGui() {
        super.clearGui();
        metricNames.setText(KafkaMetricsCollector.DEFAULT_METRIC_NAMES);
        intervalSeconds.setText(Integer.toString(KafkaMetricsCollector.DEFAULT_INTERVAL_SECONDS));
        csvFile.setFilename("");
    }

    /** One metric value from {@link KafkaMetricsCollector}: a point on the line of its label. */
    @Override
    public void add(SampleResult res) {
        if (!(res instanceof MetricSampleResult metricSampleResult) || !isSampleIncluded(res)) {
            return;
        }
        super.add(res);
        AbstractGraphRow row = model.get(res.getSampleLabel());
        if (row == null) {
            row = getNewRow(
                    model,
                    AbstractGraphRow.ROW_AVERAGES,
                    res.getSampleLabel(),
                    AbstractGraphRow.MARKER_SIZE_NONE,
                    false,
                    false,
                    false,
                    true,
                    true);
        }
        row.add(normalizeTime(res.getStartTime()), metricSampleResult.value());
        updateGui(null);
    }
}
