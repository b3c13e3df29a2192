package io.github.jmeterkafka.sampler.producer;

import io.github.jmeterkafka.client.ProducerRecords;
import io.github.jmeterkafka.payload.RecordSpec;

/**
 * A sample's records, as its fields and the budget give them before it is timed: where they go, what they are made
 * of, those taken for it, and how many a sample holds at most (a paced thread fills the batches it sends while it
 * waits up to that). The taken ones are null when a paced thread only reports the records it sent meanwhile.
 */
public record SampleRecords(ProducerRecords.Target target, RecordSpec spec, ScheduleWait.Taken taken, int perSample) {}
