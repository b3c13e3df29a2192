/**
 * The Kafka Producer's parts (also the sending side of Kafka Request-Reply): the thread's producer, the records
 * taken for a sample against the budget and the schedule, the target rate, and the run's figures and response.
 */
package io.github.jmeterkafka.sampler.producer;
