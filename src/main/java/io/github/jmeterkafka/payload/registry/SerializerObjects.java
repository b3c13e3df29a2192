package io.github.jmeterkafka.payload.registry;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import io.github.jmeterkafka.payload.schema.SchemaText;
import io.github.jmeterkafka.payload.source.ValueMode;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Values as the objects a user's registry serializer takes: a JSON document as a Jackson {@code JsonNode}, a
 * Protobuf message as a {@code DynamicMessage}, each made with the Jackson or protobuf-java the serializer itself
 * loads. The plugin's own copies are relocated in its jar (other plugins bring other versions), so its objects would
 * not be the serializer's: the value crosses as its bytes, parsed again on the other side.
 *
 * <p>Threads: any; the operator holds no state of its own.
 */
public final class SerializerObjects {
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.publicLookup();
    // built at run time: the jar's relocation rewrites these names where they stand as constants
    private static final String JACKSON = String.join(".", "com", "fasterxml", "jackson", "databind", "");
    private static final String PROTOBUF = String.join(".", "com", "google", "protobuf", "");

    private SerializerObjects() {}

    /**
     * The value's bytes (a JSON document, a Protobuf message of the schema's first type) to the serializer's object.
     *
     * @param serializer the value serializer's class
     * @throws InvalidInputException a mode other than JSON Schema or Protobuf, or the serializer's class path lacks
     *                               the library (the message names the jar)
     */
    public static UnaryOperator<Object> of(ValueMode mode, String schemaTextOrPath, Class<?> serializer) {
        ClassLoader loader = serializer.getClassLoader();
        try {
            return switch (mode) {
                case JSON_SCHEMA ->
                    jsonNodes(
                            loader, confluent(serializer) ? SchemaText.of(schemaTextOrPath, "JSON schema", "{") : null);
                case PROTOBUF -> messages(loader, ProtobufRecords.parseProtoSchema(schemaTextOrPath, ""));
                default ->
                    throw new InvalidInputException("only JSON Schema and Protobuf records are handed over as objects");
            };
        } catch (ClassNotFoundException | NoClassDefFoundError e) {
            String jar = mode == ValueMode.JSON_SCHEMA
                    ? "jackson-databind (with jackson-core and jackson-annotations)"
                    : "protobuf-java (com.google.protobuf:protobuf-java, the version the serializer is built with)";
            throw new InvalidInputException(serializer.getName() + " takes "
                    + (mode == ValueMode.JSON_SCHEMA ? "Jackson JsonNode" : "Protobuf message")
                    + " values, and its class path has no " + e.getMessage() + ": add " + jar
                    + " to JMeter's lib/ext");
        } catch (ReflectiveOperationException e) {
            throw new InvalidInputException(
                    "the classes beside " + serializer.getName() + " are not the versions expected: " + e);
        }
    }

    /** Confluent's JSON Schema serializer reads the schema from an envelope around each value. */
    private static boolean confluent(Class<?> serializer) {
        return serializer.getName().startsWith("io.confluent.");
    }

    private static UnaryOperator<Object> jsonNodes(ClassLoader loader, SchemaText envelope)
            throws ReflectiveOperationException {
        Class<?> mapperClass = loader.loadClass(JACKSON + "ObjectMapper");
        Class<?> nodeClass = loader.loadClass(JACKSON + "JsonNode");
        Object mapper = mapperClass.getConstructor().newInstance();
        MethodHandle readTree = LOOKUP.findVirtual(
                        mapperClass, "readTree", MethodType.methodType(nodeClass, byte[].class))
                .bindTo(mapper);
        if (envelope == null) {
            return value -> invoke(readTree, value);
        }
        Object schema = invoke(readTree, envelope.text().getBytes(StandardCharsets.UTF_8));
        Class<?> objectNode = loader.loadClass(JACKSON + "node.ObjectNode");
        MethodHandle create = LOOKUP.findVirtual(mapperClass, "createObjectNode", MethodType.methodType(objectNode))
                .bindTo(mapper);
        MethodHandle set =
                LOOKUP.findVirtual(objectNode, "set", MethodType.methodType(nodeClass, String.class, nodeClass));
        return value -> {
            try {
                Object node = create.invoke();
                set.invoke(node, "schema", schema);
                set.invoke(node, "payload", invoke(readTree, value));
                return node;
            } catch (Throwable e) {
                throw new IllegalStateException("the JSON document could not be put in an envelope: " + e, e);
            }
        };
    }

    private static UnaryOperator<Object> messages(ClassLoader loader, Descriptor ours)
            throws ReflectiveOperationException {
        Class<?> fileClass = loader.loadClass(PROTOBUF + "Descriptors$FileDescriptor");
        Class<?> descriptorClass = loader.loadClass(PROTOBUF + "Descriptors$Descriptor");
        Class<?> fileProto = loader.loadClass(PROTOBUF + "DescriptorProtos$FileDescriptorProto");
        MethodHandle parseProto =
                LOOKUP.findStatic(fileProto, "parseFrom", MethodType.methodType(fileProto, byte[].class));
        Class<?> fileArray = fileClass.arrayType();
        MethodHandle buildFrom =
                LOOKUP.findStatic(fileClass, "buildFrom", MethodType.methodType(fileClass, fileProto, fileArray));
        Object theirFile = file(ours.getFile(), new IdentityHashMap<>(), parseProto, buildFrom, fileClass);
        MethodHandle topLevel = LOOKUP.findVirtual(fileClass, "getMessageTypes", MethodType.methodType(List.class))
                .bindTo(theirFile);
        MethodHandle nested = LOOKUP.findVirtual(descriptorClass, "getNestedTypes", MethodType.methodType(List.class));
        Object message = null;
        for (int index : RegistryOutput.indexes(ours)) {
            try {
                List<?> level = (List<?>) (message == null ? topLevel.invoke() : nested.invoke(message));
                message = level.get(index);
            } catch (Throwable e) {
                throw new ReflectiveOperationException(e);
            }
        }
        Class<?> dynamic = loader.loadClass(PROTOBUF + "DynamicMessage");
        MethodHandle parse = LOOKUP.findStatic(
                        dynamic, "parseFrom", MethodType.methodType(dynamic, descriptorClass, byte[].class))
                .bindTo(message);
        return value -> invoke(parse, value);
    }

    /** Our file descriptor as theirs, its imports first (each built once). */
    private static Object file(
            FileDescriptor ours,
            Map<FileDescriptor, Object> built,
            MethodHandle parseProto,
            MethodHandle buildFrom,
            Class<?> fileClass)
            throws ReflectiveOperationException {
        Object known = built.get(ours);
        if (known != null) {
            return known;
        }
        List<FileDescriptor> imports = ours.getDependencies();
        Object deps = Array.newInstance(fileClass, imports.size());
        for (int i = 0; i < imports.size(); i++) {
            Array.set(deps, i, file(imports.get(i), built, parseProto, buildFrom, fileClass));
        }
        try {
            Object theirs = buildFrom.invoke(parseProto.invoke(ours.toProto().toByteArray()), deps);
            built.put(ours, theirs);
            return theirs;
        } catch (Throwable e) {
            throw new ReflectiveOperationException("schema " + ours.getName() + " does not build: " + e, e);
        }
    }

    private static Object invoke(MethodHandle oneArgument, Object value) {
        try {
            return oneArgument.invoke(value);
        } catch (Throwable e) {
            throw new InvalidInputException("the value could not be made the serializer's object: " + e);
        }
    }
}
