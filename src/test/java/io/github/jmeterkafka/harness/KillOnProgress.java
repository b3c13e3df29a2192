package io.github.jmeterkafka.harness;

import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;

/**
 * Kills a node of a cluster once a topic holds a number of records: the fault falls inside the run whatever JMeter's
 * start-up took, and {@link #storedAtKill} lets a test check it did (records stored before it and still to come).
 */
public final class KillOnProgress implements AutoCloseable {
    private final Thread thread;
    private volatile long storedAtKill = -1;

    private KillOnProgress(KafkaCluster cluster, int node, Admin admin, String topic, long after) {
        thread = new Thread(
                () -> {
                    try {
                        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
                        while (System.nanoTime() < deadline) {
                            long stored = Topics.endOffsets(admin, topic);
                            if (stored >= after) {
                                cluster.node(node).kill();
                                storedAtKill = stored;
                                return;
                            }
                            Thread.sleep(50);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "kill-node-" + node + "-after-" + after);
        thread.setDaemon(true);
    }

    /** Watches {@code topic} from now and kills {@code node} when it holds at least {@code after} records. */
    public static KillOnProgress start(KafkaCluster cluster, int node, Admin admin, String topic, long after) {
        KillOnProgress kill = new KillOnProgress(cluster, node, admin, topic, after);
        kill.thread.start();
        return kill;
    }

    /** The records the topic held when the node was killed; -1: it was not. */
    public long storedAtKill() {
        return storedAtKill;
    }

    /** Stops watching (the run is over): a kill not done by now is not done. */
    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join();
    }
}
