package io.github.jmeterkafka.harness;

import java.util.function.UnaryOperator;

/**
 * A 3-node cluster for every test in this JVM that needs replication, leadership or a node's loss: started on first
 * use, stopped when the JVM exits. A test that kills a node starts it again ({@link KafkaCluster#startAll()}) and
 * uses topics of its own.
 */
public final class SharedCluster {
    private static KafkaCluster cluster;

    private SharedCluster() {}

    public static synchronized KafkaCluster get() {
        if (cluster == null) {
            KafkaCluster c = KafkaCluster.start(3, UnaryOperator.identity());
            Runtime.getRuntime().addShutdownHook(new Thread(c::close, "kafka-cluster-stop"));
            cluster = c;
        }
        cluster.startAll();
        return cluster;
    }
}
