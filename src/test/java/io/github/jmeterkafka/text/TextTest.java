package io.github.jmeterkafka.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class TextTest {
    private static final String LABEL = "a</script><script>alert('x')</script>\"&\\\n\u2028b";

    @Test
    void htmlEscapesEveryMarkupCharacter() {
        assertThat(Text.html(LABEL)).doesNotContain("<", ">", "\"", "'").contains("&lt;/script&gt;", "&amp;", "&#39;");
    }

    @Test
    void jsonIsValidAndCannotCloseTheScript() throws Exception {
        String json = Text.json(LABEL);

        assertThat(json).doesNotContain("</script>", "<", ">", "&", "\u2028");
        assertThat(new ObjectMapper().readValue(json, String.class)).isEqualTo(LABEL);
    }
}
