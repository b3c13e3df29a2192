package io.github.jmeterkafka.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.jmeterkafka.cli.Main;
import io.github.jmeterkafka.harness.Harness;
import io.github.jmeterkafka.harness.SummaryText;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every fenced block of README.md, docs/ and test-plans/README.md that a user copies is checked against what it
 * names: a {@code jmeter -n -t} line's plan exists and reads each {@code -J}/{@code -G} property given (or the plugin
 * or JMeter does), its {@code -q} files exist; a {@code java -jar jmeter-kafka.jar} line parses as the jar's command
 * line; a {@code mvn -P} line names a profile of the pom and files that exist; an example {@code .properties} file
 * reads as shown (no comment after a value) and as the shipped file of its name; an example search ends within its
 * precision. What cannot be checked here is listed with why, in one place: {@link #UNCHECKED}.
 */
class DocBlocksTest {
    private static final Path ROOT = Harness.projectDir();

    /** Commands a test here cannot run or check, by their first word(s), and why. */
    private static final Map<String, String> UNCHECKED = Map.of(
            "kafka-", "Kafka's own tools, run beside the plans by bench/ (PacingCase, ReplicationCase...)",
            "java -jar lib/cmdrunner", "the Plugins Manager's command line: PluginsManagerIT runs install-for-jmx",
            "for ", "a shell loop around jmeter lines, each checked",
            "done", "a shell loop around jmeter lines, each checked",
            "column ", "the standard tool that shows the CSV the loop wrote",
            "curl ", "an HTTP call to the echo's front: EchoServiceIT makes it");

    /** JMeter's own properties a documented line may set. */
    private static final Pattern JMETER_PROPERTY =
            Pattern.compile("log_level\\..*|jmeter\\..*|summariser\\..*|server\\..*|client\\..*|sample_variables|"
                    + "httpclient.*|remote_hosts|java\\.rmi\\..*");

    private final List<String> checked = new ArrayList<>();
    private final Map<String, String> skipped = new LinkedHashMap<>();

    @Test
    void everyCommandAndExampleFileIsWhatTheCodeTakes() throws IOException {
        List<String> wrong = new ArrayList<>();
        int outputs = 0;
        List<DocBlocks.Block> blocks = DocBlocks.all();
        for (DocBlocks.Block b : blocks) {
            switch (kind(b)) {
                case "commands" -> {
                    for (String c : b.commands()) {
                        wrong.addAll(command(b, c));
                    }
                }
                case "properties" -> wrong.addAll(properties(b));
                default -> {
                    outputs++;
                    wrong.addAll(output(b));
                }
            }
        }
        System.out.printf(
                "Doc blocks: %d in all; %d commands checked, %d example files, %d example outputs and screens;"
                        + " not checked here:%n",
                blocks.size(),
                checked.size(),
                blocks.stream().filter(b -> kind(b).equals("properties")).count(),
                outputs);
        skipped.forEach((where, why) -> System.out.println("  " + where + ": " + why));
        assertThat(wrong)
                .as("documented commands and files the code does not take")
                .isEmpty();
        assertThat(checked).hasSizeGreaterThan(40);
    }

    private static String kind(DocBlocks.Block b) {
        if (b.lang().equals("properties")) {
            return "properties";
        }
        if (b.lang().equals("sh")) {
            return "commands";
        }
        String first = b.commands().isEmpty() ? "" : b.commands().get(0);
        return b.lang().isEmpty() && first.matches("(jmeter|java|mvn) .*") ? "commands" : "output";
    }

    private List<String> command(DocBlocks.Block b, String command) throws IOException {
        for (var u : UNCHECKED.entrySet()) {
            if (command.startsWith(u.getKey())) {
                skipped.put(b.where() + " `" + abbreviate(command) + "`", u.getValue());
                return List.of();
            }
        }
        checked.add(command);
        List<String> w = DocBlocks.words(command);
        String where = b.where() + " `" + abbreviate(command) + "`: ";
        return switch (w.get(0)) {
            case "jmeter" -> jmeter(where, w);
            case "java" -> jar(where, w);
            case "mvn" -> maven(where, w);
            default -> List.of(where + "a command this test does not know: add a check or a line to UNCHECKED");
        };
    }

    private static List<String> jmeter(String where, List<String> w) throws IOException {
        List<String> wrong = new ArrayList<>();
        Set<String> reads = new TreeSet<>(documentedPluginProperties());
        for (int i = 1; i < w.size(); i++) {
            String a = w.get(i);
            if (a.equals("-t")) {
                Path plan = ROOT.resolve(w.get(++i));
                if (!plan.getFileName().toString().equals("plan.jmx")) {
                    if (!Files.isRegularFile(plan)) {
                        wrong.add(where + "no plan " + plan);
                    } else {
                        reads.addAll(planProperties(plan));
                    }
                }
            } else if (a.equals("-q")) {
                Path file = ROOT.resolve(w.get(++i));
                if (!file.getFileName().toString().equals("secrets.properties") && !Files.isRegularFile(file)) {
                    wrong.add(where + "no properties file " + file);
                }
            }
        }
        boolean aPlanOfOurs = w.stream().anyMatch(a -> a.startsWith("test-plans/"));
        for (String a : w) {
            if (aPlanOfOurs && (a.startsWith("-J") || a.startsWith("-G")) && a.length() > 2) {
                String name = a.substring(2).split("=", 2)[0];
                if (!reads.contains(name) && !JMETER_PROPERTY.matcher(name).matches()) {
                    wrong.add(where + a.substring(0, 2) + name + " is read by neither the plan nor the plugin");
                }
            }
        }
        return wrong;
    }

    private List<String> jar(String where, List<String> w) {
        int jar = w.indexOf("-jar");
        if (jar < 0 || !w.get(jar + 1).contains("jmeter-kafka")) {
            return List.of(where + "a java line that does not run the plugin's jar");
        }
        List<String> args = w.subList(jar + 2, w.size());
        try {
            new CommandLine(new Main()).parseArgs(args.toArray(new String[0]));
            return List.of();
        } catch (CommandLine.ParameterException e) {
            return List.of(where + "the jar refuses it: " + e.getMessage());
        }
    }

    private static List<String> maven(String where, List<String> w) throws IOException {
        List<String> wrong = new ArrayList<>();
        String pom = Files.readString(ROOT.resolve("pom.xml"));
        for (String a : w) {
            if (a.startsWith("-P") && !pom.contains("<id>" + a.substring(2) + "</id>")) {
                wrong.add(where + "no profile " + a.substring(2) + " in pom.xml");
            }
            if (a.startsWith("-Dsweep=") && !Files.isRegularFile(ROOT.resolve(a.substring(8)))) {
                wrong.add(where + "no sweep file " + a.substring(8));
            }
        }
        return wrong;
    }

    /** Reads as shown: a '#' after a value would be part of it; the shipped file of its name reads the same. */
    private static List<String> properties(DocBlocks.Block b) throws IOException {
        List<String> wrong = new ArrayList<>();
        for (String line : b.text().split("\n", -1)) {
            if (!line.strip().startsWith("#") && line.matches(".*\\S\\s+#.*")) {
                wrong.add(b.where() + ": '" + line.strip() + "': Java reads the comment as part of the value");
            }
        }
        Properties shown = new Properties();
        shown.load(new StringReader(b.text()));
        Path shipped = ROOT.resolve("test-plans/sweeps/" + shown.getProperty("name", "-") + ".properties");
        if (Files.isRegularFile(shipped)) {
            Properties file = new Properties();
            try (var r = Files.newBufferedReader(shipped)) {
                file.load(r);
            }
            if (!file.equals(shown)) {
                wrong.add(b.where() + ": reads otherwise than " + ROOT.relativize(shipped) + ": " + shown + " vs "
                        + file);
            }
        }
        return wrong;
    }

    private static final Pattern BRACKET = Pattern.compile("Bracket within ([0-9.]+) % \\(precision ([0-9.]+) %\\)");

    /**
     * An example output is one the code could print: its summary lines in their forms (as the plan tests read real
     * runs), a search's end within its precision.
     */
    private static List<String> output(DocBlocks.Block b) {
        List<String> wrong = new ArrayList<>();
        for (String line : b.text().split("\n", -1)) {
            SummaryText.notInItsForm(line).ifPresent(why -> wrong.add(b.where() + ": " + why));
        }
        Matcher m = BRACKET.matcher(b.text().replace("\n", " "));
        while (m.find()) {
            if (Double.parseDouble(m.group(1)) > Double.parseDouble(m.group(2))) {
                wrong.add(b.where() + ": a search ends within its precision, not at " + m.group(0));
            }
        }
        return wrong;
    }

    private static Set<String> planProperties(Path plan) throws IOException {
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("__P(?:roperty)?\\(([A-Za-z0-9_.\\-]+)").matcher(Files.readString(plan));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static Set<String> documentedPluginProperties() throws IOException {
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\| `(kafka\\.[a-z0-9.]+)`")
                .matcher(Files.readString(ROOT.resolve("docs/properties.md")));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static String abbreviate(String command) {
        return command.length() <= 70 ? command : command.substring(0, 67) + "...";
    }
}
