/**
 * The Kafka Admin sampler's parts: its operations (field checks, sampler data, Kafka call) and their responses.
 */
package io.github.jmeterkafka.sampler.admin;
