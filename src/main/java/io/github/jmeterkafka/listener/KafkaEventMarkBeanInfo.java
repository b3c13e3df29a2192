package io.github.jmeterkafka.listener;

import io.github.jmeterkafka.config.KafkaBeanInfo;

/** The Kafka Event Mark's GUI; texts in KafkaEventMarkResources.properties. */
public class KafkaEventMarkBeanInfo extends KafkaBeanInfo {

    public KafkaEventMarkBeanInfo() {
        super(KafkaEventMark.class);
        createPropertyGroup("event", new String[] {"eventName"});
        text("eventName", "");
    }
}
