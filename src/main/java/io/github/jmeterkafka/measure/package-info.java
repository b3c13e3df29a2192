/**
 * The figures of a run, in plain Java on HdrHistogram: what the samplers count while records go and come, the
 * end-of-test summaries in Kafka's perf-test formats, the interval logs, and the record budgets and send schedules
 * that decide how many records go and when. No JMeter type.
 *
 * <h2>The words in the class names</h2>
 * <ul>
 *   <li><b>Stats</b>: one sampler's figures over all its threads for the whole run, thread-safe, recorded into by
 *       sampler threads and the clients' I/O threads ({@link ProducerStats}, {@link ConsumerStats},
 *       {@link MatchStats}, {@link ShareStats}).
 *   <li><b>Tally</b>: one thread's running count, of its current sample or since it last handed its figures over,
 *       used by that thread only ({@link ReadTally}, {@link ShareTally}).
 *   <li><b>Figures</b>: the numbers of one part of a run, handed on as a value: a sample's share sent from a
 *       jmeter-server to the controller ({@link SampleFigures}, {@link ShareFigures}), a paced run's corrected latency
 *       and send delay ({@link ScheduleFigures}), a rate profile's step ({@link StepFigures}), an event's window
 *       ({@link EventFigures}), an interval as the feed hands it on ({@link IntervalFigures}).
 *   <li><b>Summary</b>: a Stats' snapshot at the end of the test ({@code ProducerStats.Summary} and the others);
 *       {@link SummaryLines} prints it as perf-test's lines and {@link SummaryRow} as a row of
 *       {@code kafka.summary.file}, the one definition of its columns. A distributed test's is a {@link MergedRun},
 *       merged from every server's {@link SampleFigures}.
 *   <li><b>Interval</b>: a stretch of a sampler's HdrHistogram interval log (.hlog): {@link IntervalLog} writes them,
 *       {@link IntervalFeed} hands each to its subscribers as it is written, {@link IntervalLogReader} reads a file
 *       back as {@link Interval}s.
 *   <li><b>Warm-up</b> and <b>steady state</b>: the first part of a run that a summary's steady-state lines leave
 *       out ({@link Warmup}), and the rest.
 *   <li><b>Corrected</b>: a latency from a record's intended send time on a paced run ({@link SendSchedule}), so that
 *       a stall is not hidden by the records that waited for it.
 * </ul>
 */
package io.github.jmeterkafka.measure;
