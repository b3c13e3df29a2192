package io.github.jmeterkafka.sampler.base;

import io.github.jmeterkafka.client.FailureText;
import io.github.jmeterkafka.input.PluginProperties;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.jmeter.samplers.SampleResult;

/** How every sampler writes a result's failure and response text: the one place that cuts response data. */
public final class Responses {
    /** Records shown in a sample's response data: enough to look at, cheap at thousands per sample. */
    public static final int LISTED_RECORDS = 20;

    private Responses() {}

    /** A failed result for {@code e}: its code, its message, its stack trace as response data, one log line. */
    public static void fail(SampleResult result, String label, Throwable e) {
        String code = ResponseCodes.of(e);
        String message = FailureText.describe(e);
        fail(result, code, message);
        text(result, FailureText.stackTrace(e));
        FailureLog.once(label, code, message, e);
    }

    public static void fail(SampleResult result, String code, String message) {
        result.setSuccessful(false);
        result.setResponseCode(code);
        result.setResponseMessage(message);
    }

    public static void text(SampleResult result, String text) {
        utf8(result, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Response data as UTF-8 text, cut at {@code kafka.response.max.bytes}. */
    public static void utf8(SampleResult result, byte[] utf8) {
        int max = maxBytes();
        byte[] data = utf8;
        if (utf8.length > max) {
            byte[] note = ("\n... (cut at " + PluginProperties.RESPONSE_MAX_BYTES + "=" + max + ")")
                    .getBytes(StandardCharsets.UTF_8);
            data = Arrays.copyOf(utf8, max + note.length);
            System.arraycopy(note, 0, data, max, note.length);
        }
        result.setResponseData(data);
        result.setDataEncoding(StandardCharsets.UTF_8.name());
        result.setDataType(SampleResult.TEXT);
    }

    public static int maxBytes() {
        return (int) PluginProperties.get(PluginProperties.RESPONSE_MAX_BYTES, 65536);
    }
}
