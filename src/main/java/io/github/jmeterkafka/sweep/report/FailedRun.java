package io.github.jmeterkafka.sweep.report;

/** A run the report lists apart and leaves out of every figure. */
record FailedRun(int run, int repeat, Configuration configuration, String reason) {}
