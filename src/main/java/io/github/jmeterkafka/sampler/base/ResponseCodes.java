package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.input.InvalidInputException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;

/**
 * Every response code the samplers set, in one place.
 *
 * <table>
 * <caption>Response codes</caption>
 * <tr><th>code</th><th>when</th></tr>
 * <tr><td>200</td><td>success (JMeter's OK)</td></tr>
 * <tr><td>simple class name of a Kafka exception</td><td>the Kafka client failed, e.g.
 * {@code TimeoutException}, {@code TopicAuthorizationException}</td></tr>
 * <tr><td>400</td><td>a sampler field or the connection's settings are invalid, or Kafka's client refused
 * them ({@code ConfigException}, e.g. a malformed bootstrap server); nothing was sent</td></tr>
 * <tr><td>404</td><td>a read got no record within its timeout</td></tr>
 * <tr><td>RecordGap</td><td>with "fail on gap", a record's sequence number shows that earlier records of
 * its producer and partition are missing</td></tr>
 * <tr><td>ObjectiveMissed</td><td>a criterion of {@code kafka.objectives} was missed: a sample of its own at test
 * end, made by {@code run/ObjectiveJudge}, which also gives 400 when the property does not parse</td></tr>
 * <tr><td>000</td><td>any other failure (JMeter's generic code)</td></tr>
 * </table>
 */
public final class ResponseCodes {
    public static final String OK = "200";
    public static final String INVALID_INPUT = "400";
    public static final String NO_RECORDS = "404";
    public static final String RECORD_GAP = "RecordGap";
    public static final String GENERIC = "000";

    private ResponseCodes() {}

    /** The code for a failure: the Kafka exception's simple name, else {@link #GENERIC}. */
    public static String of(Throwable failure) {
        Throwable t = FailureText.unwrap(failure);
        if (t instanceof InvalidInputException || t instanceof ConfigException) {
            return INVALID_INPUT;
        }
        if (t instanceof KafkaException) {
            return t.getClass().getSimpleName();
        }
        return GENERIC;
    }
}
