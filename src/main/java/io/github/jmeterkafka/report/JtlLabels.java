package io.github.jmeterkafka.report;

import java.io.File;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.jmeter.report.core.CsvSampleReader;
import org.apache.jmeter.samplers.SampleSaveConfiguration;

/** The sample labels of a CSV results file, read as the report generator reads it. */
final class JtlLabels {

    private JtlLabels() {}

    static Set<String> read(File jtl) {
        // the separator the report generator uses: jmeter.save.saveservice.default_delimiter
        char separator = SampleSaveConfiguration.staticConfig().getDelimiter().charAt(0);
        Set<String> labels = new LinkedHashSet<>();
        try (CsvSampleReader reader = new CsvSampleReader(jtl, separator, true)) {
            while (reader.hasNext()) {
                labels.add(reader.readSample().getName());
            }
        }
        return labels;
    }
}
