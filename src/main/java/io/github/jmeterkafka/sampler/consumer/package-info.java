/**
 * The Kafka Consumer's parts: its run (figures, budget, delivery check) and the heap check for records held.
 */
package io.github.jmeterkafka.sampler.consumer;
