package io.github.jmeterkafka.sampler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.Supplier;

import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.property.CollectionProperty;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;

import io.github.jmeterkafka.client.BufferFit;
import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Connections;
import io.github.jmeterkafka.client.Failures;
import io.github.jmeterkafka.client.InvalidInputException;
import io.github.jmeterkafka.client.Numbers;
import io.github.jmeterkafka.client.ProducerRecords;
import io.github.jmeterkafka.client.SendBatch;
import io.github.jmeterkafka.config.KeyValue;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.ProducerStats;
import io.github.jmeterkafka.measure.SampleFigures;
import io.github.jmeterkafka.payload.KeyMode;
import io.github.jmeterkafka.payload.PayloadFile;
import io.github.jmeterkafka.payload.RecordSpec;
import io.github.jmeterkafka.payload.SchemaOutput;
import io.github.jmeterkafka.payload.ValueMode;

/**
 * Kafka Producer: each sample sends N records asynchronously and ends when all are acknowledged or
 * failed, or the ack timeout passes. One sample stands for N records ({@code SampleCount} = N);
 * every record's send-to-ack latency goes into the sampler's perf-test style summary.
 *
 * <p>Threads: the shared producer belongs to the connection; a per-thread or transactional producer
 * is created lazily by this clone's thread in {@link #sample} and closed in {@link #threadFinished}.
 * {@link #interrupt} only releases the wait of the sample in flight.
 */
public class KafkaProducerSampler extends AbstractKafkaSampler {
    private static final long serialVersionUID = 1L;
    private static final SamplerRuns<ProducerRun> RUNS = new SamplerRuns<>("Kafka Producer");

    static final String SCOPE_SHARED = "producerScope.shared";
    static final String SCOPE_THREAD = "producerScope.thread";

    private String topic = "";
    private String partition = "";
    private String keyMode = KeyMode.NONE.tag();
    private String key = "";
    private String keyCount = "100";
    private String valueMode = ValueMode.TEXT.tag();
    private String value = "";
    private String recordSize = "1000";
    private String payloadFile = "";
    private String payloadDelimiter = "\\n";
    private String valueSchema = "";
    private String schemaOutput = SchemaOutput.BINARY.tag();
    private List<KeyValue> fieldRules = new ArrayList<>();
    private String seed = "";
    private List<KeyValue> headers = new ArrayList<>();
    private String timestamp = "";
    private String recordsPerSample = "1";
    private String recordBudget = "";
    private String expectedRate = "";
    private String ackTimeout = "30000";
    private String producerScope = SCOPE_SHARED;
    private boolean transactional;
    private boolean sequenceHeader;

    // this clone's thread only
    private transient Producer<Object, Object> ownProducer;
    private transient String sequenceId;
    private transient ThreadRecords records = new ThreadRecords();
    // topics whose metadata this thread's producer has
    private transient Set<String> topicsReady = new HashSet<>();
    // set while this thread sends through the shared producer
    private transient BufferFit bufferFit;
    private transient volatile SendBatch inFlight;
    private transient volatile Thread blockedThread;

    public KafkaProducerSampler() {
        // A plan saved before the field rules existed has no such table; JMeter would then hand the
        // setter an empty text instead of a list and fail the test at start. Loading a plan replaces
        // this with the table it holds.
        setProperty(new CollectionProperty("fieldRules", new ArrayList<>()));
    }

    private ProducerRun run() {
        return RUNS.get(getName(), () -> new ProducerRun(Numbers.nonNegativeLong("records to send in total", recordBudget, 0),
                getName()));
    }

    @Override
    protected boolean sampleInto(SampleResult result) throws Exception {
        int perSample = Numbers.positiveInt("records per sample", recordsPerSample, 1);
        ProducerRun run = run();
        int n = run.budget.take(perSample);
        if (n == 0) {
            return false;
        }
        result.setSampleCount(n);
        SendBatch batch;
        long ackTimeoutMs;
        try {
            ackTimeoutMs = Numbers.nonNegativeLong("ack timeout", ackTimeout, 30000);
            batch = send(result, connection(), run, n);
        } catch (Exception | LinkageError e) {
            // taken from the budget but never handed to Kafka: failed records, so that a plan whose
            // samples all fail before sending still spends its budget and ends
            run.stats.failed(n, () -> Failures.describe(e));
            if (e instanceof InvalidInputException) {
                throw e;
            }
            fail(result, e);
            result.setResponseMessage(n + " of " + n + " records failed: " + result.getResponseMessage());
            return true;
        }
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
        // turn an aborted transaction into a success (pending read first: a record failing meanwhile
        // is counted in one of the two)
        int pending = batch.pending();
        int failed = batch.failed();
        if (transactional) {
            endTransaction(ownProducer, batch, failed == 0 && pending == 0);
        }
        result.sampleEnd();
        result.setLatency(result.getTime());
        result.setSentBytes(batch.sentBytes());
        if (bufferFit != null) {
            bufferFit.sampled(n, batch.sentBytes());
        }
        ProducerResponse.fill(result, getName(), batch, failed, pending, ackTimeoutMs, transactional);
        run.sampled(n, result.getTime());
        if (result instanceof KafkaSampleResult) {
            ((KafkaSampleResult) result).figures(new SampleFigures(ProducerStats.Summary.KIND, RunOutput.server(),
                    batch.countedMicros(), batch.acked(), n - batch.acked(), batch.countedBytes(), result.getStartTime(),
                    result.getEndTime(), 0, expectedRate()));
        }
        return true;
    }

    /** Makes the sample's {@code n} records and hands each to the producer as it is made; the sample's clock starts here. */
    private SendBatch send(SampleResult result, Connection connection, ProducerRun run, int n) throws Exception {
        String topicName = Fields.required("topic", topic);
        ProducerRecords.Target target = new ProducerRecords.Target(topicName,
                partition.isBlank() ? null : Numbers.nonNegativeInt("partition", partition),
                timestamp.isBlank() ? null : Numbers.nonNegativeLong("timestamp", timestamp));
        RecordSpec recordSpec = spec();
        Producer<Object, Object> producer = producer(connection);
        // A thread's first sample on a topic waits here for the topic's metadata (up to max.block.ms): in
        // the sample's time, as its connect time, but before the first send, so that neither the records'
        // latencies nor the rate's start include it, and a paced test does not start with every thread stuck.
        boolean firstOnTopic = topicsReady.add(topicName);
        if (firstOnTopic) {
            result.sampleStart();
        }
        int partitions;
        try {
            // with sequence numbers the sampler picks partitions, so each (thread, partition) counts from 0 without holes
            boolean picksPartitions = sequenceHeader && target.partition() == null;
            int count = firstOnTopic || picksPartitions ? partitionCount(producer, topicName, result) : 0;
            partitions = picksPartitions ? count : 0;
        } catch (RuntimeException e) {
            topicsReady.remove(topicName);
            throw e;
        }
        if (firstOnTopic) {
            result.connectEnd();
        }
        // each record is made as it is sent: its sequence header then carries its own send time
        IntFunction<SendBatch.Outgoing> make = records.sample(recordSpec, seed, connection, run, target,
                sequenceHeader ? sequenceId(connection) : null, partitions);
        result.setSamplerData(samplerData(connection, topicName, n));
        if (result.getStartTime() == 0) {
            result.sampleStart();
        }
        if (transactional) {
            producer.beginTransaction();
        }
        return blocking(() -> SendBatch.send(producer, n, make, run.stats, transactional,
                result instanceof KafkaSampleResult));
    }

    private RecordSpec spec() {
        return new RecordSpec(Tagged.parse(KeyMode.class, "key mode", keyMode), key,
                Numbers.positiveInt("key count", keyCount, 100), Tagged.parse(ValueMode.class, "value mode", valueMode),
                value, recordSize, ThreadRecords.resolve(payloadFile), payloadDelimiter, ThreadRecords.resolve(valueSchema),
                Tagged.parse(SchemaOutput.class, "schema output", schemaOutput),
                List.copyOf(KeyValue.toMap(fieldRules, "field rules").entrySet()), KeyValue.entries(headers));
    }

    /** The topic's partition count, from the producer's metadata (it may wait up to max.block.ms for it). */
    private int partitionCount(Producer<Object, Object> producer, String topicName, SampleResult result) {
        long start = System.currentTimeMillis();
        try {
            return blocking(() -> producer.partitionsFor(topicName).size());
        } catch (RuntimeException e) {
            // a sample that failed after waiting max.block.ms for metadata must not show 0 ms
            if (result.getStartTime() == 0) {
                long end = System.currentTimeMillis();
                result.setStampAndTime(result.isStampedAtStart() ? start : end, end - start);
            }
            throw e;
        }
    }

    private void endTransaction(Producer<Object, Object> producer, SendBatch batch, boolean commit) {
        try {
            if (commit) {
                producer.commitTransaction();
            } else {
                producer.abortTransaction();
            }
            batch.transactionEnded(commit, () -> "transaction aborted");
        } catch (RuntimeException e) {
            // what the broker wrote is not delivered: the acknowledged records count as failed
            batch.transactionEnded(false, () -> "transaction " + (commit ? "commit" : "abort") + " failed: "
                    + Failures.describe(e));
            // a producer whose transaction state is unknown is unusable: the next sample makes a new one
            closeOwnProducer();
            throw e;
        }
    }

    private Producer<Object, Object> producer(Connection connection) {
        if (!transactional && !SCOPE_THREAD.equals(Fields.choice("producer scope", producerScope, SCOPE_SHARED, SCOPE_THREAD))) {
            Producer<Object, Object> shared = connection.sharedProducer();
            if (bufferFit == null) {
                bufferFit = connection.sharedBufferFit();
                bufferFit.join();
            }
            return shared;
        }
        if (ownProducer == null) {
            Map<String, Object> extra = transactional
                    ? Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, connection.nextClientId("tx"))
                    : Map.of();
            Producer<Object, Object> p = connection.newProducer(extra);
            if (transactional) {
                try {
                    p.initTransactions();
                } catch (RuntimeException e) {
                    p.close(closeTimeout());
                    throw e;
                }
            }
            ownProducer = p;
        }
        return ownProducer;
    }

    private String sequenceId(Connection connection) {
        if (sequenceId == null) {
            sequenceId = connection.nextClientId("seq");
        }
        return sequenceId;
    }

    private String samplerData(Connection connection, String topicName, int n) {
        return "connection: " + connection.name() + "\ntopic: " + topicName
                + (partition.isBlank() ? "" : "\npartition: " + partition)
                + "\nrecords: " + n + "\nkey: " + records.spec().keyMode().tag() + "\nvalue: " + records.spec().valueMode().tag()
                + (transactional ? "\ntransactional" : "");
    }

    /**
     * Runs a call that may block on metadata (up to max.block.ms) so that Stop can interrupt it:
     * Kafka turns the interrupt into an InterruptException.
     */
    private <T> T blocking(Supplier<T> call) {
        blockedThread = Thread.currentThread();
        try {
            return call.get();
        } finally {
            blockedThread = null;
        }
    }

    @Override
    public boolean interrupt() {
        stopped = true;
        SendBatch batch = inFlight;
        if (batch != null) {
            batch.release();
        }
        Thread blocked = blockedThread;
        if (blocked != null) {
            blocked.interrupt();
        }
        return true;
    }

    @Override
    public void threadFinished() {
        // JMeter also exits with an error if the thread outlives jmeterengine.threadstop.wait: closes are bounded
        if (bufferFit != null) {
            bufferFit.leave();
            bufferFit = null;
        }
        boolean interrupted = clearInterruptBeforeClose(stopped);
        try {
            closeOwnProducer(stopped ? stopCloseTimeout() : closeTimeout());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void closeOwnProducer() {
        closeOwnProducer(closeTimeout());
    }

    private void closeOwnProducer(Duration timeout) {
        Producer<Object, Object> p = ownProducer;
        ownProducer = null;
        topicsReady.clear();
        if (p != null) {
            p.close(timeout);
        }
    }

    @Override
    public void testStarted() {
        super.testStarted();
        PayloadFile.forgetAll();
        RUNS.start(getName());
        try {
            ProgressPrinter.start(getName(), run().stats::windowLine);
        } catch (InvalidInputException e) {
            // reported by every sample
        }
    }

    @Override
    public void testEnded() {
        ProgressPrinter.stop(getName());
        try {
            // records still in flight in the shared producer complete (or fail) before the summary
            Connections.get(getConnectionName()).closeSharedProducer(closeTimeout());
        } catch (InvalidInputException e) {
            // no such connection: every sample already said so
        }
        ProducerRun run = RUNS.remove(getName());
        if (run == null) {
            return;
        }
        run.printSummary(getName(), expectedRate());
    }

    /** The expected records/s; 0 when blank or not a number (said once in the log). */
    double expectedRate() {
        try {
            return expectedRate.isBlank() ? 0 : Math.max(0, Double.parseDouble(expectedRate.trim()));
        } catch (NumberFormatException e) {
            FailureLog.once(getName(), ResponseCodes.INVALID_INPUT, "Expected records/s '" + expectedRate
                    + "' is not a number: no expectation", null);
            return 0;
        }
    }

    // ---- bean properties (their names are written into saved plans: never rename) ----

    public String getTopic() { return topic; }
    public void setTopic(String topic) { this.topic = Fields.nullToEmpty(topic); }
    public String getPartition() { return partition; }
    public void setPartition(String partition) { this.partition = Fields.nullToEmpty(partition); }
    public String getKeyMode() { return keyMode; }
    public void setKeyMode(String keyMode) { this.keyMode = Fields.nullToEmpty(keyMode); }
    public String getKey() { return key; }
    public void setKey(String key) { this.key = Fields.nullToEmpty(key); }
    public String getKeyCount() { return keyCount; }
    public void setKeyCount(String keyCount) { this.keyCount = Fields.nullToEmpty(keyCount); }
    public String getValueMode() { return valueMode; }
    public void setValueMode(String valueMode) { this.valueMode = Fields.nullToEmpty(valueMode); }
    public String getValue() { return value; }
    public void setValue(String value) { this.value = Fields.nullToEmpty(value); }
    public String getRecordSize() { return recordSize; }
    public void setRecordSize(String recordSize) { this.recordSize = Fields.nullToEmpty(recordSize); }
    public String getPayloadFile() { return payloadFile; }
    public void setPayloadFile(String payloadFile) { this.payloadFile = Fields.nullToEmpty(payloadFile); }
    public String getPayloadDelimiter() { return payloadDelimiter; }
    public void setPayloadDelimiter(String payloadDelimiter) { this.payloadDelimiter = Fields.nullToEmpty(payloadDelimiter); }
    public String getValueSchema() { return valueSchema; }
    public void setValueSchema(String valueSchema) { this.valueSchema = Fields.nullToEmpty(valueSchema); }
    public String getSchemaOutput() { return schemaOutput; }
    public void setSchemaOutput(String schemaOutput) { this.schemaOutput = Fields.nullToEmpty(schemaOutput); }
    public List<KeyValue> getFieldRules() { return fieldRules; }
    public void setFieldRules(List<KeyValue> fieldRules) { this.fieldRules = fieldRules == null ? new ArrayList<>() : fieldRules; }
    public String getSeed() { return seed; }
    public void setSeed(String seed) { this.seed = Fields.nullToEmpty(seed); }
    public List<KeyValue> getHeaders() { return headers; }
    public void setHeaders(List<KeyValue> headers) { this.headers = headers == null ? new ArrayList<>() : headers; }
    public String getTimestamp() { return timestamp; }
    public void setTimestamp(String timestamp) { this.timestamp = Fields.nullToEmpty(timestamp); }
    public String getRecordsPerSample() { return recordsPerSample; }
    public void setRecordsPerSample(String recordsPerSample) { this.recordsPerSample = Fields.nullToEmpty(recordsPerSample); }
    public String getRecordBudget() { return recordBudget; }
    public void setRecordBudget(String recordBudget) { this.recordBudget = Fields.nullToEmpty(recordBudget); }
    public String getExpectedRate() { return expectedRate; }
    public void setExpectedRate(String expectedRate) { this.expectedRate = Fields.nullToEmpty(expectedRate); }
    public String getAckTimeout() { return ackTimeout; }
    public void setAckTimeout(String ackTimeout) { this.ackTimeout = Fields.nullToEmpty(ackTimeout); }
    public String getProducerScope() { return producerScope; }
    public void setProducerScope(String producerScope) { this.producerScope = Fields.nullToEmpty(producerScope); }
    public boolean isTransactional() { return transactional; }
    public void setTransactional(boolean transactional) { this.transactional = transactional; }
    public boolean isSequenceHeader() { return sequenceHeader; }
    public void setSequenceHeader(boolean sequenceHeader) { this.sequenceHeader = sequenceHeader; }
}
