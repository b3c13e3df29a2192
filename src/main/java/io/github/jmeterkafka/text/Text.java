package io.github.jmeterkafka.text;

/** Escaping of any text (labels come from test plans) for the HTML pages the plugin writes; their scripts' data is {@link ScriptJson}. */
public final class Text {

    private Text() {}

    public static String html(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
