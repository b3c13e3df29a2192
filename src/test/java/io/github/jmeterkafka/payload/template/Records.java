package io.github.jmeterkafka.payload.template;

import io.github.jmeterkafka.payload.source.RecordContext;
import io.github.jmeterkafka.payload.source.SamplerCounters;
import java.util.ArrayList;
import java.util.List;

/** Records rendered as the producer renders them, for the tests of this package. */
final class Records {
    private Records() {}

    static RecordContext context(Long seed, int thread) {
        return new RecordContext(seed, thread, new SamplerCounters());
    }

    /** Each record's text; the context moves on to the next record first, as the producer does. */
    static List<String> render(String template, RecordContext context, int records) {
        Template parsed = Template.parse(template);
        List<String> out = new ArrayList<>(records);
        for (int i = 0; i < records; i++) {
            context.nextRecord();
            out.add(parsed.render(context));
        }
        return out;
    }
}
