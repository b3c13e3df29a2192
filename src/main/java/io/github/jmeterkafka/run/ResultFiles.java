package io.github.jmeterkafka.run;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.samplers.SampleEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The result files (the {@code -l} JTL, a listener's file) this JVM's result collectors have open. On a distributed
 * test's controller no sampler thread runs, so the objectives' samples reach those files by name: a result collector
 * of the same file name writes to the same open file, as JMeter's own listeners of one file do (and appends to it
 * when the others have closed it).
 */
final class ResultFiles {
    private static final Logger log = LoggerFactory.getLogger(ResultFiles.class);

    private ResultFiles() {}

    /** Their names; none (and one WARN) when this JMeter keeps them where they cannot be read. */
    static Set<String> open() {
        try {
            // JMeter keeps the open files by name, in every version since 2.x, but gives no way to read them
            Field field = ResultCollector.class.getDeclaredField("files");
            field.setAccessible(true);
            Map<?, ?> files = (Map<?, ?>) field.get(null);
            Set<String> names = new TreeSet<>();
            synchronized (files) {
                files.keySet().forEach(name -> names.add(String.valueOf(name)));
            }
            return names;
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.warn(
                    "Kafka objectives: cannot read which result files this JMeter writes ({}): the objectives are"
                            + " judged on stdout only",
                    e.toString());
            return Set.of();
        }
    }

    /** Writes {@code event} to each of {@code files}. */
    static void write(Set<String> files, SampleEvent event) {
        for (String name : files) {
            ResultCollector c = new ResultCollector();
            c.setFilename(name);
            c.testStarted();
            try {
                c.sampleOccurred(event);
            } finally {
                c.testEnded();
            }
        }
    }
}
