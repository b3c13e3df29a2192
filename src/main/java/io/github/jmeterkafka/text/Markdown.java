package io.github.jmeterkafka.text;

/** Any text of the rows (labels, property values, failure reasons) as Markdown; HTML and JSON: {@link Text}. */
public final class Markdown {

    /** ASCII punctuation that Markdown or a GitHub table would read as syntax; CommonMark lets a backslash quote it. */
    private static final String MARKDOWN = "\\`*_[]<>|#&!~";

    private Markdown() {}

    /** One line of Markdown, safe in a table cell. */
    public static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\n' || c == '\r') {
                b.append(' ');
            } else {
                b.append(MARKDOWN.indexOf(c) >= 0 ? "\\" : "").append(c);
            }
        }
        return b.toString();
    }
}
