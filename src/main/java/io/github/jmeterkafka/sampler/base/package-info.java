/**
 * What every Kafka sampler shares, under the elements and their rooms, importing neither: {@link
 * AbstractKafkaSampler} ({@code sample()} checks its fields before the clock starts, times the call, fills a complete
 * result and never throws; a failure sets success=false and one of the codes of {@link ResponseCodes}, the one table
 * of them, written by {@link Responses}); the runs all threads of one sampler share in a test, kept by label in
 * {@link SamplerRuns} and summarised at test end; thread-owned clients closed, bounded, by {@link ThreadClose}; the
 * fields the Producer and the Request-Reply share ({@link RecordFields}); the reader a Consumer's or a Share
 * Consumer's thread owns ({@link ThreadReader}) and the figures of their runs ({@link ReadRun}).
 */
package io.github.jmeterkafka.sampler.base;
