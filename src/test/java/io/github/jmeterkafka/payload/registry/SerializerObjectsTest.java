package io.github.jmeterkafka.payload.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.DynamicMessage;
import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.schema.ProtobufRecords;
import io.github.jmeterkafka.payload.source.ValueMode;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SerializerObjectsTest {
    private static final String PROTO = "syntax = \"proto3\"; package shop; message Order { string id = 1; }";

    /** A serializer class whose loader sees no Jackson and no protobuf-java. */
    public static final class Lonely {}

    @Test
    void aJsonDocumentBecomesAJsonNodeOfTheSerializersJackson() {
        Object node = SerializerObjects.of(ValueMode.JSON_SCHEMA, "{\"type\":\"object\"}", getClass())
                .apply("{\"id\":\"o-1\"}".getBytes(StandardCharsets.UTF_8));

        assertThat(node).isInstanceOf(JsonNode.class);
        assertThat(((JsonNode) node).get("id").asText()).isEqualTo("o-1");
    }

    @Test
    void aProtobufMessageBecomesADynamicMessageOfTheSerializersProtobuf() {
        var type = ProtobufRecords.parseProtoSchema(PROTO, "");
        byte[] bytes = DynamicMessage.newBuilder(type)
                .setField(type.findFieldByName("id"), "o-2")
                .build()
                .toByteArray();

        Object message =
                SerializerObjects.of(ValueMode.PROTOBUF, PROTO, getClass()).apply(bytes);

        assertThat(message).isInstanceOf(DynamicMessage.class);
        DynamicMessage m = (DynamicMessage) message;
        assertThat(m.getDescriptorForType().getFullName()).isEqualTo("shop.Order");
        assertThat(m.getField(m.getDescriptorForType().findFieldByName("id"))).isEqualTo("o-2");
        assertThat(new DeserializedMessages().json(m)).isEqualTo("{\"id\":\"o-2\"}");
    }

    @Test
    void aSerializerWithoutTheLibraryNamesTheJarToAdd() throws Exception {
        URL classes = Lonely.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader isolated = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
            Class<?> serializer = isolated.loadClass(Lonely.class.getName());

            assertThatThrownBy(() -> SerializerObjects.of(ValueMode.PROTOBUF, PROTO, serializer))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("takes Protobuf message values")
                    .hasMessageContaining("add protobuf-java");
            assertThatThrownBy(() -> SerializerObjects.of(ValueMode.JSON_SCHEMA, "{}", serializer))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessageContaining("add jackson-databind");
        }
    }
}
