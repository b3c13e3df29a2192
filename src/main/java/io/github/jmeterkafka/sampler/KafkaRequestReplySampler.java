package io.github.jmeterkafka.sampler;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Correlation;
import io.github.jmeterkafka.client.MatchWait;
import io.github.jmeterkafka.client.ReplyReader;
import io.github.jmeterkafka.client.Requests;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.Tagged;
import io.github.jmeterkafka.measure.MatchStats;
import io.github.jmeterkafka.measure.SampleFigures;
import io.github.jmeterkafka.payload.RecordSpec;
import io.github.jmeterkafka.payload.SchemaOutput;
import io.github.jmeterkafka.payload.ValueText;
import io.github.jmeterkafka.payload.source.ValueMode;
import io.github.jmeterkafka.sampler.base.SamplerRuns;
import io.github.jmeterkafka.sampler.producer.ProducerResponse;
import io.github.jmeterkafka.sampler.producer.ProducerScope;
import io.github.jmeterkafka.sampler.producer.RecordSettings;
import io.github.jmeterkafka.sampler.producer.SampleRecords;
import io.github.jmeterkafka.sampler.producer.ScheduleWait;
import io.github.jmeterkafka.sampler.producer.TakenRecords;
import io.github.jmeterkafka.sampler.producer.TargetRate;
import io.github.jmeterkafka.sampler.producer.ThreadProducer;
import io.github.jmeterkafka.sampler.producer.ThreadRecords;
import io.github.jmeterkafka.sampler.reply.CorrelateBy;
import io.github.jmeterkafka.sampler.reply.CorrelatedWait;
import io.github.jmeterkafka.sampler.reply.MatchRun;
import io.github.jmeterkafka.sampler.reply.RequestReplyFields;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.kafka.clients.producer.Producer;

/**
 * Kafka Request-Reply: each sample sends N requests (records made as the Kafka Producer makes them) with a
 * correlation id and the reply topic in their headers, and ends when every reply has arrived or its timeout
 * has passed. One sample stands for N requests; each request's round trip, from its send to its reply, goes
 * into the sampler's summary.
 *
 * <p>Threads: requests go through the connection's shared producer; replies are read by the connection's one
 * {@link ReplyReader} per reply topic, on its own thread. {@link #wake} only releases the wait of the sample
 * in flight.
 */
public class KafkaRequestReplySampler extends RequestReplyFields {
    private static final long serialVersionUID = 1L;
    private static final SamplerRuns<MatchRun> RUNS = new SamplerRuns<>("Kafka Request-Reply");

    // this clone's thread only
    private transient ThreadProducer producers = new ThreadProducer();
    private transient ThreadRecords records = new ThreadRecords();
    private transient ValueText replyText;
    private transient ValueText requestText;
    private transient boolean requestsFramed;
    private final transient CorrelatedWait waiting = new CorrelatedWait(this::stopped);
    private final transient RecordSettings settings = new RecordSettings(this);
    private final transient TakenRecords taking = new TakenRecords();

    private MatchRun run() {
        return RUNS.get(getName(), () -> {
            long budget = Fields.nonNegativeLong("requests to send in total", recordBudget, 0);
            return new MatchRun(budget, TargetRate.of(this).schedule(budget), getName(), MatchStats.Kind.REQUEST_REPLY);
        });
    }

    @Override
    protected Sample<MatchWait> prepare(SampleResult result) {
        int perSample = Fields.positiveInt("requests per sample", recordsPerSample, 1);
        MatchRun run = run();
        ScheduleWait.Taken taken =
                records.rowsEnded() ? null : taking.take(run.budget, run.schedule, perSample, this::stopped);
        if (taken == null) {
            return null;
        }
        int n = taken.count();
        result.setSampleCount(n);
        long timeoutMs = Fields.nonNegativeLong("reply timeout", replyTimeout, 5000);
        if (timeoutMs == 0) {
            throw new InvalidInputException("Reply timeout must be more than 0 ms");
        }
        String requestTopic = Fields.required("request topic", topic);
        String replyTo = Fields.required("reply topic", replyTopic);
        RecordSpec recordSpec = settings.spec();
        Connection connection = connection();
        // Avro requests in Avro binary and Protobuf ones: a JSON path reads them through their schema, as it
        // reads the replies
        // (in a registry's wire format, through the schema the registry has)
        boolean framed =
                recordSpec.value().mode().fromSchema() && recordSpec.schema().output() == SchemaOutput.REGISTRY;
        boolean binary = !framed
                && (recordSpec.value().mode() == ValueMode.PROTOBUF
                        || (recordSpec.value().mode() == ValueMode.AVRO
                                && recordSpec.schema().output() == SchemaOutput.BINARY));
        String requestSchema = binary ? recordSpec.schema().text().trim() : "";
        if (requestText == null || !requestText.schemaText.equals(requestSchema) || framed != requestsFramed) {
            requestText = framed ? ValueText.of("", connection.schemaRegistry()) : ValueText.of(requestSchema);
            requestsFramed = framed;
        }
        Requests requests = new Requests(
                correlation(),
                requestText::text,
                Fields.required("reply topic header", replyTopicHeader).trim(),
                replyTo.trim());
        if (replyText == null || !replyText.schemaText.equals(replySchema.trim())) {
            replyText = ValueText.of(replySchema.trim(), connection.schemaRegistry());
        }
        Producer<Object, Object> producer = producers.get(connection, ProducerScope.SHARED, false);
        result.setSamplerData(
                ProducerResponse.samplerData(connection.name(), requestTopic, partition, n, recordSpec, false)
                        + "\nreply topic: " + replyTo + "\nreply timeout: " + timeoutMs + " ms");
        return new RoundTrip(
                connection,
                producer,
                new SampleRecords(settings.target(requestTopic), recordSpec, taken, perSample),
                requests,
                new CorrelatedWait.Expected(run, requests.correlation(), n, timeoutMs, replyText, variablePrefix));
    }

    /** One sample's requests, sent, then their replies waited for. */
    private final class RoundTrip implements Sample<MatchWait> {
        private final Connection connection;
        private final Producer<Object, Object> producer;
        private final SampleRecords toSend;
        private final Requests requests;
        private final CorrelatedWait.Expected expected;
        private long sentBytes;
        private long startNanos;

        RoundTrip(
                Connection connection,
                Producer<Object, Object> producer,
                SampleRecords toSend,
                Requests requests,
                CorrelatedWait.Expected expected) {
            this.connection = connection;
            this.producer = producer;
            this.toSend = toSend;
            this.requests = requests;
            this.expected = expected;
        }

        @Override
        public MatchWait call(SampleResult result) throws InterruptedException {
            startNanos = System.nanoTime();
            MatchRun run = expected.run();
            String replyTo = requests.replyTopic();
            // in order: a missing request topic is named first
            Map<String, String> topics = new LinkedHashMap<>();
            topics.put(toSend.target().topic(), "request");
            topics.putIfAbsent(replyTo, "reply");
            ReplyReader reader = waiting.readyReader(
                    result, () -> run.reader(connection, topics, replyTo, 0, expected.by(), replySchema.trim()));
            var make = records.sample(toSend.spec(), seed, connection, run.counters, toSend.target());
            return waiting.await(reader, expected, wait -> {
                taking.handedToKafka();
                sentBytes = waiting.interruptibly(() -> requests.send(
                        producer, wait, make, run.stats, toSend.taken().slots()));
            });
        }

        @Override
        public boolean fill(SampleResult result, MatchWait wait) {
            result.setSentBytes(sentBytes);
            CorrelatedWait.fill(
                    result,
                    getName(),
                    wait,
                    expected,
                    startNanos,
                    (micros, answered, failed, bytes, timedOut) ->
                            SampleFigures.answered(micros, answered, failed, bytes, expectedRate(), timedOut));
            return true;
        }
    }

    @Override
    protected void failed(SampleResult result, Throwable e) {
        taking.failed(result, e, "requests", (n, cause) -> run().stats.notSent(n, cause));
    }

    @Override
    protected double expectedRate() {
        return TargetRate.of(this).expected(getName());
    }

    /** What ties a reply to its request, from the fields. */
    private Correlation correlation() {
        return switch (Tagged.parse(CorrelateBy.class, "correlate by", correlateBy)) {
            case HEADER -> Correlation.header(Fields.required("correlation id header", correlationHeader));
            case KEY -> Correlation.key();
            case JSON_PATH -> Correlation.jsonPath(Fields.required("JSON path", correlationPath));
        };
    }

    @Override
    protected void wake() {
        taking.wake();
        waiting.wake();
    }

    @Override
    public void threadFinished() {
        producers.leaveShared();
    }

    @Override
    protected SamplerRuns<MatchRun> runs() {
        return RUNS;
    }
}
