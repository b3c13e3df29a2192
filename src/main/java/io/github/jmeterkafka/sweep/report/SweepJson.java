package io.github.jmeterkafka.sweep.report;

import io.github.jmeterkafka.text.Text;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;

/** The report's tables and chart series as the JSON the page embeds as {@code sweepData} and draws from. */
final class SweepJson {

    private SweepJson() {}

    static String of(Report r) {
        SweepRows s = r.sweep();
        StringBuilder b = new StringBuilder(8_192)
                .append("{\"sweep\":")
                .append(Text.json(s.name()))
                .append(",\"facts\":")
                .append(array(r.facts(), f -> "[" + Text.json(f.getKey()) + "," + Text.json(f.getValue()) + "]"))
                .append(",\n\"properties\":")
                .append(array(
                        s.properties(),
                        p -> "{\"name\":" + Text.json(p) + ",\"values\":" + array(s.values(p), Text::json) + "}"))
                .append(",\n\"tables\":")
                .append(array(r.tables(), SweepJson::table))
                .append(",\n\"charts\":")
                .append(array(r.charts(), SweepJson::chart))
                .append(",\n\"failed\":")
                .append(array(
                        r.failed(),
                        f -> "{\"run\":" + f.run() + ",\"repeat\":" + f.repeat() + ",\"configuration\":"
                                + configuration(f.configuration()) + ",\"reason\":" + Text.json(f.reason()) + "}"))
                .append(",\n\"comparison\":")
                .append(r.comparison() == null ? "null" : comparison(r.comparison()));
        return b.append("}").toString();
    }

    private static String table(SectionTable t) {
        return "{\"kind\":" + Text.json(t.kind()) + ",\"label\":" + Text.json(t.label()) + ",\"part\":"
                + Text.json(t.part())
                + ",\"latency\":" + Text.json(t.latency()) + ",\"rows\":"
                + array(
                        t.rows(),
                        row -> "\n{\"configuration\":"
                                + configuration(row.configuration()) + ",\"okRepeats\":" + row.okRepeats()
                                + ",\"figures\":{"
                                + join(t.metrics(), m -> Text.json(m.key()) + ":" + spread(row.spread(m))) + "}}")
                + "}";
    }

    private static String spread(Spread s) {
        return s == null
                ? "null"
                : "{\"median\":" + Figures.plain(s.median()) + ",\"min\":" + Figures.plain(s.min()) + ",\"max\":"
                        + Figures.plain(s.max()) + "}";
    }

    private static String chart(Chart c) {
        return "\n{\"id\":" + Text.json(c.id()) + ",\"title\":" + Text.json(c.title()) + ",\"kind\":"
                + Text.json(c.table().kind())
                + ",\"label\":" + Text.json(c.table().label()) + ",\"metric\":"
                + Text.json(c.metric().key())
                + ",\"unit\":" + Text.json(c.metric().title()) + ",\"property\":" + Text.json(c.property())
                + ",\"x\":" + array(c.x(), Text::json) + ",\"series\":"
                + array(
                        c.series(),
                        v -> "{\"name\":" + Text.json(v.name()) + ",\"y\":" + array(v.y(), SweepJson::number) + "}")
                + "}";
    }

    private static String comparison(Comparison c) {
        return "{\"rows\":"
                + array(
                        c.rows(),
                        row -> "\n{\"kind\":" + Text.json(row.kind()) + ",\"label\":" + Text.json(row.label())
                                + ",\"configuration\":" + configuration(row.configuration()) + ",\"changes\":{"
                                + join(
                                        row.changes(),
                                        ch -> Text.json(ch.metric().key()) + ":{\"before\":" + number(ch.before())
                                                + ",\"after\":" + number(ch.after()) + ",\"ratio\":"
                                                + number(ch.ratio()) + "}")
                                + "}}")
                + ",\"unmatched\":"
                + array(
                        c.unmatched(),
                        u -> "{\"side\":" + Text.json(u.side()) + ",\"kind\":"
                                + Text.json(u.kind()) + ",\"label\":" + Text.json(u.label()) + ",\"configuration\":"
                                + configuration(u.configuration()) + "}")
                + "}";
    }

    private static String configuration(Configuration c) {
        return "{"
                + join(
                        List.copyOf(c.values().entrySet()),
                        (Map.Entry<String, String> e) -> Text.json(e.getKey()) + ":" + Text.json(e.getValue()))
                + "}";
    }

    private static String number(Double v) {
        return v == null ? "null" : Figures.plain(v);
    }

    private static <T> String array(List<T> items, Function<T, String> json) {
        return "[" + join(items, json) + "]";
    }

    private static <T> String join(List<T> items, Function<T, String> json) {
        StringJoiner j = new StringJoiner(",");
        items.forEach(i -> j.add(json.apply(i)));
        return j.toString();
    }
}
