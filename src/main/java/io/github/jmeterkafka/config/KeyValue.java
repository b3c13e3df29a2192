package io.github.jmeterkafka.config;

import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * One row of a key/value table (client properties, record headers). A TestElement so that
 * JMeter saves it in the .jmx and evaluates functions in it per sample.
 */
public class KeyValue extends AbstractTestElement {
    private static final long serialVersionUID = 1L;

    private static final String KEY = "key";
    private static final String VALUE = "value";

    public KeyValue() {
    }

    public KeyValue(String key, String value) {
        setKey(key);
        setValue(value);
    }

    public String getKey() {
        return getPropertyAsString(KEY);
    }

    public void setKey(String key) {
        setProperty(KEY, key);
    }

    public String getValue() {
        return getPropertyAsString(VALUE);
    }

    public void setValue(String value) {
        setProperty(VALUE, value);
    }
}
