package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.input.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A schema as typed into a field: its text, or the path of a file that holds it.
 *
 * @param text   the schema's text
 * @param origin where it came from, for messages: "Avro schema text", "Avro schema file /a/b.avsc"
 */
public record SchemaText(String text, String origin) {

    /**
     * A schema from a field that holds its text or a file's path.
     *
     * @param kind         "Avro schema", "JSON schema"
     * @param inlineStarts the characters that start a schema's text rather than a path
     */
    public static SchemaText of(String textOrPath, String kind, String inlineStarts) {
        String text = textOrPath == null ? "" : textOrPath.strip();
        if (text.isEmpty()) {
            throw new InvalidInputException(kind + " is empty: give its text or the path of a file");
        }
        if (inlineStarts.indexOf(text.charAt(0)) >= 0) {
            return new SchemaText(text, kind + " text");
        }
        Path file;
        try {
            file = Path.of(text).toAbsolutePath();
        } catch (InvalidPathException e) {
            throw new InvalidInputException(
                    kind + " '" + text + "' is neither its text nor a file path: " + e.getMessage());
        }
        try {
            return new SchemaText(Files.readString(file, StandardCharsets.UTF_8), kind + " file " + file);
        } catch (NoSuchFileException e) {
            throw new InvalidInputException(kind + " file " + file + " does not exist");
        } catch (IOException e) {
            throw new InvalidInputException(kind + " file " + file + " cannot be read: " + e);
        }
    }
}
