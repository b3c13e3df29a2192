package io.github.jmeterkafka.listener;

import org.apache.jmeter.testbeans.BeanInfoSupport;

/** Kafka Summary has no fields: its name and comment only. */
public class KafkaSummaryListenerBeanInfo extends BeanInfoSupport {

    public KafkaSummaryListenerBeanInfo() {
        super(KafkaSummaryListener.class);
    }
}
