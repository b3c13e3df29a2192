package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.Failures;
import io.github.jmeterkafka.client.ReplyWait;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;

/**
 * A request-reply sample's verdict: success only when every request got its reply in time; an await's: when every
 * record it awaited arrived in time.
 */
final class RequestReplyResponse {
    static final String TIMEOUT = "TimeoutException";

    private RequestReplyResponse() {}

    static void fill(SampleResult result, String label, ReplyWait wait, long timeoutMs) {
        fill(result, label, wait, timeoutMs, false);
    }

    /** @param await an await's records, not requests' replies */
    static void fill(SampleResult result, String label, ReplyWait wait, long timeoutMs, boolean await) {
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
            parts.add(failed + " of " + n + what + " failed: " + Failures.describe(first));
            FailureLog.once(label, ResponseCodes.of(first), Failures.describe(first), first);
        }
        if (abandoned > 0) {
            parts.add(abandoned + " of " + n + what
                    + " given up: the sample was stopped (Stop, Shutdown or the thread group's end)");
        }
        AbstractKafkaSampler.fail(result, code, String.join("; ", parts));
    }
}
