package io.github.jmeterkafka.sweep;

import io.github.jmeterkafka.sweep.report.SweepReport;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The plugin jar's command line, for a JMeter install alone:
 * <pre>
 * java -jar lib/ext/jmeter-kafka-VERSION.jar sweep SWEEP.properties [--bootstrap HOST:PORT] [--jmeter JMETER_HOME] [--out DIR]
 *   (a file with a search.rate= line searches the highest rate that holds an objective: {@link CapacitySearch})
 * java -jar lib/ext/jmeter-kafka-VERSION.jar report ROWS.csv [--compare BEFORE-ROWS.csv] [--out DIR]
 * </pre>
 * A sweep ends with its report. JMeter's home is the one whose lib/ext holds this jar, unless given.
 */
public final class Cli {
    static final String USAGE = """
            usage:
              java -jar jmeter-kafka.jar sweep SWEEP.properties [--bootstrap HOST:PORT] [--jmeter JMETER_HOME] [--out DIR]
              java -jar jmeter-kafka.jar report ROWS.csv [--compare BEFORE-ROWS.csv] [--out DIR]\
            """;

    private Cli() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println(USAGE);
            System.exit(2);
        }
        if ("report".equals(args[0])) {
            SweepReport.main(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        if (!"sweep".equals(args[0])) {
            System.err.println(USAGE);
            System.exit(2);
        }
        Path file = Path.of(args[1]);
        String bootstrap = option(args, "--bootstrap", null);
        String home = option(args, "--jmeter", System.getenv("JMETER_HOME"));
        Path jmeter = home != null ? Path.of(home) : homeOfThisJar();
        SweepSpec spec = SweepSpec.read(file);
        Path out = Path.of(option(args, "--out", Path.of("sweeps", spec.name).toString()));
        System.exit(run(spec, jmeter, bootstrap, out));
    }

    /**
     * Runs the sweep, then its report; 0 when every run was ok. A search file runs its search instead: 0 when it
     * found the highest rate that holds (or the highest bound held).
     */
    public static int run(SweepSpec spec, Path jmeter, String bootstrap, Path out) throws Exception {
        if (spec.search != null) {
            int status = new CapacitySearch(spec, jmeter, bootstrap, out, System.out).run();
            report(out.resolve(Sweep.ROWS), out);
            return status;
        }
        Path rows = new Sweep(spec, jmeter, bootstrap, out, System.out).run();
        report(rows, out);
        CsvTable t = CsvTable.read(rows);
        for (int i = 0; i < t.size(); i++) {
            if (!"ok".equals(t.get(i, "status"))) {
                return 1;
            }
        }
        return 0;
    }

    private static void report(Path rows, Path out) throws Exception {
        SweepReport.write(rows, null, out).forEach(f -> System.out.println("Report: " + f.toAbsolutePath()));
    }

    private static String option(String[] args, String name, String dflt) {
        List<String> a = new ArrayList<>(Arrays.asList(args));
        int i = a.indexOf(name);
        if (i < 0) {
            return dflt;
        }
        if (i + 1 >= a.size()) {
            throw new IllegalArgumentException(name + " needs a value\n" + USAGE);
        }
        return a.get(i + 1);
    }

    /** JMETER_HOME/lib/ext/this.jar gives JMETER_HOME. */
    private static Path homeOfThisJar() throws URISyntaxException {
        Path jar = Path.of(
                Cli.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path home = jar.getParent() == null || jar.getParent().getParent() == null
                ? null
                : jar.getParent().getParent().getParent();
        if (home == null || !Files.isRegularFile(home.resolve("bin/ApacheJMeter.jar"))) {
            throw new IllegalArgumentException(
                    "This jar is not in a JMeter's lib/ext: give --jmeter JMETER_HOME\n" + USAGE);
        }
        return home;
    }
}
