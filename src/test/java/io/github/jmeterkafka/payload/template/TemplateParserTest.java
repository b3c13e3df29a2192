package io.github.jmeterkafka.payload.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TemplateParserTest {
    private final RecordContext context = Records.context(1L, 1);

    private String render(String template) {
        return Template.parse(template).render(context);
    }

    @Test
    void textWithoutPlaceholdersIsConstant_jsonBracesIncluded() {
        Template template = Template.parse("{\"a\":{\"b\":[1]}} \\ } }} {");

        assertThat(template.isConstant()).isTrue();
        assertThat(template.hasPlaceholders()).isFalse();
        assertThat(template.render(context)).isEqualTo("{\"a\":{\"b\":[1]}} \\ } }} {");
        assertThat(template.renderValue(context)).isEqualTo("{\"a\":{\"b\":[1]}} \\ } }} {");
        assertThat(Template.parse("").render(context)).isEmpty();
    }

    @Test
    void backslashBeforeOpeningBracesWritesThemLiterally() {
        assertThat(Template.parse("\\{{seq}}").isConstant()).isTrue();
        assertThat(render("\\{{seq}}")).isEqualTo("{{seq}}");
        assertThat(render("a \\{{ b {{seq}} c\\d")).isEqualTo("a {{ b 0 c\\d");
    }

    @Test
    void placeholdersSitAnywhereInTheText() {
        assertThat(render("{\"id\":{{seq}}}")).isEqualTo("{\"id\":0}");
        assertThat(render("{{thread}}{{seq}}")).isEqualTo("10");
        assertThat(render("{{  thread \t }}")).isEqualTo("1");
    }

    @Test
    void quotesHoldSpacesAndBracesAndJoinTheTextAroundThem() {
        assertThat(render("{{prop p 'a b'}}")).isEqualTo("a b");
        assertThat(render("{{prop p \"it's\"}}")).isEqualTo("it's");
        assertThat(render("{{prop p '}}'}}")).isEqualTo("}}");
        assertThat(render("{{prop p ''}}|")).isEqualTo("|");
        assertThat(render("{{prop p x'y z'w}}")).isEqualTo("xy zw");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {{nope}}                | unknown placeholder 'nope' (known: seq, gseq, thread, key, uuid
            {{ }}                   | no placeholder name
            {{seq 1}}               | wrong number of arguments (1); expected {{seq}}
            {{uuid x}}              | wrong number of arguments (1); expected {{uuid}}
            {{int 1}}               | wrong number of arguments (1); expected {{int MIN MAX}}
            {{long 1 2 3}}          | wrong number of arguments (3); expected {{long MIN MAX}}
            {{decimal 1 2}}         | wrong number of arguments (2); expected {{decimal MIN MAX SCALE}}
            {{pick}}                | wrong number of arguments (0); expected {{pick A B C}} or {{pick A:60 B:40}}
            {{string 1 2 3}}        | wrong number of arguments (3); expected {{string LEN}} or {{string MIN MAX}}
            {{now iso x}}           | wrong number of arguments (2); expected {{now}} or {{now iso}}
            {{var}}                 | wrong number of arguments (0); expected {{var NAME}}
            {{prop a b c}}          | wrong number of arguments (3); expected {{prop NAME}} or {{prop NAME DEFAULT}}
            {{faker}}               | wrong number of arguments (0); expected {{faker Provider.method}}
            {{int a 5}}             | 'a' is not a whole number
            {{int 1 5.5}}           | '5.5' is not a whole number
            {{int 1 3000000000}}    | 3000000000 is out of range [-2147483648, 2147483647]
            {{long 1 x}}            | 'x' is not a whole number
            {{long 1 9223372036854775808}} | '9223372036854775808' is not a whole number
            {{int 5 1}}             | min 5 is greater than max 1
            {{long -1 -2}}          | min -1 is greater than max -2
            {{decimal x 1 2}}       | 'x' is not a number
            {{decimal 1 2 x}}       | 'x' is not a whole number
            {{decimal 1 2 -1}}      | -1 is out of range [0, 18]
            {{decimal 1 2 19}}      | 19 is out of range [0, 18]
            {{decimal 2.5 1 2}}     | min 2.5 is greater than max 1
            {{decimal 1 1 2}}       | no number with 2 digits after the point lies in [1, 1)
            {{decimal 0.001 0.002 2}} | no number with 2 digits after the point lies in [0.001, 0.002)
            {{decimal 0 1e20 2}}    | the bounds are too large for 2 digits after the point
            {{string x}}            | 'x' is not a whole number
            {{string -1}}           | -1 is out of range [0, 1048576]
            {{string 5 2}}          | min 5 is greater than max 2
            {{pick a:1 b}}          | either every choice has a :weight or none has (1 of 2 have one)
            {{pick a:b c}}          | the weight 'b' of 'a:b' is not a whole number
            {{pick a:-1 b:2}}       | the weight '-1' of 'a:-1' is not a whole number
            {{pick a:0 b:0}}        | the weights add up to 0
            {{now epoch}}           | unknown format 'epoch'; expected {{now}} or {{now iso}}
            """)
    void aBadPlaceholderFailsAtParseTimeNamingItAndTheProblem(String template, String problem) {
        assertThatThrownBy(() -> Template.parse("x " + template + " y"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("template placeholder " + template + " at character 3: ")
                .hasMessageContaining(problem);
    }

    @Test
    void anUnterminatedPlaceholderOrQuoteFailsShowingWhereItStarts() {
        assertThatThrownBy(() -> Template.parse("ab {{int 1 5"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("template placeholder {{int 1 5 at character 4: no closing }}");
        assertThatThrownBy(() -> Template.parse("{{seq}} {{prop p 'x}}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("template placeholder {{prop p 'x}} at character 9: the quote ' at character 18"
                        + " is not closed");
        assertThatThrownBy(() -> Template.parse("{{pick " + "x ".repeat(100)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("template placeholder {{pick x x x x x x x x x x x x x x x x x... at character 1:"
                        + " no closing }}");
    }
}
