package io.github.jmeterkafka.listener;

import java.awt.BorderLayout;
import javax.swing.JLabel;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.visualizers.gui.AbstractListenerGui;

/** The Kafka Summary listener's panel: name and comments, and what it does; it has no fields. */
public class KafkaSummaryGui extends AbstractListenerGui {
    private static final long serialVersionUID = 1L;

    public KafkaSummaryGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        add(
                new JLabel(
                        "<html>In distributed mode (-R), the controller's perf-test summary of each Kafka sampler over all"
                                + " jmeter-servers, merged from every record's latency, then one line per server; also to"
                                + " kafka.summary.file and the merged interval logs. In a local run the samplers print their own"
                                + " summaries and this listener does nothing.</html>"),
                BorderLayout.CENTER);
    }

    @Override
    public String getStaticLabel() {
        return "Kafka Summary";
    }

    @Override
    public String getLabelResource() {
        return getClass().getSimpleName();
    }

    @Override
    public TestElement createTestElement() {
        KafkaSummaryListener listener = new KafkaSummaryListener();
        modifyTestElement(listener);
        return listener;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        configureTestElement(element);
    }
}
