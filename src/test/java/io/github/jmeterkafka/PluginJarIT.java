package io.github.jmeterkafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.github.jmeterkafka.harness.Harness;

/** The one jar users copy into lib/ext: what it must carry, and what it must not. */
class PluginJarIT {
    private static List<String> entries;

    @BeforeAll
    static void read() throws IOException {
        try (JarFile jar = new JarFile(Harness.pluginJar().toFile())) {
            entries = Collections.list(jar.entries()).stream().map(e -> e.getName()).collect(Collectors.toList());
        }
    }

    @Test
    void carriesKafkaClientsAndItsCompressionLibrariesUnderTheirOwnNames() {
        assertThat(entries).contains(
                "org/apache/kafka/clients/producer/KafkaProducer.class",
                "org/apache/kafka/common/serialization/StringSerializer.class",
                "org/apache/kafka/common/security/plain/PlainLoginModule.class",
                "org/apache/kafka/common/security/scram/ScramLoginModule.class",
                "net/jpountz/lz4/LZ4Factory.class",
                "org/xerial/snappy/Snappy.class",
                "com/github/luben/zstd/Zstd.class");
    }

    @Test
    void carriesTheElementsAndTheirGuiTexts() {
        assertThat(entries).contains(
                "io/github/jmeterkafka/config/KafkaConnection.class",
                "io/github/jmeterkafka/config/KafkaConnectionResources.properties",
                "io/github/jmeterkafka/sampler/KafkaProducerSampler.class",
                "io/github/jmeterkafka/sampler/KafkaProducerSamplerBeanInfo.class",
                "io/github/jmeterkafka/sampler/KafkaProducerSamplerResources.properties",
                "io/github/jmeterkafka/sampler/KafkaConsumerSampler.class",
                "io/github/jmeterkafka/sampler/KafkaAdminSampler.class");
    }

    @Test
    void relocatesWhatUsersNeverNameAndLeavesOutWhatJMeterShips() {
        assertThat(entries).contains("io/github/jmeterkafka/shaded/org/HdrHistogram/ConcurrentHistogram.class");
        assertThat(entries).anyMatch(e -> e.startsWith("io/github/jmeterkafka/shaded/kg/apc/"));
        List<String> classes = entries.stream().filter(e -> e.endsWith(".class")).collect(Collectors.toList());
        assertThat(classes).allMatch(e -> e.startsWith("io/github/jmeterkafka/") || e.startsWith("org/apache/kafka/")
                || e.startsWith("net/jpountz/") || e.startsWith("org/xerial/snappy/") || e.startsWith("com/github/luben/zstd/")
                || e.startsWith("META-INF/versions/"));
        assertThat(entries).noneMatch(e -> e.startsWith("org/apache/jmeter/") || e.startsWith("org/slf4j/")
                || e.startsWith("org/apache/logging/") || e.startsWith("kg/apc/") || e.startsWith("org/HdrHistogram/")
                || e.equals("module-info.class"));
    }
}
