package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.JMeter;
import io.github.jmeterkafka.harness.Topics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;

/** Runs the share case: share group members of kafka-share-consumer-perf-test and of a plan, alternately. */
final class ShareRuns {
    private static final String TITLE = "Kafka Share Consumer summary for 'share-consume':";

    private final BenchRun bench;
    private final ConsumerRuns consumers;

    ShareRuns(BenchRun bench, ConsumerRuns consumers) {
        this.bench = bench;
        this.consumers = consumers;
    }

    /**
     * kafka-share-consumer-perf-test and bench/plans/share-consumer.jmx alternately, the same number of members of
     * a new share group (started at the earliest offset) reading the same records of one partition.
     */
    void run() {
        String id = "share";
        String topic = "bench-share";
        long records = Long.getLong("bench.share.records", 200_000);
        int threads = Integer.getInteger("bench.share.threads", 3);
        String title =
                Bench.count(records) + " x 1000 B, 1 partition, " + threads + " share group members, implicit acks";
        consumers.fill(id, title, topic, 1, records);
        List<Report.Run> perf = new ArrayList<>();
        List<Report.Run> plugin = new ArrayList<>();
        bench.alternate(
                i -> perf.add(perfTest(id, topic, records, threads, i)),
                i -> plugin.add(plugin(id, topic, records, threads, i)));
        bench.report.shareConsumer(id, title, threads, 500, perf, plugin);
        Topics.delete(bench.admin(), topic);
    }

    /** A new share group that starts at the earliest offset, as each run needs. */
    private String shareGroup(String name) {
        try {
            bench.admin()
                    .incrementalAlterConfigs(Map.of(
                            new ConfigResource(ConfigResource.Type.GROUP, name),
                            List.of(new AlterConfigOp(
                                    new ConfigEntry("share.auto.offset.reset", "earliest"), AlterConfigOp.OpType.SET))))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot set the start of share group " + name, e);
        }
        return name;
    }

    private Report.Run perfTest(String id, String topic, long records, int threads, int repeat) {
        List<String> args = bench.toolArgs(
                topic,
                records,
                "--threads",
                Integer.toString(threads),
                "--timeout",
                "60000",
                "--group",
                shareGroup("perf-" + id + "-" + repeat));
        return consumers.toolRun(
                id, "share-consumer-perf-test", KafkaTool.SHARE_CONSUMER_PERFORMANCE, args, records, repeat);
    }

    private Report.Run plugin(String id, String topic, long records, int threads, int repeat) {
        Path dir = bench.runDir(id + "-plugin");
        JMeter.RunBuilder b = bench.plugin("share-consumer.jmx", dir)
                .property("kafka.bootstrap", bench.bootstrap())
                .property("topic", topic)
                .property("group", shareGroup("plugin-" + id + "-" + repeat))
                .property("records", Long.toString(records))
                .property("threads", Integer.toString(threads));
        return consumers.pluginRun(id, b, dir, TITLE, records, repeat);
    }
}
