/**
 * The Kafka Share Consumer's parts: its run and the outcome (accept, release, reject) of each record it reads.
 */
package io.github.jmeterkafka.sampler.share;
