package io.github.jmeterkafka.sampler;


import io.github.jmeterkafka.client.InvalidInputException;

/** Reads the text fields of the samplers' GUIs, with errors that name the field. */
final class Fields {
    private Fields() {
    }

    static String required(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidInputException(field + " is empty");
        }
        return text.trim();
    }

    /**
     * The tag a drop-down stored; also takes the bare word ("random" for "valueMode.random"), as
     * typed in a -J property. Blank gives the first tag.
     */
    static String choice(String field, String stored, String... tags) {
        String s = stored == null ? "" : stored.trim();
        if (s.isEmpty()) {
            return tags[0];
        }
        StringBuilder allowed = new StringBuilder();
        for (String tag : tags) {
            String word = tag.substring(tag.indexOf('.') + 1);
            if (tag.equalsIgnoreCase(s) || word.equalsIgnoreCase(s)) {
                return tag;
            }
            allowed.append(allowed.length() == 0 ? "" : ", ").append(word);
        }
        throw new InvalidInputException(field + " '" + stored + "' is not one of: "
                + allowed);
    }

    static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
