/**
 * What every maker of keys, values and headers shares, imported by {@code payload/} and its template, schema and
 * registry makers and importing none of them: the {@link ValueSource} contract, the per-thread {@link RecordContext} a
 * source draws on (with {@link SamplerCounters}, {@link RowPosition} and {@link RowsEnded}), {@link ValueMode},
 * {@link PlanDirectory} and {@link Bytes}.
 */
package io.github.jmeterkafka.payload.source;
