package io.github.jmeterkafka.sampler.reply;

import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.client.MatchWait;
import io.github.jmeterkafka.payload.ValueText;
import io.github.jmeterkafka.sampler.base.FailureLog;
import io.github.jmeterkafka.sampler.base.RecordListing;
import io.github.jmeterkafka.sampler.base.ResponseCodes;
import io.github.jmeterkafka.sampler.base.Responses;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A request-reply sample's verdict: success only when every request got its reply in time; an await's: when every
 * record it awaited arrived in time.
 */
final class MatchResponse {
    static final String TIMEOUT = "TimeoutException";

    private MatchResponse() {}

    /**
     * The records that answered, into the result: latency to the first, their key and value bytes, their listing as
     * the response and, with a prefix, as variables.
     *
     * @param startNanos when the sample's clock for its latency started (the first send, or the await's start)
     * @return those records, in the order they arrived
     */
    static List<ConsumerRecord<Object, Object>> found(
            SampleResult result, MatchWait wait, long startNanos, ValueText text, String variablePrefix) {
        long first = wait.firstMatchNanos();
        result.setLatency(
                first == 0 ? result.getTime() : TimeUnit.NANOSECONDS.toMillis(Math.max(0, first - startNanos)));
        List<ConsumerRecord<Object, Object>> records = wait.records();
        result.setBytes(records.stream()
                .mapToLong(r -> Math.max(0, r.serializedKeySize()) + (long) Math.max(0, r.serializedValueSize()))
                .sum());
        Responses.utf8(result, RecordListing.of(records, wait.matched(), text));
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        String prefix = variablePrefix.trim();
        if (!prefix.isEmpty() && vars != null) {
            RecordListing.variables(vars, prefix, records, text);
        }
        return records;
    }

    /** The records' value bytes, as the perf tools count MB. */
    static long valueBytes(List<ConsumerRecord<Object, Object>> records) {
        return records.stream()
                .mapToLong(r -> Math.max(0, r.serializedValueSize()))
                .sum();
    }

    /** Fills the result of a wait, with {@code await} true for an await's records rather than requests' replies. */
    static void fill(SampleResult result, String label, MatchWait wait, long timeoutMs, boolean await) {
        int n = wait.size();
        int timedOut = wait.timedOut();
        int failed = wait.failed();
        int abandoned = wait.abandoned();
        String what = await ? " awaited records" : " requests";
        if (timedOut + failed + abandoned == 0) {
            result.setSuccessful(true);
            result.setResponseCode(ResponseCodes.OK);
            String answers =
                    await ? (n == 1 ? " record arrived" : " records arrived") : (n == 1 ? " reply" : " replies");
            result.setResponseMessage(n + answers + " within " + timeoutMs + " ms");
            return;
        }
        List<String> parts = new ArrayList<>();
        String code = ResponseCodes.GENERIC;
        if (timedOut > 0) {
            code = TIMEOUT;
            String missing = await ? " did not arrive within " : " got no reply within ";
            parts.add(timedOut + " of " + n + what + missing + timeoutMs + " ms, first: " + wait.firstTimedOut());
            FailureLog.once(label, TIMEOUT, what.trim() + missing + timeoutMs + " ms", null);
        }
        if (failed > 0) {
            Exception first = wait.firstFailure();
            if (timedOut == 0) {
                code = ResponseCodes.of(first);
            }
            parts.add(failed + " of " + n + what + " failed: " + FailureText.describe(first));
            FailureLog.once(label, ResponseCodes.of(first), FailureText.describe(first), first);
        }
        if (abandoned > 0) {
            parts.add(abandoned + " of " + n + what
                    + " given up: the sample was stopped (Stop, Shutdown or the thread group's end)");
        }
        Responses.fail(result, code, String.join("; ", parts));
    }
}
