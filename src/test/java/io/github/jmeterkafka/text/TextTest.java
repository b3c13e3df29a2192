package io.github.jmeterkafka.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextTest {
    private static final String LABEL = "a</script><script>alert('x')</script>\"&\\\n\u2028b";

    @Test
    void htmlEscapesEveryMarkupCharacter() {
        assertThat(Text.html(LABEL)).doesNotContain("<", ">", "\"", "'").contains("&lt;/script&gt;", "&amp;", "&#39;");
    }
}
