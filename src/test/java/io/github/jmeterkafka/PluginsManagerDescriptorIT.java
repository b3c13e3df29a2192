package io.github.jmeterkafka;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.jmeterkafka.harness.Harness;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The Plugins Manager descriptor a team serves from its own plugins repository: it must name
 * classes the jar really has and the version the build makes (edit downloadUrl when publishing).
 */
class PluginsManagerDescriptorIT {

    @Test
    void namesTheJarsClassesAndTheBuiltVersion() throws IOException {
        JsonNode plugin = new ObjectMapper()
                .readTree(Harness.projectDir()
                        .resolve("src/plugins-manager/jmeter-kafka.json")
                        .toFile())
                .get(0);
        List<String> classes = new ArrayList<>();
        classes.add(plugin.get("markerClass").asText());
        plugin.get("componentClasses").forEach(c -> classes.add(c.asText()));

        try (JarFile jar = new JarFile(Harness.pluginJar().toFile())) {
            for (String c : classes) {
                assertThat(jar.getEntry(c.replace('.', '/') + ".class")).as(c).isNotNull();
            }
        }
        String jarName = Harness.pluginJar().getFileName().toString();
        String version = jarName.substring("jmeter-kafka-".length(), jarName.length() - ".jar".length());
        assertThat(plugin.get("versions").has(version))
                .as("a versions entry for %s", version)
                .isTrue();
        assertThat(plugin.get("versions").get(version).get("downloadUrl").asText())
                .endsWith("/" + jarName);
    }
}
