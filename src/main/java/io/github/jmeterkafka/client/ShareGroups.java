package io.github.jmeterkafka.client;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.common.errors.UnsupportedVersionException;

/**
 * Whether the cluster has share groups, asked before a share consumer is made: a share consumer on a broker
 * without them polls nothing, silently, until its timeout.
 */
public final class ShareGroups {
    static final String FEATURE = "share.version";
    static final String MISSING = "the cluster has no share groups: they need Kafka 4.2 or later with the " + FEATURE
            + " feature at 1 or more (kafka-features.sh upgrade --feature " + FEATURE + "=1 on 4.1)";

    private ShareGroups() {}

    /**
     * Throws {@link UnsupportedVersionException} saying what is missing when the cluster's finalized features have
     * no share groups; a question without an answer in time is left to the consumer.
     */
    public static void requireSupport(Admin admin, Duration timeout) throws InterruptedException {
        FinalizedVersionRange share;
        try {
            share = admin.describeFeatures()
                    .featureMetadata()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS)
                    .finalizedFeatures()
                    .get(FEATURE);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnsupportedVersionException u) {
                throw new UnsupportedVersionException(MISSING + " (" + u.getMessage() + ")", u);
            }
            return;
        } catch (TimeoutException e) {
            return;
        }
        if (share == null || share.maxVersionLevel() < 1) {
            throw new UnsupportedVersionException(MISSING);
        }
    }
}
