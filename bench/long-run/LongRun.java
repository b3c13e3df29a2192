import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs long-run.jmx in a headless JMeter with the official script's heap (-Xms1g -Xmx1g) and, at
 * 10 %, 50 % and 100 % of the records (produced, then consumed), records the heap that JMeter's JVM
 * still uses after a full GC (jcmd GC.class_histogram) and its thread count (/proc/PID/status); at
 * 100 % (JMeter holding, no sample running) it also lists the plugin's live objects. A single-file
 * program:
 *
 * <pre>
 * java bench/long-run/LongRun.java JMETER_HOME BOOTSTRAP [OUT_DIR] [-Jname=value ...]
 * </pre>
 * from the repository's root (the plan is bench/long-run/long-run.jmx).
 */
public class LongRun {
    private static final Pattern TOTAL = Pattern.compile("^summary =\\s+(\\d+) in");
    private static final Pattern TOTAL_LIVE = Pattern.compile("^Total\\s+\\d+\\s+(\\d+)");

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: java LongRun.java JMETER_HOME BOOTSTRAP [OUT_DIR] [-Jname=value ...]");
            System.exit(2);
        }
        Path home = Path.of(args[0]).toAbsolutePath();
        String bootstrap = args[1];
        Path out = Path.of(args.length > 2 && !args[2].startsWith("-J") ? args[2] : "target/long-run").toAbsolutePath();
        Map<String, String> props = new LinkedHashMap<>();
        props.put("kafka.bootstrap", bootstrap);
        props.put("records", "10000000");
        props.put("summariser.interval", "5");
        // time for a full GC and a class histogram while JMeter holds
        props.put("hold.ms", "15000");
        for (String a : args) {
            if (a.startsWith("-J") && a.contains("=")) {
                props.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
            }
        }
        long records = Long.parseLong(props.get("records"));
        Files.createDirectories(out);
        Path plan = Path.of("bench/long-run/long-run.jmx").toAbsolutePath();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> cmd = new ArrayList<>(List.of(java.toString(),
                // as bin/jmeter: heap, metaspace and GC
                "-Xms1g", "-Xmx1g", "-XX:MaxMetaspaceSize=256m", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=100",
                "-XX:G1ReservePercent=20", "-Djava.awt.headless=true",
                "-jar", home.resolve("bin/ApacheJMeter.jar").toString(), "-n", "-t", plan.toString(),
                "-l", out.resolve("results.jtl").toString(), "-j", out.resolve("jmeter.log").toString(),
                "-Lorg.apache.kafka=WARN"));
        props.forEach((k, v) -> cmd.add("-J" + k + "=" + v));
        // JMeter appends to both: a previous run's would be read as this one's
        Files.deleteIfExists(out.resolve("results.jtl"));
        Files.deleteIfExists(out.resolve("jmeter.log"));
        Process jmeter = new ProcessBuilder(cmd).directory(out.toFile()).redirectErrorStream(true).start();
        long pid = jmeter.pid();
        long started = System.nanoTime();
        System.out.printf("JMeter pid %d, %d records, out %s%n", pid, records, out);

        List<String> rows = Collections.synchronizedList(new ArrayList<>());
        // no summary line comes while JMeter holds (no sample): watch jmeter.log for the hold instead
        Thread hold = new Thread(() -> {
            try {
                while (jmeter.isAlive()) {
                    if (holds(out.resolve("jmeter.log"))) {
                        Thread.sleep(1000);
                        rows.add(snapshot(pid, "100 %", 100, started, true));
                        return;
                    }
                    Thread.sleep(250);
                }
            } catch (Exception e) {
                System.out.println("[long-run] no snapshot while holding: " + e);
            }
        }, "hold-watch");
        hold.setDaemon(true);
        hold.start();
        double[] marks = {0.10, 0.50};
        int next = 0;
        StringBuilder stdout = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(jmeter.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                System.out.println(line);
                stdout.append(line).append('\n');
                Matcher m = TOTAL.matcher(line);
                // produced, then consumed: 2 x records in all (plus the one create-topic sample)
                if (m.find() && next < marks.length && Long.parseLong(m.group(1)) >= marks[next] * 2 * records) {
                    rows.add(snapshot(pid, String.format(Locale.ROOT, "%.0f %%", marks[next] * 100),
                            Long.parseLong(m.group(1)) * 50.0 / records, started, false));
                    next++;
                }
            }
        }
        jmeter.waitFor(10, TimeUnit.MINUTES);
        hold.join(60_000);
        StringBuilder table = new StringBuilder("| point | progress | elapsed | live heap after a full GC | threads |\n"
                + "|---|---|---|---|---|\n");
        rows.forEach(row -> table.append(row).append('\n'));
        String result = table + "\nJMeter exit code " + jmeter.exitValue() + "\n\n" + summaries(stdout.toString());
        System.out.println(result);
        Files.writeString(out.resolve("long-run.md"), result, StandardCharsets.UTF_8);
    }

    /** Whether the hold group has started: every record consumed, no sample running. */
    private static boolean holds(Path log) throws IOException {
        return Files.exists(log) && Files.readString(log, StandardCharsets.UTF_8).matches("(?s).*Starting ThreadGroup: \\d+ : Hold.*");
    }

    private static String snapshot(long pid, String point, double progress, long started, boolean objects)
            throws Exception {
        // GC.class_histogram collects garbage first, then sums the live objects: GC.run followed by
        // GC.heap_info would also count what JMeter allocates between the two jcmd calls (seconds apart,
        // at up to 100 MB/s while consuming)
        String[] histogram = jcmd(pid, "GC.class_histogram").split("\\R");
        long liveBytes = -1;
        for (String l : histogram) {
            Matcher total = TOTAL_LIVE.matcher(l);
            if (total.find()) {
                liveBytes = Long.parseLong(total.group(1));
            }
        }
        int threads = -1;
        for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (l.startsWith("Threads:")) {
                threads = Integer.parseInt(l.substring(8).trim());
            }
        }
        String row = String.format(Locale.ROOT, "| %s | %.1f %% | %d s | %.1f MB | %d |", point, progress,
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started), liveBytes / 1024.0 / 1024.0, threads);
        System.out.println("[long-run] " + row);
        // what fills the heap: the largest classes, and at the end every live object of the plugin
        StringBuilder live = new StringBuilder();
        for (int i = 0; i < histogram.length; i++) {
            String l = histogram[i];
            if (i < 12 || objects && (l.contains("io.github.jmeterkafka.")
                    || l.trim().endsWith("org.apache.kafka.clients.producer.KafkaProducer")
                    || l.trim().endsWith("org.apache.kafka.clients.consumer.KafkaConsumer"))) {
                live.append(l.trim()).append('\n');
            }
        }
        System.out.println("[long-run] live objects at " + point + ":\n" + live);
        return row;
    }

    private static String summaries(String stdout) {
        StringBuilder s = new StringBuilder();
        boolean in = false;
        for (String l : stdout.split("\n")) {
            if (l.startsWith("Kafka Producer summary") || l.startsWith("Kafka Consumer summary")) {
                in = true;
            } else if (l.startsWith("summary") || l.startsWith("Tidying") || l.startsWith("...")) {
                in = false;
            }
            if (in) {
                s.append(l).append('\n');
            }
        }
        return s.toString();
    }

    private static String jcmd(long pid, String command) throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        return text;
    }
}
