package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.client.SendBatch;
import io.github.jmeterkafka.payload.RecordSpec;
import io.github.jmeterkafka.sampler.base.FailureLog;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import io.github.jmeterkafka.sampler.base.Responses;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * A producer sample's texts: what it was asked to send, and from its records' outcome, where the
 * first records went and why any failed.
 */
public final class ProducerResponse {
    private ProducerResponse() {}

    /** What the sample was asked to send, for its sampler data. */
    public static String samplerData(
            String connection, String topic, String partition, int n, RecordSpec spec, boolean transactional) {
        return "connection: " + connection + "\ntopic: " + topic
                + (partition.isBlank() ? "" : "\npartition: " + partition)
                + "\nrecords: " + n + "\nkey: " + spec.key().mode().tag() + "\nvalue: "
                + spec.value().mode().tag()
                + (transactional ? "\ntransactional" : "");
    }

    /**
     * What became of a sample's records when its wait ended: how many failed, and how many were neither acknowledged
     * nor failed.
     */
    public record Outcome(int failed, int pending) {
        /** The batch's outcome now; pending is read first, so a record failing meanwhile counts in one of the two. */
        public static Outcome of(SendBatch batch) {
            int pending = batch.pending();
            return new Outcome(batch.failed(), pending);
        }

        /** Every record was acknowledged. */
        public boolean acknowledged() {
            return failed == 0 && pending == 0;
        }
    }

    public static void fill(
            SampleResult result,
            String label,
            SendBatch batch,
            Outcome outcome,
            long ackTimeoutMs,
            boolean transactional) {
        int n = batch.size();
        StringBuilder data = new StringBuilder();
        for (int i = 0; i < n && i < Responses.LISTED_RECORDS; i++) {
            RecordMetadata m = batch.metadata(i);
            data.append(
                            m == null
                                    ? "not acknowledged"
                                    : m.topic() + "-" + m.partition() + "@" + m.offset() + " timestamp="
                                            + m.timestamp())
                    .append('\n');
        }
        if (n > Responses.LISTED_RECORDS) {
            data.append("... ").append(n - Responses.LISTED_RECORDS).append(" more records\n");
        }
        Responses.text(result, data.toString());
        if (outcome.acknowledged()) {
            result.setSuccessful(true);
            result.setResponseCode(ResponseCodes.OK);
            result.setResponseMessage(n + (n == 1 ? " record" : " records") + " acknowledged"
                    + (transactional ? ", transaction committed" : ""));
            return;
        }
        String tx = transactional ? "; transaction aborted" : "";
        if (outcome.failed() > 0) {
            Exception first = batch.firstFailure();
            Responses.fail(
                    result,
                    ResponseCodes.of(first),
                    outcome.failed() + " of " + n + " records failed: " + FailureText.describe(first) + tx);
            FailureLog.once(label, result.getResponseCode(), FailureText.describe(first), first);
        } else {
            String why = batch.released() ? "when the sample was interrupted" : "within " + ackTimeoutMs + " ms";
            Responses.fail(
                    result,
                    "TimeoutException",
                    outcome.pending() + " of " + n + " records not acknowledged " + why + tx);
            FailureLog.once(label, "TimeoutException", "records not acknowledged " + why, null);
        }
    }

    /**
     * A paced sample's time spans its records, sent partly during the sample before: from the first one's send (or
     * from the connect that came before it, {@code connectMs} >= 0) to the last one's end.
     */
    public static void span(SampleResult result, SendBatch batch, long connectStartMs, long connectMs) {
        long nowMs = System.currentTimeMillis();
        long nowNanos = System.nanoTime();
        long start = nowMs - (nowNanos - batch.firstSendNanos()) / 1_000_000;
        long last = batch.lastCompletedNanos();
        long end = last == 0 ? nowMs : nowMs - (nowNanos - last) / 1_000_000;
        if (connectMs >= 0) {
            start = Math.min(start, connectStartMs);
            result.setConnectTime(connectMs);
        }
        result.setStampAndTime(start, Math.max(0, end - start));
    }
}
