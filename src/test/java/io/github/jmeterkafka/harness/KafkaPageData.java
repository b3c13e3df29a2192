package io.github.jmeterkafka.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The {@code kafkaData} object embedded in a kafka.html, as the page's script reads it. */
public final class KafkaPageData {
    private static final String START = "var kafkaData = ";

    private KafkaPageData() {
    }

    public static JsonNode read(Path page) throws IOException {
        String html = Files.readString(page, StandardCharsets.UTF_8);
        int from = html.indexOf(START) + START.length();
        return new ObjectMapper().readTree(html.substring(from, html.indexOf(";\n", from)));
    }

    /** The sum of one column of a sampler's points. */
    public static double sum(JsonNode sampler, String column) {
        double sum = 0;
        for (JsonNode v : sampler.path("points").path(column)) {
            sum += v.asDouble();
        }
        return sum;
    }
}
