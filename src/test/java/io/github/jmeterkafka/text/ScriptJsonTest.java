package io.github.jmeterkafka.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class ScriptJsonTest {
    private static final String LABEL = "a</script><script>alert(1)</script> & \"q\"\\\n\u2028\u2029b é";

    @Test
    void textCannotCloseTheScriptAndParsesBackUnchanged() throws Exception {
        String json = ScriptJson.of(ScriptJson.object().put("label", LABEL));

        assertThat(json)
                .doesNotContain("<", ">", "&", "\u2028", "\u2029", "\n")
                .contains("\\u003c/script\\u003e\\u003cscript\\u003e", "\\u0026", "\\u2028", "\\u2029", "é");
        assertThat(new ObjectMapper().readTree(json).path("label").asText()).isEqualTo(LABEL);
    }

    @Test
    void numbersStayNumbersWithoutAnExponent() throws Exception {
        String json = ScriptJson.of(ScriptJson.array()
                .add(new BigDecimal("1E+4"))
                .add(new BigDecimal("0.125"))
                .add(7L)
                .addNull());

        assertThat(json).isEqualTo("[10000,0.125,7,null]");
        JsonNode parsed = new ObjectMapper().readTree(json);
        assertThat(parsed.get(0).isNumber()).isTrue();
    }
}
