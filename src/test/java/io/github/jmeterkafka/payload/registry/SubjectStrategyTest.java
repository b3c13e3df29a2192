package io.github.jmeterkafka.payload.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.jmeterkafka.input.InvalidInputException;
import org.junit.jupiter.api.Test;

class SubjectStrategyTest {

    @Test
    void confluentsStrategiesByTheirSimpleOrFullClassName() {
        assertThat(SubjectStrategy.of("").subject("orders", "shop.Order")).isEqualTo("orders-value");
        assertThat(SubjectStrategy.of("RecordNameStrategy").subject("orders", "shop.Order"))
                .isEqualTo("shop.Order");
        assertThat(SubjectStrategy.of("io.confluent.kafka.serializers.subject.TopicRecordNameStrategy")
                        .subject("orders", "shop.Order"))
                .isEqualTo("orders-shop.Order");
    }

    @Test
    void anUnknownStrategyOrANamelessSchemaSaysWhatIsTaken() {
        assertThatThrownBy(() -> SubjectStrategy.of("TopicStrategy"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("value.subject.name.strategy 'TopicStrategy' is not one of TopicNameStrategy,"
                        + " RecordNameStrategy, TopicRecordNameStrategy");
        assertThatThrownBy(() -> SubjectStrategy.RECORD_NAME.subject("orders", ""))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("\"title\"");
    }
}
