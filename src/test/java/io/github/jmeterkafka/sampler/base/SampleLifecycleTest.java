package io.github.jmeterkafka.sampler.base;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

/** The base sampler's fixed order: prepare (untimed), the timed call, ended, fill, the response code. */
class SampleLifecycleTest {

    /** Records what the base asks of it, and when the clock was running. */
    private static final class Recording extends AbstractKafkaSampler {
        private static final long serialVersionUID = 1L;
        final List<String> steps = new ArrayList<>();
        RuntimeException prepareFails;
        RuntimeException callFails;
        boolean noSample;
        boolean fillFails;

        @Override
        protected Sample<String> prepare(SampleResult result) {
            steps.add("prepare, clock " + (result.getStartTime() == 0 ? "stopped" : "running"));
            if (prepareFails != null) {
                throw prepareFails;
            }
            if (noSample) {
                return null;
            }
            return new Sample<>() {
                @Override
                public String call(SampleResult r) {
                    steps.add("call, clock " + (r.getStartTime() != 0 && r.getEndTime() == 0 ? "running" : "stopped"));
                    if (callFails != null) {
                        throw callFails;
                    }
                    return "outcome";
                }

                @Override
                public void ended(SampleResult r) {
                    steps.add("ended, clock " + (r.getEndTime() != 0 ? "stopped" : "running"));
                }

                @Override
                public boolean fill(SampleResult r, String outcome) {
                    steps.add("fill " + outcome);
                    if (fillFails) {
                        Responses.fail(r, "999", "not good");
                        return true;
                    }
                    r.setSuccessful(true);
                    return true;
                }
            };
        }

        @Override
        protected void failed(SampleResult result, Throwable e) {
            steps.add("failed " + e.getMessage());
        }

        @Override
        protected void wake() {
            steps.add("wake");
        }

        @Override
        public void threadFinished() {}

        @Override
        protected SamplerRuns<?> runs() {
            return null;
        }
    }

    @Test
    void prepareThenTheTimedCallThenFillThenTheCode() {
        Recording s = new Recording();
        SampleResult r = s.sample(null);

        assertThat(s.steps)
                .containsExactly(
                        "prepare, clock stopped", "call, clock running", "ended, clock stopped", "fill outcome");
        assertThat(r.isSuccessful()).isTrue();
        assertThat(r.getResponseCode()).isEqualTo(ResponseCodes.OK);
    }

    @Test
    void aFailedCallEndsTheClockFailsTheResultAndSkipsTheFill() {
        Recording s = new Recording();
        s.callFails = new TimeoutException("broken");
        SampleResult r = s.sample(null);

        assertThat(s.steps)
                .containsExactly(
                        "prepare, clock stopped", "call, clock running", "ended, clock stopped", "failed broken");
        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("TimeoutException");
        assertThat(r.getResponseMessage()).isEqualTo("TimeoutException: broken");
    }

    @Test
    void badInputFailsBeforeAnythingIsTimed() {
        Recording s = new Recording();
        s.prepareFails = new InvalidInputException("topic is empty");
        SampleResult r = s.sample(null);

        assertThat(s.steps).containsExactly("prepare, clock stopped", "failed topic is empty");
        assertThat(r.getResponseCode()).isEqualTo("400");
        assertThat(r.getTime()).isZero();
    }

    @Test
    void aFillThatFailsKeepsItsCode() {
        Recording s = new Recording();
        s.fillFails = true;
        SampleResult r = s.sample(null);

        assertThat(r.isSuccessful()).isFalse();
        assertThat(r.getResponseCode()).isEqualTo("999");
    }

    @Test
    void aSpentBudgetIsNoSample() {
        Recording s = new Recording();
        s.noSample = true;

        assertThat(s.sample(null)).isNull();
        assertThat(s.steps).containsExactly("prepare, clock stopped");
    }

    @Test
    void interruptWakesTheCallAndIsForgottenByTheNextSample() {
        Recording s = new Recording();
        assertThat(s.interrupt()).isTrue();
        assertThat(s.stopped()).isTrue();
        assertThat(s.steps).containsExactly("wake");

        Thread.currentThread().interrupt();
        SampleResult r = s.sample(null);
        assertThat(s.stopped()).isFalse();
        assertThat(Thread.currentThread().isInterrupted())
                .as("a Sample Timeout's interrupt is cleared")
                .isFalse();
        assertThat(r.isSuccessful()).isTrue();
    }
}
