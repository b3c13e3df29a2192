package io.github.jmeterkafka.payload.template;

import static io.github.jmeterkafka.payload.template.Records.context;
import static io.github.jmeterkafka.payload.template.Records.render;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.payload.source.RecordContext;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FakeDataTest {

    @Test
    void providerMethodsGiveTheirValues() {
        List<String> values = render(
                "{{faker Name.fullName}}|{{faker Address.city}}|"
                        + "{{faker Commerce.productName}}|{{faker Internet.emailAddress}}",
                context(1L, 1),
                50);

        assertThat(values).allSatisfy(record -> {
            String[] fields = record.split("\\|");
            assertThat(fields).hasSize(4).doesNotContain("");
            assertThat(fields[0]).contains(" ");
            assertThat(fields[3]).contains("@");
        });
        assertThat(values).doesNotHaveDuplicates();
    }

    @Test
    void namesMatchAsInDatafakersExpressions_caseAndUnderscoresAside() {
        assertThat(render("{{faker name.first_name}}", context(1L, 1), 1))
                .isEqualTo(render("{{faker Name.firstName}}", context(1L, 1), 1));
    }

    @Test
    void aMethodThatIsNotTextGivesItsText() {
        assertThat(render("{{faker Number.randomDigit}}", context(1L, 1), 100)).allMatch(digit -> digit.matches("\\d"));
    }

    @Test
    void aQuotedExpressionIsEvaluatedByDatafaker() {
        assertThat(render("{{faker '#{Name.firstName} #{Name.lastName}'}}", context(1L, 1), 50))
                .allMatch(name -> name.matches("\\S+ \\S.*"));
        assertThat(render("{{faker \"#{regexify '[a-z]{4}'}\"}}", context(1L, 1), 50))
                .allMatch(word -> word.matches("[a-z]{4}"));
    }

    @Test
    void eachContextHasItsOwnFaker_seededFromItsStream() {
        RecordContext context = context(9L, 1);

        assertThat(FakeData.faker(context)).isSameAs(FakeData.faker(context));
        assertThat(FakeData.faker(context)).isNotSameAs(FakeData.faker(context(9L, 1)));

        String template = "{{faker Name.fullName}} {{faker '#{Address.city}'}}";
        List<String> first = render(template, context(9L, 1), 50);
        assertThat(render(template, context(9L, 1), 50)).isEqualTo(first);
        assertThat(render(template, context(9L, 2), 50)).isNotEqualTo(first);
        assertThat(render(template, context(null, 1), 50)).isNotEqualTo(first);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            {{faker Nope.fullName}}     | Datafaker has no provider 'Nope'
            {{faker Name.nope}}         | Datafaker's Name has no method 'nope' without arguments
            {{faker Name.getFaker}}     | Datafaker's Name has no method 'getFaker' without arguments
            {{faker Name.hashCode}}     | Datafaker's Name has no method 'hashCode' without arguments
            {{faker Name}}              | 'Name' is neither Provider.method (Name.fullName) nor an expression
            {{faker Name.}}             | 'Name.' is neither Provider.method
            {{faker .fullName}}         | '.fullName' is neither Provider.method
            {{faker Name.fullName.x}}   | 'Name.fullName.x' is neither Provider.method
            {{faker '#{Nope.x} y'}}     | Datafaker cannot resolve it: Unable to resolve #{Nope.x} directive
            """)
    void anUnknownProviderMethodOrExpressionFailsAtParseTime(String template, String problem) {
        assertThatThrownBy(() -> Template.parse(template))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("template placeholder " + template + " at character 1: ")
                .hasMessageContaining(problem)
                .hasMessageNotContaining("FakerContext");
    }
}
