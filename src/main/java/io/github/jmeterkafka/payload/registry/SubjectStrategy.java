package io.github.jmeterkafka.payload.registry;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The subject a value's schema is registered under, as Confluent's subject name strategies name it. */
public enum SubjectStrategy {
    /** {@code <topic>-value}: Confluent's default. */
    TOPIC_NAME("TopicNameStrategy"),
    /** The record's full name: one schema for a type in every topic. */
    RECORD_NAME("RecordNameStrategy"),
    /** {@code <topic>-<record's full name>}: several types in one topic. */
    TOPIC_RECORD_NAME("TopicRecordNameStrategy");

    private final String className;

    SubjectStrategy(String className) {
        this.className = className;
    }

    /**
     * A strategy by its simple or full class name ({@code io.confluent.kafka.serializers.subject.RecordNameStrategy});
     * blank: {@link #TOPIC_NAME}.
     */
    public static SubjectStrategy of(String name) {
        String simple = name.substring(name.lastIndexOf('.') + 1).strip();
        if (simple.isEmpty()) {
            return TOPIC_NAME;
        }
        return Arrays.stream(values())
                .filter(s -> s.className.equals(simple))
                .findFirst()
                .orElseThrow(() -> new InvalidInputException(RegistryConfig.SUBJECT_STRATEGY + " '" + name
                        + "' is not one of "
                        + Arrays.stream(values()).map(s -> s.className).collect(Collectors.joining(", "))));
    }

    /**
     * The subject of a topic's values.
     *
     * @param recordName the schema's full name: Avro's, the Protobuf message's, a JSON Schema's title
     */
    public String subject(String topic, String recordName) {
        if (this != TOPIC_NAME && recordName.isEmpty()) {
            throw new InvalidInputException(className + " needs the schema's name, and this schema has none"
                    + " (a JSON Schema names itself by its \"title\")");
        }
        return switch (this) {
            case TOPIC_NAME -> topic + "-value";
            case RECORD_NAME -> recordName;
            case TOPIC_RECORD_NAME -> topic + "-" + recordName;
        };
    }
}
