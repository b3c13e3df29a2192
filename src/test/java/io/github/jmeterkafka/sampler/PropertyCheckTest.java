package io.github.jmeterkafka.sampler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class PropertyCheckTest {
    private static final String CHOICES = "behind.schedule=catchUp,skip transactional=true,false";

    @Test
    void aValueInItsSetOrNotGivenPasses() {
        Properties props = new Properties();
        assertThat(PropertyCheck.refused(CHOICES, props::getProperty)).isNull();
        props.setProperty("transactional", "false");
        props.setProperty("behind.schedule", "skip");
        assertThat(PropertyCheck.refused(CHOICES, props::getProperty)).isNull();
    }

    @Test
    void aValueOutsideItsSetIsNamedWithTheSet() {
        Properties props = new Properties();
        props.setProperty("behind.schedule", "skip");
        props.setProperty("transactional", "yes");
        assertThat(PropertyCheck.refused(CHOICES, props::getProperty))
                .isEqualTo("-Jtransactional=yes is not one of true, false");
    }

    @Test
    void valuesAreComparedExactly() {
        Properties props = new Properties();
        props.setProperty("transactional", "True");
        assertThat(PropertyCheck.refused(CHOICES, props::getProperty))
                .isEqualTo("-Jtransactional=True is not one of true, false");
    }

    @Test
    void extraSpacesAndAnEmptyListCheckNothingAmiss() {
        Properties props = new Properties();
        props.setProperty("transactional", "true");
        assertThat(PropertyCheck.refused("  " + CHOICES.replace(" ", "\n  ") + " ", props::getProperty))
                .isNull();
        assertThat(PropertyCheck.refused("", props::getProperty)).isNull();
    }
}
