package io.github.jmeterkafka.bench;

import io.github.jmeterkafka.harness.Harness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The facts about this machine and its software that head the bench's results: figures depend on them. */
final class Machine {
    private Machine() {}

    /** @param jvm the bench.jvm setting: whose heap and GC options JMeter runs with */
    static Map<String, String> facts(String jvm) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(
                "date",
                ZonedDateTime.now(ZoneId.systemDefault()).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z")));
        m.put("cpus", Runtime.getRuntime().availableProcessors() + " (" + cpuModel() + ")");
        m.put("memory", memory());
        m.put("jdk", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        m.put("kafka", kafkaVersion() + " (broker, perf tools and the plugin's clients)");
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        m.put(
                "load generators' heap and GC",
                "same".equals(jvm)
                        ? "both " + String.join(" ", KafkaTool.HEAP_AND_GC)
                        : "each its launcher's: perf tools " + String.join(" ", KafkaTool.HEAP_AND_GC)
                                + ", JMeter bin/jmeter's");
        return m;
    }

    /** From the broker's jar in kafka.home/lib, which the perf tools share. */
    private static String kafkaVersion() {
        try (var jars = Files.list(Harness.kafkaHome().resolve("lib"))) {
            return jars.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("kafka_2\\.13-.*\\.jar"))
                    .map(n -> n.replaceAll("^kafka_2\\.13-|\\.jar$", ""))
                    .findFirst()
                    .orElse("?");
        } catch (IOException e) {
            return "?";
        }
    }

    private static String cpuModel() {
        return procLine("/proc/cpuinfo", "model name").replaceFirst("^[^:]*:\\s*", "");
    }

    private static String memory() {
        String line = procLine("/proc/meminfo", "MemTotal");
        String[] f = line.trim().split("\\s+", -1);
        try {
            return String.format(Locale.ROOT, "%.1f GiB", Long.parseLong(f[1]) / 1024.0 / 1024.0);
        } catch (RuntimeException e) {
            return line;
        }
    }

    private static String procLine(String file, String prefix) {
        try {
            return Files.readAllLines(Path.of(file)).stream()
                    .filter(l -> l.startsWith(prefix))
                    .findFirst()
                    .orElse("?");
        } catch (IOException e) {
            return "?";
        }
    }
}
