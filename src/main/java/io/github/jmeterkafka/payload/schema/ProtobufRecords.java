package io.github.jmeterkafka.payload.schema;

import com.google.protobuf.Descriptors;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.ValueSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Protobuf messages made from a message type of a {@code .proto} schema, one per call, as their
 * binary encoding: each field gets a random value of its type, or the value of its field rule (see
 * the package's notes for paths, conversions and the syntax taken).
 *
 * <p>What a field gets by default: a nested message, each of its fields; a repeated field 1 to 3
 * items; a map 1 to 3 entries with random keys; a oneof one of its members; a proto3 or proto2
 * {@code optional} field is always set; a google.protobuf.Timestamp an instant of the hour before
 * {@code now}, a Duration up to an hour; the rest as {@link ProtoRandomValues} says.
 *
 * <p>Threads: built once, then shared: it holds no state of its own, and each thread calls
 * {@link #next} with its own {@link RecordContext}. Rules are called on the calling thread.
 */
public final class ProtobufRecords implements ValueSource {
    private final Descriptor type;
    private final ProtoValueMaker root;

    /**
     * @param rules field rules by path; null or empty for none
     * @throws InvalidInputException when a rule names no field of the type or a field that takes no rule
     */
    public ProtobufRecords(Descriptor type, Map<String, Function<RecordContext, Object>> rules) {
        this(type, rules, Instant.now());
    }

    /** @param now the instant near which timestamps are drawn: fixed, seeded runs repeat */
    public ProtobufRecords(Descriptor type, Map<String, Function<RecordContext, Object>> rules, Instant now) {
        this.type = type;
        FieldRules fieldRules = new FieldRules(rules);
        this.root = new ProtoMakers(fieldRules, now, type.getFullName()).compile(type);
        fieldRules.checkAllMet("message " + type.getFullName());
    }

    /**
     * The message type to make, from a {@code .proto} schema's text or the path of a file: text is
     * anything that holds a '{', ';' or a line break.
     *
     * @param messageName blank: the first top-level message; else a message's name, simple
     *                    ({@code Order}), nested ({@code Order.Line}) or with the package
     *                    ({@code shop.Order})
     */
    public static Descriptor parseProtoSchema(String textOrPath, String messageName) {
        SchemaText schema = protoText(textOrPath);
        return messageType(ProtoParser.parse(schema.text(), schema.origin()), messageName, schema.origin());
    }

    /** A {@code .proto} schema's text, as given or read from the file it names. */
    public static SchemaText protoText(String textOrPath) {
        String text = textOrPath == null ? "" : textOrPath.strip();
        if (text.isEmpty()) {
            throw new InvalidInputException("Protobuf schema is empty: give its text or the path of a .proto file");
        }
        if (text.indexOf('{') >= 0 || text.indexOf(';') >= 0 || text.indexOf('\n') >= 0) {
            return new SchemaText(text, "Protobuf schema text");
        }
        Path file = file(text);
        String origin = "Protobuf schema file " + file;
        try {
            return new SchemaText(Files.readString(file, StandardCharsets.UTF_8), origin);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(origin + " does not exist");
        } catch (IOException e) {
            throw new InvalidInputException(origin + " cannot be read: " + e);
        }
    }

    private static Path file(String text) {
        try {
            return Path.of(text).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw new InvalidInputException(
                    "Protobuf schema '" + text + "' is neither its text nor a file path: " + e.getMessage());
        }
    }

    /**
     * A {@code .proto} schema's text as a file of message types, for values that name their type by its place in
     * the file (a registry's wire format).
     *
     * @param origin where the text came from, for messages
     */
    public static Descriptors.FileDescriptor parseProtoFile(String text, String origin) {
        return ProtoParser.parse(text, origin);
    }

    private static Descriptor messageType(Descriptors.FileDescriptor file, String messageName, String origin) {
        if (file.getMessageTypes().isEmpty()) {
            throw new InvalidInputException(origin + " has no message");
        }
        String name = messageName == null ? "" : messageName.strip();
        if (name.isEmpty()) {
            return file.getMessageTypes().get(0);
        }
        String prefix = file.getPackage().isEmpty() ? "" : file.getPackage() + ".";
        Descriptor found = file.findMessageTypeByName(name);
        if (found == null && name.startsWith(prefix)) {
            name = name.substring(prefix.length());
        }
        if (found == null) {
            // limit 0: a trailing dot adds no part
            String[] parts = name.split("\\.", 0);
            found = file.findMessageTypeByName(parts[0]);
            for (int i = 1; i < parts.length && found != null; i++) {
                found = found.findNestedTypeByName(parts[i]);
            }
        }
        if (found == null || found.getOptions().getMapEntry()) {
            throw new InvalidInputException(origin + " has no message '" + messageName + "'; its top-level messages: "
                    + file.getMessageTypes().stream().map(Descriptor::getName).collect(Collectors.joining(", ")));
        }
        return found;
    }

    public Descriptor type() {
        return type;
    }

    /** The next message: a new one each call. */
    public DynamicMessage message(RecordContext context) {
        return (DynamicMessage) root.make(context, 0);
    }

    /** The next message's binary encoding. */
    @Override
    public byte[] next(RecordContext context) {
        return message(context).toByteArray();
    }
}
