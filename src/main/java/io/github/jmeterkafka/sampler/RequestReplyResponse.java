package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.Failures;
import io.github.jmeterkafka.client.ReplyWait;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;

/** A request-reply sample's verdict: success only when every request got its reply in time. */
final class RequestReplyResponse {
    static final String TIMEOUT = "TimeoutException";

    private RequestReplyResponse() {}

    static void fill(SampleResult result, String label, ReplyWait wait, long timeoutMs) {
        int n = wait.size();
        int timedOut = wait.timedOut();
        int failed = wait.failed();
        int abandoned = wait.abandoned();
        if (timedOut + failed + abandoned == 0) {
            result.setSuccessful(true);
            result.setResponseCode(ResponseCodes.OK);
            result.setResponseMessage(n + (n == 1 ? " reply" : " replies") + " within " + timeoutMs + " ms");
            return;
        }
        List<String> parts = new ArrayList<>();
        String code = ResponseCodes.GENERIC;
        if (timedOut > 0) {
            code = TIMEOUT;
            parts.add(timedOut + " of " + n + " requests got no reply within " + timeoutMs
                    + " ms, first: correlation id " + wait.firstTimedOut());
            FailureLog.once(label, TIMEOUT, "requests got no reply within " + timeoutMs + " ms", null);
        }
        if (failed > 0) {
            Exception first = wait.firstFailure();
            if (timedOut == 0) {
                code = ResponseCodes.of(first);
            }
            parts.add(failed + " of " + n + " requests failed: " + Failures.describe(first));
            FailureLog.once(label, ResponseCodes.of(first), Failures.describe(first), first);
        }
        if (abandoned > 0) {
            parts.add(abandoned + " of " + n
                    + " requests given up: the sample was stopped (Stop, Shutdown or the thread group's end)");
        }
        AbstractKafkaSampler.fail(result, code, String.join("; ", parts));
    }
}
