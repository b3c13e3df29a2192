package io.github.jmeterkafka.measure;

import org.HdrHistogram.Histogram;

/**
 * The latencies of the records due in a window of the run (a step of its rate profile, an event's window): from
 * send to ack (µs), and on a paced run their corrected latency and send delay ({@code paced}, else null).
 */
public record DueLatencies(Histogram latency, ScheduleFigures paced) {}
