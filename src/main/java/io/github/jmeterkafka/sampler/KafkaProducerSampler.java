package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.client.Outgoing;
import io.github.jmeterkafka.client.PacedSender;
import io.github.jmeterkafka.client.ProducerRecords;
import io.github.jmeterkafka.client.SendBatch;
import io.github.jmeterkafka.client.Sending;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.SampleFigures;
import io.github.jmeterkafka.payload.RecordSpec;
import io.github.jmeterkafka.run.KafkaSampleResult;
import io.github.jmeterkafka.run.RunOutput;
import io.github.jmeterkafka.sampler.base.InterruptibleCall;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import io.github.jmeterkafka.sampler.base.ThreadEnd;
import io.github.jmeterkafka.sampler.producer.ProducerFields;
import io.github.jmeterkafka.sampler.producer.ProducerResponse;
import io.github.jmeterkafka.sampler.producer.ProducerRun;
import io.github.jmeterkafka.sampler.producer.ProducerScope;
import io.github.jmeterkafka.sampler.producer.ProgressPrinter;
import io.github.jmeterkafka.sampler.producer.RecordSettings;
import io.github.jmeterkafka.sampler.producer.SameAsLast;
import io.github.jmeterkafka.sampler.producer.SampleRecords;
import io.github.jmeterkafka.sampler.producer.ScheduleWait;
import io.github.jmeterkafka.sampler.producer.TakenRecords;
import io.github.jmeterkafka.sampler.producer.TargetRate;
import io.github.jmeterkafka.sampler.producer.ThreadProducer;
import io.github.jmeterkafka.sampler.producer.ThreadRecords;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.producer.Producer;

/**
 * Kafka Producer: each sample sends N records asynchronously and ends when all are acknowledged or
 * failed, or the ack timeout passes. One sample stands for N records ({@code SampleCount} = N);
 * every record's send-to-ack latency goes into the sampler's perf-test style summary. With a target
 * rate, every record has an intended send time on one schedule shared by the sampler's threads: a
 * sample sends the records whose time has come, and their latency from that time is kept too.
 *
 * <p>Threads: the shared producer belongs to the connection; a per-thread or transactional producer
 * is created lazily by this clone's thread in {@link #sample} and closed in {@link #threadFinished}.
 * {@link #wake} only releases the wait of the sample in flight.
 */
public class KafkaProducerSampler extends ProducerFields {
    private static final long serialVersionUID = 1L;
    private static final SamplerRuns<ProducerRun> RUNS = new SamplerRuns<>("Kafka Producer");

    // this clone's thread only
    private transient ThreadProducer producers = new ThreadProducer();
    private transient String sequenceId;
    private transient ThreadRecords records = new ThreadRecords();
    private final transient SameAsLast<String> samplerData = new SameAsLast<>();
    private transient volatile SendBatch inFlight;
    private transient PacedSender pacer;
    private transient ProducerRun pacerRun;
    private final transient InterruptibleCall blocking = new InterruptibleCall();
    private final transient RecordSettings settings = new RecordSettings(this);
    private final transient TakenRecords taking = new TakenRecords();

    private ProducerRun run() {
        return RUNS.get(getName(), () -> {
            long budget = Fields.nonNegativeLong("records to send in total", recordBudget, 0);
            return new ProducerRun(budget, TargetRate.of(this).schedule(budget), getName());
        });
    }

    @Override
    protected Sample<SendBatch> prepare(SampleResult result) throws Exception {
        int perSample = Fields.positiveInt("records per sample", recordsPerSample, 1);
        ProducerRun run = run();
        // a paced thread sends while it waits for acks (but a transaction holds one sample's records)
        PacedSender pacer = run.schedule != null && !transactional ? pacer(run) : null;
        ScheduleWait.Taken taken = null;
        if (pacer == null || pacer.idle()) {
            taken = records.rowsEnded() ? null : taking.take(run.budget, run.schedule, perSample, this::stopped);
            if (taken == null) {
                return null;
            }
            result.setSampleCount(taken.count());
        }
        long ackTimeoutMs = Fields.nonNegativeLong("ack timeout", ackTimeout, 30000);
        String topicName = Fields.required("topic", topic);
        // a transactional producer is always the thread's own: the scope is not read
        ProducerScope scope = transactional
                ? ProducerScope.THREAD
                : Tagged.parse(ProducerScope.class, "producer scope", producerScope);
        Connection connection = connection();
        run.producingOn(connection);
        Producer<Object, Object> producer = producers.get(connection, scope, transactional);
        return new Send(
                connection,
                producer,
                run,
                new SampleRecords(settings.target(topicName), settings.spec(), taken, perSample),
                ackTimeoutMs,
                pacer);
    }

    private PacedSender pacer(ProducerRun run) {
        if (pacer == null || pacerRun != run) {
            pacer = new PacedSender(run.schedule);
            pacerRun = run;
        }
        return pacer;
    }

    /** One sample's records: made as they are sent, then waited for until acknowledged or failed. */
    private final class Send implements Sample<SendBatch> {
        private final Connection connection;
        private final Producer<Object, Object> producer;
        private final ProducerRun run;
        private final SampleRecords toSend;
        private final long ackTimeoutMs;
        private final PacedSender pacer;
        private long connectStartMs;
        private long connectMs = -1;
        private ProducerResponse.Outcome outcome;

        Send(
                Connection connection,
                Producer<Object, Object> producer,
                ProducerRun run,
                SampleRecords toSend,
                long ackTimeoutMs,
                PacedSender pacer) {
            this.connection = connection;
            this.producer = producer;
            this.run = run;
            this.toSend = toSend;
            this.ackTimeoutMs = ackTimeoutMs;
            this.pacer = pacer;
        }

        @Override
        public boolean timesItself() {
            return pacer != null;
        }

        @Override
        public SendBatch call(SampleResult result) throws Exception {
            ScheduleWait.Taken taken = toSend.taken();
            Sending sending = new Sending(
                    producer,
                    maker(result),
                    run.stats,
                    toSend.perSample(),
                    result instanceof KafkaSampleResult,
                    TimeUnit.MILLISECONDS.toNanos(ackTimeoutMs));
            if (pacer != null) {
                BooleanSupplier end = ThreadEnd.ofCurrentThread();
                SendBatch batch = blocking.run(() -> pacer.next(
                        sending,
                        taken == null ? null : taken.slots(),
                        () -> stopped() || end.getAsBoolean() || records.rowsEnded()));
                taking.handedToKafka();
                if (batch != null) {
                    outcome = ProducerResponse.Outcome.of(batch);
                }
                return batch;
            }
            if (transactional) {
                producer.beginTransaction();
            }
            SendBatch batch = blocking.run(() -> SendBatch.send(sending, taken.count(), transactional, taken.slots()));
            taking.handedToKafka();
            inFlight = batch;
            try {
                batch.await(ackTimeoutMs);
            } catch (InterruptedException e) {
                // Stop interrupts the thread as well as calling interrupt(): the same early end, reported alike
                batch.release();
                Thread.currentThread().interrupt();
            } finally {
                inFlight = null;
            }
            // the outcome when the wait ended: an abort then completes the pending records, which must not
            // turn an aborted transaction into a success
            outcome = ProducerResponse.Outcome.of(batch);
            if (transactional) {
                producers.endTransaction(batch, outcome.acknowledged());
            }
            return batch;
        }

        /** The maker of the sample's records; a first sample on a topic waits for its metadata first. */
        private Outgoing.Maker maker(SampleResult result) throws Exception {
            ProducerRecords.Target target = toSend.target();
            String topicName = target.topic();
            // A thread's first sample on a topic waits here for the topic's metadata (up to max.block.ms): in
            // the sample's time, as its connect time, but before the first send, so that neither the records'
            // latencies nor the rate's start include it, and a paced test does not start with every thread stuck.
            boolean firstOnTopic = producers.firstOnTopic(topicName);
            connectStartMs = System.currentTimeMillis();
            int partitions;
            try {
                // with sequence numbers the sampler picks partitions, so each (thread, partition) counts from 0 without
                // holes
                boolean picksPartitions = sequenceHeader && target.partition() == null;
                int count = firstOnTopic || picksPartitions
                        ? blocking.run(() -> producer.partitionsFor(topicName).size())
                        : 0;
                partitions = picksPartitions ? count : 0;
            } catch (RuntimeException e) {
                producers.notReady(topicName);
                throw e;
            }
            if (firstOnTopic) {
                connectMs = System.currentTimeMillis() - connectStartMs;
                if (pacer == null) {
                    result.connectEnd();
                }
            }
            // each record is made as it is sent: its sequence header then carries its own send time
            return records.sample(
                    toSend.spec(),
                    seed,
                    connection,
                    run.counters,
                    sequenceHeader ? target.sequenced(sequenceId(connection), partitions) : target);
        }

        @Override
        public boolean fill(SampleResult result, SendBatch batch) {
            if (batch == null) {
                return false;
            }
            int n = batch.size();
            String topicName = toSend.target().topic();
            RecordSpec spec = toSend.spec();
            if (pacer != null) {
                ProducerResponse.span(result, batch, connectStartMs, connectMs);
            }
            result.setSampleCount(n);
            result.setSamplerData(samplerData.get(
                    () -> ProducerResponse.samplerData(connection.name(), topicName, partition, n, spec, transactional),
                    connection.name(),
                    topicName,
                    partition,
                    n,
                    spec,
                    transactional));
            result.setLatency(result.getTime());
            result.setSentBytes(batch.sentBytes());
            producers.sampled(n, batch.sentBytes());
            ProducerResponse.fill(result, getName(), batch, outcome, ackTimeoutMs, transactional);
            run.sampled(n, result.getTime());
            if (result instanceof KafkaSampleResult kafkaResult) {
                kafkaResult.figures(SampleFigures.produced(
                                batch.countedMicros(),
                                batch.acked(),
                                n - batch.acked(),
                                batch.countedBytes(),
                                expectedRate())
                        .from(RunOutput.server(), result.getStartTime(), result.getEndTime())
                        .paced(
                                batch.countedCorrectedMicros(),
                                batch.countedDelayMicros(),
                                run.schedule == null ? null : run.schedule.behind()));
            }
            return true;
        }
    }

    @Override
    protected void failed(SampleResult result, Throwable e) {
        taking.failed(result, e, "records", (n, cause) -> run().stats.failed(n, cause));
    }

    @Override
    protected double expectedRate() {
        return TargetRate.of(this).expected(getName());
    }

    private String sequenceId(Connection connection) {
        if (sequenceId == null) {
            sequenceId = connection.nextClientId("seq");
        }
        return sequenceId;
    }

    @Override
    protected void wake() {
        taking.wake();
        PacedSender paced = pacer;
        if (paced != null) {
            paced.release();
        }
        SendBatch batch = inFlight;
        if (batch != null) {
            batch.release();
        }
        blocking.interrupt();
    }

    @Override
    public void threadFinished() {
        // JMeter also exits with an error if the thread outlives jmeterengine.threadstop.wait: closes are bounded
        producers.leaveShared();
        closeThreadClient("producer", producers::close);
    }

    @Override
    protected SamplerRuns<ProducerRun> runs() {
        return RUNS;
    }

    @Override
    public void testStarted() {
        super.testStarted();
        startRun(() -> ProgressPrinter.start(getName(), run().stats::windowLine));
    }

    @Override
    public void testEnded() {
        ProgressPrinter.stop(getName());
        try {
            // records still in flight in the shared producer complete (or fail) before the summary
            Connections.get(getConnectionName()).closeSharedProducer(PluginProperties.closeTimeout());
        } catch (InvalidInputException e) {
            // no such connection: every sample already said so
        }
        super.testEnded();
    }
}
