package io.github.jmeterkafka.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.Test;

/** Every JMeter property the plugin reads is named in PluginProperties, starts with kafka. and is in docs/properties.md. */
class PluginPropertiesTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir"));

    private static List<String> names() throws IllegalAccessException {
        List<String> names = new ArrayList<>();
        for (Field f : PluginProperties.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                names.add((String) f.get(null));
            }
        }
        return names;
    }

    @Test
    void everyPropertyStartsWithKafkaAndIsDocumented() throws Exception {
        String page = Files.readString(ROOT.resolve("docs/properties.md"), StandardCharsets.UTF_8);
        assertThat(names()).isNotEmpty().allSatisfy(name -> {
            assertThat(name).startsWith("kafka.");
            assertThat(page).contains("`" + name + "`");
        });
    }

    @Test
    void noOtherCodeReadsJMeterPropertiesDirectly() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT.resolve("src/main/java"))) {
            List<Path> readers = files.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !p.getFileName().toString().equals("PluginProperties.java"))
                    .filter(p -> {
                        try {
                            String s = Files.readString(p, StandardCharsets.UTF_8);
                            return s.contains("JMeterUtils.getProp") || s.contains("getJMeterProperties()");
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .collect(Collectors.toList());
            assertThat(readers).isEmpty();
        }
    }

    @Test
    void anAwaitsReadStartIsMillisOrAnInstantAndAnythingElseSaysWhatItTakes() throws IOException {
        if (JMeterUtils.getJMeterProperties() == null) {
            Path empty = Files.createTempFile("jmeter", ".properties");
            JMeterUtils.loadJMeterProperties(empty.toString());
            Files.delete(empty);
        }
        Properties props = JMeterUtils.getJMeterProperties();
        try {
            assertThat(PluginProperties.awaitFrom()).isZero();
            props.setProperty(PluginProperties.AWAIT_FROM, "1796400000000");
            assertThat(PluginProperties.awaitFrom()).isEqualTo(1_796_400_000_000L);
            props.setProperty(PluginProperties.AWAIT_FROM, " 2026-12-04T16:00:00Z ");
            assertThat(PluginProperties.awaitFrom()).isEqualTo(1_796_400_000_000L);
            props.setProperty(PluginProperties.AWAIT_FROM, "yesterday");
            assertThatThrownBy(PluginProperties::awaitFrom)
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("kafka.await.from 'yesterday' is neither ms since the epoch nor an ISO-8601 instant"
                            + " such as 2026-12-04T10:00:00Z");
        } finally {
            props.remove(PluginProperties.AWAIT_FROM);
        }
    }
}
