/**
 * Records built from a schema, one per Kafka record: Avro ({@link AvroRecords}, sent as
 * {@link AvroBinarySource}, {@link AvroJsonSource} or the record itself; read back by
 * {@link AvroDecoder} and shown by {@link AvroJson}), JSON Schema ({@link JsonSchemaRecords}) and
 * Protobuf ({@link ProtobufRecords}, from a {@code .proto} text read by {@link ProtoParser}).
 * Every field gets a plausible random value of its type, unless a field rule gives it one.
 *
 * <h2>Field paths</h2>
 * A field rule names its field by a path from the root record, the names joined by dots:
 * {@code customer.address.city}. The items of an array add {@code []}, the values of an Avro map add
 * {@code {}}: {@code lines[].sku}, {@code tags{}}, {@code matrix[][]}. A union (Avro) or a
 * {@code oneOf}/{@code anyOf}/{@code allOf} (JSON Schema) adds nothing: {@code payment.iban} names the
 * field in whichever branch has it; so does a Protobuf {@code oneof}, where a rule sets its member
 * (the others stay unset). A Protobuf map's values add {@code {}} as an Avro map's. Only fields that hold a value take rules, not records, objects,
 * arrays or maps. In a recursive schema the path goes down to the first repetition: a rule for
 * {@code name} of a tree's root applies to every node. A property name that holds a dot or brackets
 * cannot be named.
 *
 * <h2>Rule values</h2>
 * A rule returns a String, Long, Integer, BigDecimal, Double or Boolean; it is converted to the
 * field's type per record, by a converter built once per field, or the record fails with an
 * {@link io.github.jmeterkafka.input.InvalidInputException} that names the field and the value.
 * Numbers given as text are parsed; a field that may be null takes null or the text {@code null};
 * dates and times take ISO text or numbers in the field's own unit (days, milliseconds...); a field
 * of several types takes the first, in the schema's order, that the value fits. A JSON property
 * with a rule, or with a rule inside it, is always present. A Protobuf field takes what its type
 * holds ({@link ProtoRuleValues}): integers in range, an enum's name or number, bytes as text,
 * {@code byte[]} or a ByteBuffer; null, or the text {@code null}, leaves a field that tracks
 * presence unset and fails any other.
 *
 * <h2>Protobuf syntax taken</h2>
 * proto3 and proto2 (editions are refused): package, messages and enums nested to any depth, every
 * scalar type, {@code repeated}, {@code map<K, V>} (integer, bool or string keys), {@code oneof},
 * {@code optional}, proto2 {@code required}, and imports of the well-known types
 * timestamp, duration, wrappers, empty and struct. Options, services, {@code reserved} and
 * {@code extensions} ranges are read past; other imports, {@code extend} and groups are refused with
 * their line. The first top-level message is the one sent.
 *
 * <h2>Recursion</h2>
 * A schema that contains itself is followed three times deep; from there on, nullable values are
 * null, optional properties absent and arrays and maps as small as the schema allows. A schema that
 * leaves no such way out fails its records with a message that says so.
 */
package io.github.jmeterkafka.payload.schema;
