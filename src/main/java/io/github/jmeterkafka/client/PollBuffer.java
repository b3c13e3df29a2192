package io.github.jmeterkafka.client;

import io.github.jmeterkafka.measure.SequenceHeader;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;
import java.util.function.ObjLongConsumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

/**
 * Records polled but not handed out yet, in poll order: a read takes what it asked for and the rest
 * waits for the next read. Polls are kept as they came, one run per partition and poll, rather than
 * copied record by record.
 *
 * <p>Threads: the consumer's thread only.
 */
final class PollBuffer {
    private final ArrayDeque<Run> runs = new ArrayDeque<>();
    private int size;

    /** One partition's records from one poll, and how many of them were handed out. */
    private static final class Run {
        final TopicPartition partition;
        final List<ConsumerRecord<Object, Object>> records;
        final long polledMicros;
        int next;

        Run(TopicPartition partition, List<ConsumerRecord<Object, Object>> records, long polledMicros) {
            this.partition = partition;
            this.records = records;
            this.polledMicros = polledMicros;
        }
    }

    /** Keeps a poll's records, stamped with the time the poll returned. */
    void add(ConsumerRecords<Object, Object> polled) {
        long polledMicros = SequenceHeader.nowMicros();
        for (TopicPartition tp : polled.partitions()) {
            List<ConsumerRecord<Object, Object>> records = polled.records(tp);
            if (!records.isEmpty()) {
                runs.add(new Run(tp, records, polledMicros));
                size += records.size();
            }
        }
    }

    /** Records not handed out yet. */
    int size() {
        return size;
    }

    /**
     * Hands the first {@code n} records (at most {@link #size}) to {@code out}, telling
     * {@code listener} of each, then {@code upTo} of the last offset handed out of each run.
     */
    void handOut(
            int n, RecordReader.Handout out, RecordReader.Listener listener, ObjLongConsumer<TopicPartition> upTo) {
        size -= n;
        while (n > 0) {
            Run run = runs.peek();
            int end = Math.min(run.records.size(), run.next + n);
            for (int i = run.next; i < end; i++) {
                ConsumerRecord<Object, Object> r = run.records.get(i);
                out.add(r);
                listener.reported(r, run.polledMicros);
            }
            n -= end - run.next;
            run.next = end;
            upTo.accept(run.partition, run.records.get(end - 1).offset());
            if (end == run.records.size()) {
                runs.poll();
            }
        }
    }

    /** The offset of the first record of {@code tp} not handed out; null when none is here. */
    Long firstOffset(TopicPartition tp) {
        for (Run run : runs) {
            if (run.partition.equals(tp)) {
                return run.records.get(run.next).offset();
            }
        }
        return null;
    }

    /** Lets go of the records of partitions this consumer no longer owns. */
    void drop(Collection<TopicPartition> partitions) {
        runs.removeIf(run -> {
            boolean lost = partitions.contains(run.partition);
            if (lost) {
                size -= run.records.size() - run.next;
            }
            return lost;
        });
    }

    void clear() {
        runs.clear();
        size = 0;
    }
}
