package io.github.jmeterkafka.docs;

import io.github.jmeterkafka.harness.Harness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The fenced blocks of README.md, docs/*.md and test-plans/README.md: what a user copies and runs, or reads. */
final class DocBlocks {
    private static final Pattern FENCE = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```");

    /** One block: where it is, its language tag (empty when none), its text. */
    record Block(String file, int line, String lang, String text) {
        String where() {
            return file + ":" + line;
        }

        /** Its shell commands: continuation lines joined, comment lines and trailing comments left out. */
        List<String> commands() {
            List<String> out = new ArrayList<>();
            StringBuilder current = new StringBuilder();
            for (String raw : text.split("\n", -1)) {
                String line = raw.strip();
                if (current.isEmpty() && (line.isEmpty() || line.startsWith("#"))) {
                    continue;
                }
                int comment = line.indexOf(" #");
                if (comment >= 0) {
                    line = line.substring(0, comment).strip();
                }
                if (line.endsWith("\\")) {
                    current.append(line, 0, line.length() - 1).append(' ');
                    continue;
                }
                current.append(line);
                if (!current.toString().isBlank()) {
                    out.add(current.toString().strip());
                }
                current.setLength(0);
            }
            return out;
        }
    }

    private DocBlocks() {}

    static List<Block> all() {
        Path root = Harness.projectDir();
        List<Path> files = new ArrayList<>();
        files.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        files.add(root.resolve("test-plans/README.md"));
        List<Block> blocks = new ArrayList<>();
        for (Path f : files) {
            String text;
            try {
                text = Files.readString(f);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Matcher m = FENCE.matcher(text);
            while (m.find()) {
                int line = (int) text.substring(0, m.start())
                                .chars()
                                .filter(c -> c == '\n')
                                .count()
                        + 1;
                blocks.add(new Block(root.relativize(f).toString(), line, m.group(1), m.group(2)));
            }
        }
        return blocks;
    }

    /** A command line's words, as a POSIX shell splits them (quotes kept together, not variables). */
    static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        char quote = 0;
        boolean any = false;
        for (int i = 0; i < command.length(); i++) {
            char c = command.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    w.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                any = true;
            } else if (Character.isWhitespace(c)) {
                if (any || !w.isEmpty()) {
                    words.add(w.toString());
                }
                w.setLength(0);
                any = false;
            } else {
                w.append(c);
            }
        }
        if (any || !w.isEmpty()) {
            words.add(w.toString());
        }
        return words;
    }
}
