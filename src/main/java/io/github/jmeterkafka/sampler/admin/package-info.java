/**
 * The Kafka Admin sampler's parts: its operations, each declared as data (the fields it reads from
 * {@code AdminInputs}, each with its check and sampler-data line; its Kafka
 * call; its response; whether it marks an event), and their responses.
 */
package io.github.jmeterkafka.sampler.admin;
