package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.internals.KafkaFutureImpl;
import org.junit.jupiter.api.Test;

class AdminDeadlineTest {

    private static KafkaFuture<Object> failedWith(Exception e) {
        KafkaFutureImpl<Object> f = new KafkaFutureImpl<>();
        f.completeExceptionally(e);
        return f;
    }

    /** The Admin's own call timeout is the time left: when it fires, the operation's time ran out, and says so. */
    @Test
    void theAdminsTimeoutAtTheDeadlineIsTheOperations() throws InterruptedException {
        AdminDeadline deadline = new AdminDeadline(20);
        deadline.begin();
        Thread.sleep(40);

        assertThatThrownBy(() -> deadline.await(
                        failedWith(new TimeoutException("Call(callName=listNodes) timed out")),
                        "describing the cluster"))
                .isInstanceOf(TimeoutException.class)
                .hasMessage("describing the cluster: no answer within 20 ms");
    }

    /** Well before the deadline, the Admin's timeout is a failure of its own (e.g. a broker's request timeout). */
    @Test
    void anEarlierTimeoutOfTheAdminIsItsOwn() {
        AdminDeadline deadline = new AdminDeadline(60_000);
        deadline.begin();

        assertThatThrownBy(() -> deadline.await(failedWith(new TimeoutException("broker timed out")), "creating"))
                .isInstanceOf(ExecutionException.class)
                .hasRootCauseMessage("broker timed out");
    }
}
