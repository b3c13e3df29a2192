package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.sampler.base.RecordFields;

/**
 * The Kafka Producer's own fields beside those of its records, as JMeter's TestBean sets them before each sample,
 * with their accessors. Their names are written into saved plans: never rename one.
 */
public abstract class ProducerFields extends RecordFields {
    private static final long serialVersionUID = 1L;

    protected String ackTimeout = "30000";
    protected String producerScope = ProducerScope.SHARED.tag();
    protected boolean transactional;
    protected boolean sequenceHeader;

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getAckTimeout() {
        return ackTimeout;
    }

    public void setAckTimeout(String ackTimeout) {
        this.ackTimeout = Fields.nullToEmpty(ackTimeout);
    }

    public String getProducerScope() {
        return producerScope;
    }

    public void setProducerScope(String producerScope) {
        this.producerScope = Fields.nullToEmpty(producerScope);
    }

    public boolean isTransactional() {
        return transactional;
    }

    public void setTransactional(boolean transactional) {
        this.transactional = transactional;
    }

    public boolean isSequenceHeader() {
        return sequenceHeader;
    }

    public void setSequenceHeader(boolean sequenceHeader) {
        this.sequenceHeader = sequenceHeader;
    }
}
