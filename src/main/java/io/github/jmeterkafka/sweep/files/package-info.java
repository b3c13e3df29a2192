/**
 * The files a sweep or a search leaves in its folder, read by both {@code sweep/} and {@code sweep/report/} (so neither
 * imports the other for them): {@link CsvTable} reads any of its CSV files by column name, {@link SearchFiles} names
 * the search's files and columns.
 */
package io.github.jmeterkafka.sweep.files;
