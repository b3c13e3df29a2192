package io.github.jmeterkafka.registryhome;

import java.util.ArrayList;

import javax.enterprise.context.ApplicationScoped;
import javax.enterprise.inject.Produces;
import javax.inject.Singleton;

import io.apicurio.common.apps.config.DynamicConfigPropertyList;
import io.quarkus.arc.Unremovable;

/**
 * The bean that the apicurio-common-app-components-config-index Quarkus extension makes at build
 * time. That extension's deployment module is not on Maven Central, so the build leaves it out and
 * this class stands in: it lists no dynamic config properties, so every setting keeps its static value.
 */
@ApplicationScoped
public class DynamicConfigPropertyListProducer {

    @Produces
    @Singleton
    @Unremovable
    DynamicConfigPropertyList dynamicConfigPropertyList() {
        return new DynamicConfigPropertyList(new ArrayList<>());
    }
}
