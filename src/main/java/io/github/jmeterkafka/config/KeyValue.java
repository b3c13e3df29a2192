package io.github.jmeterkafka.config;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * One row of a key/value table (client properties, record headers). A TestElement so that
 * JMeter saves it in the .jmx and evaluates functions in it per sample.
 */
public class KeyValue extends AbstractTestElement {
    private static final long serialVersionUID = 1L;

    private static final String KEY = "key";
    private static final String VALUE = "value";

    public KeyValue() {}

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

    /** The rows as they are, in order, for tables whose names may repeat (record headers). */
    public static List<Map.Entry<String, String>> entries(List<KeyValue> rows) {
        List<Map.Entry<String, String>> out = new ArrayList<>(rows.size());
        for (KeyValue row : rows) {
            out.add(Map.entry(row.getKey() == null ? "" : row.getKey(), row.getValue() == null ? "" : row.getValue()));
        }
        return out;
    }

    /**
     * A table of settings as a map, names and values trimmed. A row without a name, or a name given
     * twice, is an {@link InvalidInputException}: which value was meant cannot be known.
     */
    public static Map<String, String> toMap(List<KeyValue> rows, String tableName) {
        Map<String, String> out = new LinkedHashMap<>();
        for (KeyValue row : rows) {
            String key = row.getKey() == null ? "" : row.getKey().trim();
            if (key.isEmpty()) {
                throw new InvalidInputException(
                        "a row of " + tableName + " has no name (value '" + row.getValue() + "')");
            }
            if (out.put(key, row.getValue() == null ? "" : row.getValue().trim()) != null) {
                throw new InvalidInputException("'" + key + "' is in " + tableName + " twice: which one is meant?");
            }
        }
        return out;
    }
}
