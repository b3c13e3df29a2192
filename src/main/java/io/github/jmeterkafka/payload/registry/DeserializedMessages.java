package io.github.jmeterkafka.payload.registry;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.ProtoJson;
import java.lang.reflect.InvocationTargetException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Protobuf messages a user's registry deserializer returned, made with its own protobuf-java, as JSON text: the
 * message's descriptor and bytes cross to the plugin's relocated copy, which writes the JSON (see
 * {@link SerializerObjects} for the other way).
 *
 * <p>Threads: any.
 */
public final class DeserializedMessages {
    // built at run time: the jar's relocation rewrites the name where it stands as a constant
    private static final String MESSAGE = String.join(".", "com", "google", "protobuf", "Message");

    private final Map<Object, ProtoJson> decoders = new ConcurrentHashMap<>();

    /** Whether {@code value} is a Protobuf message of any protobuf-java. */
    public static boolean isMessage(Object value) {
        return implementsMessage(value.getClass());
    }

    private static boolean implementsMessage(Class<?> type) {
        if (type == null) {
            return false;
        }
        for (Class<?> i : type.getInterfaces()) {
            if (i.getName().equals(MESSAGE) || implementsMessage(i)) {
                return true;
            }
        }
        return implementsMessage(type.getSuperclass());
    }

    /**
     * The message as JSON text with its fields' names.
     *
     * @throws InvalidInputException its descriptor does not build here
     */
    public String json(Object message) {
        try {
            Object type = call(message, "getDescriptorForType");
            ProtoJson decoder = decoders.get(type);
            if (decoder == null) {
                decoder = new ProtoJson(ours(type, new HashMap<>()));
                decoders.put(type, decoder);
            }
            return decoder.decode((byte[]) call(message, "toByteArray"));
        } catch (ReflectiveOperationException | InvalidProtocolBufferException | DescriptorValidationException e) {
            throw new InvalidInputException("the deserializer's Protobuf message cannot be shown as JSON: " + e);
        }
    }

    /** Their message type as ours: its file (imports first) built from the file's descriptor proto. */
    private static Descriptor ours(Object type, Map<Object, FileDescriptor> built)
            throws ReflectiveOperationException, InvalidProtocolBufferException, DescriptorValidationException {
        FileDescriptor file = file(call(type, "getFile"), built);
        String name = (String) call(type, "getFullName");
        String local = file.getPackage().isEmpty()
                ? name
                : name.substring(file.getPackage().length() + 1);
        String[] parts = local.split("\\.", 0);
        Descriptor found = file.findMessageTypeByName(parts[0]);
        for (int i = 1; i < parts.length && found != null; i++) {
            found = found.findNestedTypeByName(parts[i]);
        }
        if (found == null) {
            throw new InvalidInputException("message " + name + " is not in its own file's descriptor");
        }
        return found;
    }

    private static FileDescriptor file(Object theirs, Map<Object, FileDescriptor> built)
            throws ReflectiveOperationException, InvalidProtocolBufferException, DescriptorValidationException {
        FileDescriptor known = built.get(theirs);
        if (known != null) {
            return known;
        }
        List<?> imports = (List<?>) call(theirs, "getDependencies");
        FileDescriptor[] deps = new FileDescriptor[imports.size()];
        for (int i = 0; i < deps.length; i++) {
            deps[i] = file(imports.get(i), built);
        }
        byte[] proto = (byte[]) call(call(theirs, "toProto"), "toByteArray");
        FileDescriptor file = FileDescriptor.buildFrom(FileDescriptorProto.parseFrom(proto), deps);
        built.put(theirs, file);
        return file;
    }

    private static Object call(Object target, String method) throws ReflectiveOperationException {
        try {
            return target.getClass().getMethod(method).invoke(target);
        } catch (InvocationTargetException e) {
            throw new ReflectiveOperationException(method + ": " + e.getCause(), e.getCause());
        }
    }
}
