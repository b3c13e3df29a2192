/**
 * The six Kafka samplers, as JMeter elements: {@link KafkaProducerSampler}, {@link KafkaConsumerSampler},
 * {@link KafkaShareConsumerSampler}, {@link KafkaRequestReplySampler}, {@link KafkaAwaitSampler} and
 * {@link KafkaAdminSampler}, each with its BeanInfo (the GUI, from metadata) and its resource bundle. Their class and
 * property names are written into every saved plan: they never change.
 *
 * <p>This package is glue: the SampleResult, JMeter variables and the response text. Kafka calls go through
 * {@code client/}, records are made by {@code payload/}, and figures are kept by {@code measure/}.
 *
 * <p>Three floors, kept by {@code LayersTest}: the elements here; under them each element's room, holding its
 * {@code *Fields} superclass (TestBean reads the bean fields off the class) and its own parts: {@code producer/}
 * (records taken, paced and sent; also Request-Reply's sending side), {@code consumer/}, {@code share/},
 * {@code reply/} (Request-Reply and Await: matching records to a wait) and {@code admin/}; a room imports no other
 * room. Under the rooms, {@code base/}: the template every sampler follows ({@code AbstractKafkaSampler}), the run
 * registry, response codes and texts, the failure log and the thread close, and the parts two rooms share (a
 * consumer thread's reader).
 */
package io.github.jmeterkafka.sampler;
