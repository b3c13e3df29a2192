/**
 * The parts Kafka Request-Reply and Kafka Await share: the run that waits for matching records, each thread's wait
 * for them ({@link CorrelatedWait}) and the response that reports the matches, timeouts and latencies.
 */
package io.github.jmeterkafka.sampler.reply;
