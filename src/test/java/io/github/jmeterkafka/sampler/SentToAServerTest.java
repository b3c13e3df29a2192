package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThatCode;

import io.github.jmeterkafka.sampler.base.AbstractKafkaSampler;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A controller sends the test tree to each jmeter-server serialized: the server's elements are deserialized, not
 * constructed, so none holds a part its constructor would make, and each starts and ends its run all the same.
 */
class SentToAServerTest {

    @SuppressWarnings("unchecked")
    private static <T> T sentToAServer(T element) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(element);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    @Test
    void aPacedProducerStartsAndEndsItsRun() throws Exception {
        KafkaProducerSampler s = new KafkaProducerSampler();
        s.setName("paced producer on a server");
        s.setTargetRate("1000");
        s.setRecordBudget("10");
        AbstractKafkaSampler onServer = sentToAServer(s);

        assertThatCode(onServer::testStarted).doesNotThrowAnyException();
        assertThatCode(onServer::testEnded).doesNotThrowAnyException();
    }

    @Test
    void aPacedRequestReplyStartsAndEndsItsRun() throws Exception {
        KafkaRequestReplySampler s = new KafkaRequestReplySampler();
        s.setName("paced request-reply on a server");
        s.setTargetRate("100");
        AbstractKafkaSampler onServer = sentToAServer(s);

        assertThatCode(onServer::testStarted).doesNotThrowAnyException();
        assertThatCode(onServer::testEnded).doesNotThrowAnyException();
    }
}
