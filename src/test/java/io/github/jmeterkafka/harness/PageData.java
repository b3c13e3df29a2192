package io.github.jmeterkafka.harness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The data the plugin's pages embed for their scripts ({@code var name = {...};}), as those scripts read it. */
public final class PageData {

    private PageData() {}

    /** The {@code kafkaData} of a dashboard's kafka.html. */
    public static JsonNode read(Path page) throws IOException {
        return read(Files.readString(page, StandardCharsets.UTF_8), "kafkaData");
    }

    /** The object assigned to {@code variable} in the page's script. */
    public static JsonNode read(String html, String variable) throws IOException {
        String start = "var " + variable + " = ";
        int from = html.indexOf(start) + start.length();
        return new ObjectMapper().readTree(html.substring(from, html.indexOf(";\n", from)));
    }

    /**
     * Asserts that a dashboard's Kafka page shows exactly the samplers {@code labels}, each with
     * {@code records} records and none failed. The labels come first: a page without samplers would
     * pass the per-sampler checks.
     */
    public static void assertSamplers(Path page, double records, String... labels) throws IOException {
        JsonNode samplers = read(page).path("samplers");
        assertThat(samplers).extracting(n -> n.path("label").asText()).containsExactlyInAnyOrder(labels);
        for (JsonNode sampler : samplers) {
            assertThat(sum(sampler, "records"))
                    .as("records of %s", sampler.path("label"))
                    .isEqualTo(records);
            assertThat(sum(sampler, "failed"))
                    .as("failed of %s", sampler.path("label"))
                    .isZero();
        }
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
