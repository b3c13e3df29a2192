/**
 * Records built from a schema, one per Kafka record: Avro ({@link AvroRecords}) and JSON Schema
 * ({@link JsonSchemaRecords}). Every field gets a plausible random value of its type, unless a field
 * rule gives it one.
 *
 * <h2>Field paths</h2>
 * A field rule names its field by a path from the root record, the names joined by dots:
 * {@code customer.address.city}. The items of an array add {@code []}, the values of an Avro map add
 * {@code {}}: {@code lines[].sku}, {@code tags{}}, {@code matrix[][]}. A union (Avro) or a
 * {@code oneOf}/{@code anyOf}/{@code allOf} (JSON Schema) adds nothing: {@code payment.iban} names the
 * field in whichever branch has it. Only fields that hold a value take rules (not records, arrays or
 * maps). In a recursive schema the path goes down to the first repetition: a rule for {@code name}
 * of a tree's root applies to every node. A property name that holds a dot cannot be named.
 *
 * <h2>Rule values</h2>
 * A rule returns a String, Long, Integer, BigDecimal, Double or Boolean; it is converted to the
 * field's type per record, or the record fails with an
 * {@link io.github.jmeterkafka.client.InvalidInputException} that names the field. Numbers given as
 * text are parsed; a nullable field takes null or the text {@code null}; dates and times take ISO
 * text or numbers in the field's own unit (days, milliseconds...).
 *
 * <h2>Recursion</h2>
 * A schema that contains itself is followed {@value DefaultValues#RECURSION_CAP} times deep; below
 * that, optional values are null or left out and arrays and maps are empty.
 */
package io.github.jmeterkafka.payload.schema;
