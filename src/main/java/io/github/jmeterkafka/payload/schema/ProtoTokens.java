package io.github.jmeterkafka.payload.schema;

import io.github.jmeterkafka.input.InvalidInputException;
import java.util.ArrayList;
import java.util.List;

/**
 * The tokens of a {@code .proto} text, each with its line: identifiers (dotted names whole, a
 * leading dot kept), numbers, quoted strings (their content) and single symbols; comments dropped.
 */
final class ProtoTokens {
    enum Kind {
        NAME,
        NUMBER,
        STRING,
        SYMBOL,
        END
    }

    record Token(Kind kind, String text, int line) {
        boolean is(String symbolOrWord) {
            return kind != Kind.STRING && kind != Kind.END && text.equals(symbolOrWord);
        }

        String shown() {
            return kind == Kind.END
                    ? "the end of the file"
                    : kind == Kind.STRING ? "\"" + text + "\"" : "'" + text + "'";
        }
    }

    private final String origin;
    private final List<Token> tokens = new ArrayList<>();
    private int next;

    ProtoTokens(String text, String origin) {
        this.origin = origin;
        int line = 1;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (text.startsWith("//", i)) {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                if (end < 0) {
                    throw error(line, "a comment opened by /* is never closed");
                }
                line += count(text, i, end, '\n');
                i = end + 2;
            } else if (c == '"' || c == '\'') {
                StringBuilder content = new StringBuilder();
                int j = i + 1;
                while (j < n && text.charAt(j) != c && text.charAt(j) != '\n') {
                    if (text.charAt(j) == '\\' && j + 1 < n) {
                        j++;
                    }
                    content.append(text.charAt(j++));
                }
                if (j >= n || text.charAt(j) != c) {
                    throw error(line, "a string opened by " + c + " is not closed on its line");
                }
                tokens.add(new Token(Kind.STRING, content.toString(), line));
                i = j + 1;
            } else if (Character.isLetter(c)
                    || c == '_'
                    || (c == '.' && i + 1 < n && isNameStart(text.charAt(i + 1)))) {
                int j = i + 1;
                while (j < n
                        && (isNameStart(text.charAt(j))
                                || Character.isDigit(text.charAt(j))
                                || text.charAt(j) == '.')) {
                    j++;
                }
                tokens.add(new Token(Kind.NAME, text.substring(i, j), line));
                i = j;
            } else if (Character.isDigit(c)) {
                int j = i + 1;
                while (j < n
                        && (Character.isLetterOrDigit(text.charAt(j))
                                || text.charAt(j) == '.'
                                || ((text.charAt(j) == '-' || text.charAt(j) == '+')
                                        && "eE".indexOf(text.charAt(j - 1)) >= 0
                                        && !text.startsWith("0x", i)
                                        && !text.startsWith("0X", i)))) {
                    j++;
                }
                tokens.add(new Token(Kind.NUMBER, text.substring(i, j), line));
                i = j;
            } else {
                tokens.add(new Token(Kind.SYMBOL, String.valueOf(c), line));
                i++;
            }
        }
        // the end is shown at the last line that holds something
        tokens.add(new Token(
                Kind.END,
                "",
                tokens.isEmpty() ? 1 : tokens.get(tokens.size() - 1).line()));
    }

    private static boolean isNameStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static int count(String text, int from, int to, char c) {
        int n = 0;
        for (int i = from; i < to; i++) {
            if (text.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }

    InvalidInputException error(int line, String message) {
        return new InvalidInputException(origin + " line " + line + ": " + message);
    }

    Token peek() {
        return tokens.get(next);
    }

    Token take() {
        Token token = tokens.get(next);
        if (token.kind() != Kind.END) {
            next++;
        }
        return token;
    }

    boolean takeIf(String symbolOrWord) {
        if (peek().is(symbolOrWord)) {
            next++;
            return true;
        }
        return false;
    }

    Token expect(String symbol, String what) {
        Token token = take();
        if (!token.is(symbol)) {
            throw error(token.line(), "expected '" + symbol + "' " + what + ", found " + token.shown());
        }
        return token;
    }

    Token expect(Kind kind, String what) {
        Token token = take();
        if (token.kind() != kind) {
            throw error(token.line(), "expected " + what + ", found " + token.shown());
        }
        return token;
    }

    /** Skips to the end of a statement: its ';' outside brackets, or the '}' that closes its block. */
    void skipStatement(int line) {
        int depth = 0;
        while (true) {
            Token token = take();
            if (token.kind() == Kind.END) {
                throw error(line, "the statement that starts here never ends (no ';')");
            }
            if (token.is("{") || token.is("[") || token.is("(")) {
                depth++;
            } else if (token.is("]") || token.is(")")) {
                depth--;
            } else if (token.is("}")) {
                if (--depth == 0) {
                    takeIf(";");
                    return;
                }
            } else if (token.is(";") && depth == 0) {
                return;
            }
        }
    }

    /** A bracketed list of options, the '[' taken already: the tokens of each, split at its commas. */
    List<List<Token>> options(int line) {
        List<List<Token>> options = new ArrayList<>();
        List<Token> option = new ArrayList<>();
        int depth = 0;
        while (true) {
            Token token = take();
            if (token.kind() == Kind.END) {
                throw error(line, "the options opened by '[' are never closed");
            }
            if (depth == 0 && (token.is(",") || token.is("]"))) {
                options.add(option);
                option = new ArrayList<>();
                if (token.is("]")) {
                    return options;
                }
                continue;
            }
            depth += token.is("[") || token.is("{") || token.is("(")
                    ? 1
                    : token.is("]") || token.is("}") || token.is(")") ? -1 : 0;
            option.add(token);
        }
    }
}
