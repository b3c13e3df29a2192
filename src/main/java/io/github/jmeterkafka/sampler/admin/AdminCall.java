package io.github.jmeterkafka.sampler.admin;

import io.github.jmeterkafka.client.AdminOperations;

/** The timed part of an Admin sample: the Kafka calls, and the response they make. */
@FunctionalInterface
public interface AdminCall {
    AdminResponse run(AdminOperations ops) throws Exception;
}
