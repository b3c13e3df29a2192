package io.github.jmeterkafka.input;

/**
 * A drop-down's choice: its tag is what a saved {@code .jmx} holds (never rename one), and its
 * text comes from the element's Resources bundle.
 */
public interface Tagged {
    String tag();

    /** The tag without its property prefix: "random" for "valueMode.random". */
    default String word() {
        return tag().substring(tag().indexOf('.') + 1);
    }

    /**
     * The choice a drop-down stored; also takes the bare word ("random" for "valueMode.random"), as
     * typed in a -J property. Blank gives the first constant.
     */
    static <E extends Enum<E> & Tagged> E parse(Class<E> type, String field, String stored) {
        E[] all = type.getEnumConstants();
        String s = stored == null ? "" : stored.trim();
        if (s.isEmpty()) {
            return all[0];
        }
        // read for every sample: nothing is allocated on the way to a match
        for (E e : all) {
            String tag = e.tag();
            int word = tag.indexOf('.') + 1;
            if (tag.equalsIgnoreCase(s)
                    || (tag.length() - word == s.length() && tag.regionMatches(true, word, s, 0, s.length()))) {
                return e;
            }
        }
        StringBuilder allowed = new StringBuilder();
        for (E e : all) {
            allowed.append(allowed.length() == 0 ? "" : ", ").append(e.word());
        }
        throw new InvalidInputException(field + " '" + stored + "' is not one of: " + allowed);
    }

    /** Every tag of an enum, for a BeanInfo's drop-down. */
    static <E extends Enum<E> & Tagged> String[] tags(Class<E> type) {
        E[] all = type.getEnumConstants();
        String[] tags = new String[all.length];
        for (int i = 0; i < all.length; i++) {
            tags[i] = all[i].tag();
        }
        return tags;
    }
}
