package io.github.jmeterkafka.sweep;

import io.github.jmeterkafka.sweep.files.CsvTable;
import io.github.jmeterkafka.sweep.report.SweepReport;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A sweep or a capacity search run from the jar's command line, ended by its report. */
public final class SweepRun {
    private SweepRun() {}

    /**
     * Runs the sweep, then its report; 0 when every run was ok. A search file runs its search instead: 0 when it
     * found the highest rate that holds (or the highest bound held).
     *
     * @param jmeter JMeter's home, absolute
     * @param out    the sweep's folder, absolute: each JMeter run starts in a folder of its own
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

    /** $JMETER_HOME, else the home whose lib/ext holds this jar. */
    public static Path defaultJMeterHome() throws URISyntaxException {
        String env = System.getenv("JMETER_HOME");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        Path jar = Path.of(SweepRun.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Path home = jar.getParent() == null || jar.getParent().getParent() == null
                ? null
                : jar.getParent().getParent().getParent();
        if (home == null || !Files.isRegularFile(home.resolve("bin/ApacheJMeter.jar"))) {
            throw new IllegalArgumentException("this jar is not in a JMeter's lib/ext: give --jmeter JMETER_HOME");
        }
        return home;
    }
}
