package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.input.Tagged;

/** Which producer a Kafka Producer sends with when it is not transactional. */
public enum ProducerScope implements Tagged {
    /** The connection's producer, shared by every thread. */
    SHARED("producerScope.shared"),
    /** A producer of the thread's own, closed when the thread ends. */
    THREAD("producerScope.thread");

    private final String tag;

    ProducerScope(String tag) {
        this.tag = tag;
    }

    @Override
    public String tag() {
        return tag;
    }
}
