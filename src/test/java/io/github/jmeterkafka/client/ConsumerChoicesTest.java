package io.github.jmeterkafka.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.InvalidInputException;
import io.github.jmeterkafka.input.Tagged;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The Kafka Consumer's drop-downs: their tags are written into saved plans, so they never change. */
class ConsumerChoicesTest {
    private static final Map<String, Class<? extends Enum<?>>> FIELDS = Map.of(
            "subscription",
            ReadSpec.Subscription.class,
            "startAt",
            ReadSpec.Start.class,
            "commitMode",
            CommitMode.class);

    @Test
    void tagsArePinned() {
        assertThat(Tagged.tags(ReadSpec.Subscription.class))
                .containsExactly("subscription.topics", "subscription.pattern", "subscription.assign");
        assertThat(Tagged.tags(ReadSpec.Start.class))
                .containsExactly(
                        "startAt.committedOrEarliest",
                        "startAt.committedOrLatest",
                        "startAt.earliest",
                        "startAt.latest",
                        "startAt.offset",
                        "startAt.timestamp");
        assertThat(Tagged.tags(CommitMode.class))
                .containsExactly("commitMode.auto", "commitMode.sync", "commitMode.async", "commitMode.none");
    }

    @Test
    void aStoredTag_theBareWord_orBlankGiveTheChoice() {
        assertThat(Tagged.parse(CommitMode.class, "commit mode", "commitMode.sync"))
                .isEqualTo(CommitMode.SYNC);
        assertThat(Tagged.parse(CommitMode.class, "commit mode", " Async ")).isEqualTo(CommitMode.ASYNC);
        assertThat(Tagged.parse(CommitMode.class, "commit mode", "")).isEqualTo(CommitMode.AUTO);
        assertThat(Tagged.parse(ReadSpec.Start.class, "start at", "committedOrLatest"))
                .isEqualTo(ReadSpec.Start.COMMITTED_OR_LATEST);
        assertThat(Tagged.parse(ReadSpec.Start.class, "start at", null))
                .isEqualTo(ReadSpec.Start.COMMITTED_OR_EARLIEST);
        assertThatThrownBy(() -> Tagged.parse(ReadSpec.Subscription.class, "subscription", "all"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("subscription 'all' is not one of: topics, pattern, assign");
    }

    @Test
    void eachSubscriptionMakesItsKindOfRead() {
        assertThat(ReadSpec.Subscription.TOPICS.spec("a,b", "", ReadSpec.Start.EARLIEST, 0))
                .hasToString("topics [a, b] from earliest");
        assertThat(ReadSpec.Subscription.PATTERN.spec("a.*", "", ReadSpec.Start.OFFSET, 5))
                .hasToString("pattern a.* from offset 5");
        ReadSpec assign = ReadSpec.Subscription.ASSIGN.spec("a", "0,2", ReadSpec.Start.TIMESTAMP, 9);
        assertThat(assign).hasToString("partitions [a-0, a-2] from timestamp 9");
        assertThat(assign.usesGroup()).isFalse();
    }

    @Test
    void everyTagInTheReadyPlansIsOneOfThese() throws IOException {
        Pattern prop = Pattern.compile("<stringProp name=\"(subscription|startAt|commitMode)\">([^<]*)</stringProp>");
        List<String> seen = new ArrayList<>();
        try (Stream<Path> plans = Files.list(Path.of("test-plans"))) {
            for (Path plan : plans.filter(p -> p.toString().endsWith(".jmx")).toList()) {
                Matcher m = prop.matcher(Files.readString(plan));
                while (m.find()) {
                    assertThat(List.of(tags(FIELDS.get(m.group(1)))))
                            .as("%s in %s", m.group(1), plan)
                            .contains(m.group(2));
                    seen.add(m.group(2));
                }
            }
        }
        assertThat(seen).as("the plans hold consumer drop-downs").isNotEmpty();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String[] tags(Class<? extends Enum<?>> type) {
        return Tagged.tags((Class) type);
    }
}
