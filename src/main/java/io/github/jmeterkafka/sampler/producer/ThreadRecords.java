package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.client.Connection;
import io.github.jmeterkafka.client.Outgoing;
import io.github.jmeterkafka.client.ProducerRecords;
import io.github.jmeterkafka.input.Fields;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.PluginProperties;
import io.github.jmeterkafka.payload.RecordMaker;
import io.github.jmeterkafka.payload.RecordSpec;
import io.github.jmeterkafka.payload.registry.RegistryConfig;
import io.github.jmeterkafka.payload.registry.RegistryOutput;
import io.github.jmeterkafka.payload.registry.SerializerObjects;
import io.github.jmeterkafka.payload.source.PlanDirectory;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import io.github.jmeterkafka.payload.source.ValueMode;
import java.util.Arrays;
import java.util.function.UnaryOperator;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.utils.Utils;

/**
 * A producer thread's record making: its {@link RecordMaker}, made again only when a field changed
 * (a field with JMeter functions may change per sample), and its {@link RecordContext}, which
 * reads the sample's JMeter variables and properties.
 *
 * <p>Threads: one per sampler clone, used by its thread only.
 */
public final class ThreadRecords {
    private final ProducerRecords records = new ProducerRecords();
    private RecordContext context;
    private RecordSpec spec;
    private RecordMaker maker;
    private Boolean keyBytes;
    private Boolean valueBytes;
    // what the maker's values are sent as: a registry's header before them, or the user serializer's objects
    private RegistryOutput registryOutput;
    private UnaryOperator<Object> serializerObjects;

    /**
     * The maker of a sample's records.
     *
     * @param seed blank, or the seed of this thread's random stream (read at its first sample)
     */
    public Outgoing.Maker sample(
            RecordSpec now, String seed, Connection connection, SamplerCounters counters, ProducerRecords.Target target)
            throws InterruptedException {
        if (keyBytes == null) {
            keyBytes = connection.settings().serializesBytes(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG);
            valueBytes = connection.settings().serializesBytes(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
        }
        if (!now.equals(spec)) {
            maker = RecordMaker.of(now);
            registryOutput = null;
            serializerObjects = null;
            if (now.value().mode().fromSchema()) {
                output(now, connection);
            }
            spec = now;
        }
        if (context == null) {
            context = new RecordContext(
                    seed.isBlank() ? null : Fields.wholeNumber("seed", seed),
                    JMeterContextService.getContext().getThreadNum() + 1,
                    counters);
        }
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        context.sample(name -> vars == null ? null : vars.get(name), name -> PluginProperties.get(name, (String) null));
        UnaryOperator<Object> valueOut = UnaryOperator.identity();
        if (registryOutput != null) {
            byte[] header = registryOutput.header(target.topic());
            valueOut = v -> framed(header, (byte[]) v);
        } else if (serializerObjects != null) {
            valueOut = serializerObjects;
        }
        return records.sample(target, maker, context, keyBytes, valueBytes, valueOut);
    }

    private void output(RecordSpec now, Connection connection) {
        String serializer = connection.settings().serializer(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG);
        switch (now.schema().output()) {
            case RECORD -> {
                if (valueBytes) {
                    throw new InvalidInputException("Records go to the value serializer, but that is"
                            + " ByteArraySerializer: set value.serializer in the connection's producer properties to a"
                            + " schema registry's serializer (Confluent's KafkaAvroSerializer, KafkaJsonSchemaSerializer,"
                            + " KafkaProtobufSerializer, or Apicurio's), or send binary or the built-in registry wire"
                            + " format");
                }
                if (now.value().mode() != ValueMode.AVRO) {
                    serializerObjects = SerializerObjects.of(
                            now.value().mode(), now.schema().text(), serializerClass(serializer));
                }
            }
            case REGISTRY -> {
                if (!valueBytes) {
                    throw new InvalidInputException("The built-in schema registry wire format is written by the plugin,"
                            + " but value.serializer is " + serializer + ": remove it from the producer properties, or"
                            + " send records to that serializer");
                }
                registryOutput = RegistryOutput.of(
                        now.value().mode(),
                        now.schema().text(),
                        connection
                                .schemaRegistry()
                                .orElseThrow(() -> new InvalidInputException("The schema registry wire format needs "
                                        + RegistryConfig.URL + " in the connection's client or producer properties")),
                        connection.settings()::serdeSetting);
            }
            default -> {}
        }
    }

    private static Class<?> serializerClass(String name) {
        try {
            return Class.forName(name, false, Utils.getContextOrKafkaClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new InvalidInputException("value.serializer " + name + " is not on JMeter's class path: " + e);
        }
    }

    private static byte[] framed(byte[] header, byte[] payload) {
        byte[] out = Arrays.copyOf(header, header.length + payload.length);
        System.arraycopy(payload, 0, out, header.length, payload.length);
        return out;
    }

    /** A CSV file read with "stop" has no row left for this thread: it is to end, as when the record budget is spent. */
    public boolean rowsEnded() {
        return context != null && context.rowsEnded();
    }

    /** What the last sample's records were made of. */
    RecordSpec spec() {
        return spec;
    }

    /**
     * A relative file name that is not in the working directory is taken from the test plan's
     * directory ({@link PlanDirectory}), as JMeter's CSV Data Set reads it; inline text stays as it is.
     */
    static String resolve(String fileOrText) {
        String s = fileOrText.trim();
        boolean inline =
                s.startsWith("[") || s.startsWith("\"") || s.contains("{") || s.contains(";") || s.contains("\n");
        if (s.isEmpty() || inline) {
            return fileOrText;
        }
        return PlanDirectory.resolve(s).toString();
    }
}
