package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.config.KafkaBeanInfo;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.payload.KeyMode;
import io.github.jmeterkafka.payload.SchemaOutput;
import io.github.jmeterkafka.payload.source.ValueMode;
import io.github.jmeterkafka.sampler.base.BehindSchedule;
import io.github.jmeterkafka.sampler.base.RecordFields;
import org.apache.jmeter.testbeans.TestBean;

/** The GUI of the fields that make records ({@link RecordFields}), for the samplers that send them. */
abstract class RecordBeanInfo extends KafkaBeanInfo {

    protected RecordBeanInfo(Class<? extends TestBean> beanClass) {
        super(beanClass);
    }

    /** The key and value groups and the record fields' editors; {@code record} lists the record group's fields. */
    protected void recordFields(String... record) {
        createPropertyGroup("recordKey", new String[] {"keyMode", "key", "keyCount"});
        createPropertyGroup("recordValue", new String[] {
            "valueMode",
            "value",
            "recordSize",
            "payloadFile",
            "payloadDelimiter",
            "valueSchema",
            "schemaOutput",
            "fieldRules"
        });
        createPropertyGroup("record", record);
        text("connectionName", "kafka");
        text("topic", "${__P(topic,jmeter-kafka)}");
        text("partition", "");
        choice("keyMode", Tagged.tags(KeyMode.class));
        text("key", "");
        text("keyCount", "100");
        choice("valueMode", Tagged.tags(ValueMode.class));
        textArea("value", "");
        text("recordSize", "1000");
        text("payloadFile", "");
        text("payloadDelimiter", "\\n");
        textArea("valueSchema", "");
        choice("schemaOutput", Tagged.tags(SchemaOutput.class));
        table("fieldRules", "Field", "Template");
        table("headers", "Header", "Value");
        text("timestamp", "");
        text("seed", "");
        text("recordsPerSample", "1");
        text("recordBudget", "");
        text("expectedRate", "");
        text("targetRate", "");
        text("targetRampUp", "");
        choice("behindSchedule", Tagged.tags(BehindSchedule.class));
    }
}
