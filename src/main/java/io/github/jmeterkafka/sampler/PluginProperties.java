package io.github.jmeterkafka.sampler;

import java.util.Properties;

import org.apache.jmeter.util.JMeterUtils;

/** The JMeter properties the plugin reads; every name starts with {@code kafka.}. */
final class PluginProperties {
    /** Response and sampler data are cut to this many characters. */
    static final String RESPONSE_MAX_BYTES = "kafka.response.max.bytes";
    /** How long closing a client may take at thread or test end, in ms. */
    static final String CLOSE_TIMEOUT_MS = "kafka.close.timeout.ms";
    /** A CSV file the end-of-test summaries are appended to. */
    static final String SUMMARY_FILE = "kafka.summary.file";

    private PluginProperties() {
    }

    static long get(String name, long defaultValue) {
        String value = raw(name);
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return defaultValue;
        }
    }

    static String get(String name, String defaultValue) {
        String value = raw(name);
        return value == null || value.isBlank() ? defaultValue : value.trim();
    }

    private static String raw(String name) {
        Properties props = JMeterUtils.getJMeterProperties();
        return props == null ? null : props.getProperty(name);
    }
}
