/**
 * The six Kafka samplers, as JMeter elements: {@link KafkaProducerSampler}, {@link KafkaConsumerSampler},
 * {@link KafkaShareConsumerSampler}, {@link KafkaRequestReplySampler}, {@link KafkaAwaitSampler} and
 * {@link KafkaAdminSampler}, each with its BeanInfo (the GUI, from metadata) and its resource bundle. Their class and
 * property names are written into every saved plan: they never change.
 *
 * <p>This package is glue: fields, the SampleResult, JMeter variables and the response text. Kafka calls go through
 * {@code client/}, records are made by {@code payload/}, and figures are kept by {@code measure/}.
 *
 * <p>Every sampler follows {@link AbstractKafkaSampler}: {@code sample()} checks its fields before the clock starts,
 * times the call, fills a complete result and never throws; a failure sets success=false and one of the codes of
 * {@link ResponseCodes}, the one table of them. One sample may stand for N records ({@code setSampleCount}); the
 * latency of each record goes into its sampler's summary. What all threads of one sampler share in a test (its
 * figures, budget, schedule) is its run, kept by label in {@link SamplerRuns}: the base starts it at test start and
 * prints its summary at test end. Clients are shared per test or made lazily per JMeter thread in {@code sample()}
 * and closed, bounded, when the thread finishes ({@link ThreadClose}).
 *
 * <p>A sampler's bean fields and their accessors may stand in one {@code *Fields} superclass (TestBean reads them off
 * the class); everything else a sampler does is in the parts it holds. This package keeps the elements, their
 * fields and what every sampler shares (the run registry, response codes, failure log, thread close); each element's
 * own parts live in a room of their own: {@code producer/} (records taken, paced and sent; also Request-Reply's
 * sending side), {@code consumer/}, {@code share/}, {@code reply/} (Request-Reply and Await: matching records to a
 * wait) and {@code admin/}. A room imports no other room ({@code LayersTest}).
 */
package io.github.jmeterkafka.sampler;
