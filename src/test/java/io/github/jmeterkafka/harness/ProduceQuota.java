package io.github.jmeterkafka.harness;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;

/**
 * A produce quota for the user every plaintext client is (ANONYMOUS), so all producers on the broker share one cap:
 * the bench's cluster capacity that stays where it is set, a test's throttled producers. Removed on close: the broker
 * is shared.
 */
public final class ProduceQuota implements AutoCloseable {
    private static final ClientQuotaEntity ANONYMOUS =
            new ClientQuotaEntity(Map.of(ClientQuotaEntity.USER, "ANONYMOUS"));
    private static final String KEY = "producer_byte_rate";

    private final Admin admin;
    private final boolean set;

    private ProduceQuota(Admin admin, boolean set) {
        this.admin = admin;
        this.set = set;
    }

    /** Sets {@code bytesPerSec} for all producers together; 0 sets nothing. */
    public static ProduceQuota set(Admin admin, double bytesPerSec) throws InterruptedException, ExecutionException {
        if (bytesPerSec > 0) {
            alter(admin, bytesPerSec);
        }
        return new ProduceQuota(admin, bytesPerSec > 0);
    }

    @Override
    public void close() throws InterruptedException, ExecutionException {
        if (set) {
            alter(admin, null);
        }
    }

    private static void alter(Admin admin, Double bytesPerSec) throws InterruptedException, ExecutionException {
        try {
            admin.alterClientQuotas(List.of(new ClientQuotaAlteration(
                            ANONYMOUS, List.of(new ClientQuotaAlteration.Op(KEY, bytesPerSec)))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("the broker did not take the produce quota within 30 s", e);
        }
    }
}
