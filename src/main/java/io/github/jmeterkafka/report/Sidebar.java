package io.github.jmeterkafka.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The dashboard's side menu ({@code <ul id="side-menu">}): the Kafka entry added after the
 * Dashboard entry on every page, and the whole menu taken from index.html for the Kafka page.
 */
final class Sidebar {

    private static final String MENU = "id=\"side-menu\"";
    private static final String PAGES = "content/pages";

    private Sidebar() {}

    /** Links index.html and content/pages/*.html to {@code page}; returns the files changed. */
    static List<Path> link(Path reportDir, String page) throws IOException {
        List<Path> changed = new ArrayList<>();
        if (linkFile(reportDir.resolve("index.html"), page)) {
            changed.add(reportDir.resolve("index.html"));
        }
        Path pages = reportDir.resolve(PAGES);
        if (Files.isDirectory(pages)) {
            try (Stream<Path> files = Files.list(pages)) {
                for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".html"))
                        .sorted()
                        .toList()) {
                    if (linkFile(f, "../../" + page)) {
                        changed.add(f);
                    }
                }
            }
        }
        return changed;
    }

    private static boolean linkFile(Path file, String href) throws IOException {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        String html = Files.readString(file, StandardCharsets.UTF_8);
        String linked = withEntry(html, href);
        if (linked.equals(html)) {
            return false;
        }
        Files.writeString(file, linked, StandardCharsets.UTF_8);
        return true;
    }

    /** The page with a Kafka entry after the menu's first entry; unchanged if it has one or has no menu. */
    static String withEntry(String html, String href) {
        int menu = html.indexOf(MENU);
        if (menu < 0 || html.contains("href=\"" + href + "\"")) {
            return html;
        }
        int firstEntryEnd = html.indexOf("</li>", menu);
        if (firstEntryEnd < 0) {
            return html;
        }
        int at = firstEntryEnd + "</li>".length();
        return html.substring(0, at) + "\n                        " + entry(href) + html.substring(at);
    }

    static String entry(String href) {
        return "<li><a href=\"" + href + "\"><i class=\"fa fa-tasks fa-fw\"></i> Kafka</a></li>";
    }

    /** The whole side menu of {@code html}, nested lists included, or a menu of Dashboard and Kafka. */
    static String menu(String html, String page) {
        int menu = html.indexOf(MENU);
        int start = menu < 0 ? -1 : html.lastIndexOf("<ul", menu);
        if (start >= 0) {
            int depth = 0;
            int i = start;
            while (i >= 0 && i < html.length()) {
                int open = html.indexOf("<ul", i + 1);
                int close = html.indexOf("</ul>", i + 1);
                if (close < 0) {
                    break;
                }
                if (open >= 0 && open < close) {
                    depth++;
                    i = open;
                } else if (depth == 0) {
                    return html.substring(start, close + "</ul>".length());
                } else {
                    depth--;
                    i = close;
                }
            }
        }
        return "<ul class=\"nav\" id=\"side-menu\">\n<li><a href=\"index.html\"><i class=\"fa fa-dashboard fa-fw\"></i>"
                + " Dashboard</a></li>\n" + entry(page) + "\n</ul>";
    }
}
