package io.github.jmeterkafka.listener;

import io.github.jmeterkafka.measure.EventMarks;
import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka Event Mark: under any sampler (an OS Process Sampler that stops a broker, an HTTP call that moves a
 * partition), marks an event each time that sampler is about to run, so that the Kafka samplers' summaries and the
 * Kafka page split their figures at it, as they do at the Kafka Admin's cluster changes. A pre-processor, not a
 * listener, so that the mark is the moment the fault begins, not when its sample ends. It watches other samplers, as
 * the listeners here do.
 */
public class KafkaEventMark extends AbstractTestElement implements PreProcessor, TestBean {
    private static final long serialVersionUID = 1L;
    private static final Logger log = LoggerFactory.getLogger(KafkaEventMark.class);

    private String eventName = "";

    @Override
    public void process() {
        Sampler sampler = JMeterContextService.getContext().getCurrentSampler();
        String name = !eventName.isBlank() ? eventName.trim() : sampler != null ? sampler.getName() : getName();
        EventMarks.Mark m = EventMarks.mark(JMeterContextService.getTestStartTime(), name, System.currentTimeMillis());
        log.info("Kafka event {} marked: {}", m.number(), name);
    }

    public String getEventName() {
        return eventName;
    }

    public void setEventName(String eventName) {
        this.eventName = eventName == null ? "" : eventName;
    }
}
