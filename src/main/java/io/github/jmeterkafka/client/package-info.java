/**
 * The Kafka side of the plugin, on Kafka's public API alone: no JMeter type, so unit tests run it on Kafka's
 * {@code MockProducer} and {@code MockConsumer}.
 *
 * <ul>
 *   <li>Every producer, consumer and admin client is made by {@link ClientFactory}, the one network seam, through the
 *       {@link Connection} of a Kafka Connection element; {@link Connections} finds a connection by name for the
 *       samplers, as JMeter's JDBC samplers find a pool. {@link ConnectionSettings} turns the element's fields into
 *       each kind of client's config and lists every key Kafka would silently ignore: what differs between kinds of
 *       client is a row of {@code ClientKind}, what each properties table may hold a row of {@code PropertiesTable}.
 *   <li>Sending: a sample's records as a {@link SendBatch}, or a paced thread's as a {@link PacedSender}.
 *   <li>Reading: a consumer thread's {@link RecordReader}, a share group member's {@link ShareReader} (each an
 *       {@link OwnedReader}), and one {@link ReplyReader} per reply topic whose {@link ReplyRegistry} hands each reply
 *       to the sample waiting for it.
 *   <li>Admin: {@link AdminOperations} and the classes it holds, each operation bounded by its timeout.
 * </ul>
 *
 * <p>A class that holds a client says in its Javadoc which thread touches what ("Threads:"). Producers and admin
 * clients may be shared; a consumer belongs to the JMeter thread that made it. This package says only what failed
 * ({@link FailureText} turns an exception into the one line a user reads); the wording of responses is
 * {@code sampler/}'s. {@link ClientJar} refuses to run with another kafka-clients jar ahead of the plugin's.
 */
package io.github.jmeterkafka.client;
