package io.github.jmeterkafka.bench;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;

/**
 * A produce quota on the bench's broker for the user every plaintext client is (ANONYMOUS), so all producers share
 * one cap: a cluster capacity that stays where it is set while the two cores the broker shares move it otherwise.
 * Removed on close.
 */
final class ProduceQuota implements AutoCloseable {
    private static final ClientQuotaEntity ANONYMOUS =
            new ClientQuotaEntity(Map.of(ClientQuotaEntity.USER, "ANONYMOUS"));
    private static final String KEY = "producer_byte_rate";

    private final Admin admin;
    private final boolean set;

    private ProduceQuota(Admin admin, boolean set) {
        this.admin = admin;
        this.set = set;
    }

    /** Sets {@code mb} MB/s (10^6 bytes) for all producers; 0 sets nothing. */
    static ProduceQuota set(Admin admin, int mb) throws InterruptedException, ExecutionException {
        if (mb > 0) {
            alter(admin, mb * 1_000_000.0);
        }
        return new ProduceQuota(admin, mb > 0);
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
