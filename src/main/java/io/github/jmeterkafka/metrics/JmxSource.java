package io.github.jmeterkafka.metrics;

import java.io.IOException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import javax.management.Attribute;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/** A broker's MBeans read over its JMX port; connects on the first read and again after a failed one. */
final class JmxSource implements BrokerSource {
    private final String url;
    private JMXConnector connector;

    JmxSource(String url) {
        this.url = url;
    }

    // JMX over RMI deserializes what the server sends: the URL is the plan author's own broker, as with jconsole
    @SuppressWarnings("BanJNDI")
    @Override
    public Map<BrokerMetric, double[]> read() throws IOException {
        if (connector == null) {
            connector = JMXConnectorFactory.connect(new JMXServiceURL(url));
        }
        try {
            MBeanServerConnection server = connector.getMBeanServerConnection();
            Map<BrokerMetric, double[]> read = new EnumMap<>(BrokerMetric.class);
            for (BrokerMetric m : BrokerMetric.values()) {
                double[] values = new double[m.kind.attributes.size()];
                Arrays.fill(values, Double.NaN);
                try {
                    for (Attribute a : server.getAttributes(
                                    new ObjectName(m.objectName()), m.kind.attributes.toArray(new String[0]))
                            .asList()) {
                        int i = m.kind.attributes.indexOf(a.getName());
                        if (i >= 0 && a.getValue() instanceof Number n) {
                            values[i] = n.doubleValue();
                        }
                    }
                    read.put(m, values);
                } catch (InstanceNotFoundException e) {
                    // this broker (its version or role) has no such bean: the figure is n/a
                } catch (JMException e) {
                    throw new IOException("reading " + m.objectName() + ": " + e, e);
                }
            }
            return read;
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public void close() {
        if (connector != null) {
            try {
                connector.close();
            } catch (IOException e) {
                // the connection is already gone: nothing to release
            }
            connector = null;
        }
    }
}
