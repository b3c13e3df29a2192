package io.github.jmeterkafka.config;

import java.beans.PropertyDescriptor;
import java.util.ArrayList;
import org.apache.jmeter.testbeans.BeanInfoSupport;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testbeans.gui.TableEditor;
import org.apache.jmeter.testbeans.gui.TypeEditor;

/** The kinds of fields the plugin's GUIs use; texts come from each bean's Resources bundle. */
public abstract class KafkaBeanInfo extends BeanInfoSupport {

    protected KafkaBeanInfo(Class<? extends TestBean> beanClass) {
        super(beanClass);
    }

    /** A text field that may hold JMeter functions and variables. */
    protected PropertyDescriptor text(String name, String defaultValue) {
        PropertyDescriptor p = property(name);
        p.setValue(NOT_UNDEFINED, true);
        p.setValue(DEFAULT, defaultValue);
        return p;
    }

    /** A text area, for values and payloads. */
    protected PropertyDescriptor textArea(String name, String defaultValue) {
        PropertyDescriptor p = property(name, TypeEditor.TextAreaEditor);
        p.setValue(NOT_UNDEFINED, true);
        p.setValue(DEFAULT, defaultValue);
        return p;
    }

    /** A drop-down of tags (each translated in the bundle); the first tag is the default. */
    protected PropertyDescriptor choice(String name, String... tags) {
        PropertyDescriptor p = property(name);
        p.setValue(NOT_UNDEFINED, true);
        p.setValue(DEFAULT, tags[0]);
        p.setValue(NOT_OTHER, true);
        p.setValue(TAGS, tags);
        // the drop-down shows each tag's text from this bundle, not the stored tag
        p.setValue(RESOURCE_BUNDLE, getBeanDescriptor().getValue(RESOURCE_BUNDLE));
        return p;
    }

    /**
     * A drop-down that also takes typed text, so a value can come from a property, e.g.
     * {@code ${__P(kafka.security.protocol,PLAINTEXT)}}; the first tag is the default.
     */
    protected PropertyDescriptor editableChoice(String name, String... tags) {
        PropertyDescriptor p = choice(name, tags);
        p.setValue(NOT_OTHER, false);
        return p;
    }

    /** A masked text field; it still takes functions, e.g. {@code ${__P(kafka.password)}}. */
    protected PropertyDescriptor password(String name) {
        PropertyDescriptor p = property(name, TypeEditor.PasswordEditor);
        p.setValue(NOT_UNDEFINED, true);
        p.setValue(DEFAULT, "");
        return p;
    }

    /** A file name with a Browse button. */
    protected PropertyDescriptor file(String name) {
        PropertyDescriptor p = property(name, TypeEditor.FileEditor);
        p.setValue(NOT_UNDEFINED, true);
        p.setValue(DEFAULT, "");
        return p;
    }

    protected PropertyDescriptor checkbox(String name, boolean defaultValue) {
        PropertyDescriptor p = property(name);
        p.setValue(NOT_UNDEFINED, true);
        p.setValue(DEFAULT, defaultValue);
        return p;
    }

    /** A key/value table of {@link KeyValue} rows. */
    protected PropertyDescriptor table(String name, String keyHeader, String valueHeader) {
        PropertyDescriptor p = property(name, TypeEditor.TableEditor);
        p.setValue(TableEditor.CLASSNAME, KeyValue.class.getName());
        p.setValue(TableEditor.HEADERS, new String[] {keyHeader, valueHeader});
        p.setValue(TableEditor.OBJECT_PROPERTIES, new String[] {"key", "value"});
        p.setValue(NOT_UNDEFINED, true);
        p.setValue(DEFAULT, new ArrayList<KeyValue>());
        return p;
    }
}
