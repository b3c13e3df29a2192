package io.github.jmeterkafka.sweep.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.github.jmeterkafka.text.ScriptJson;
import java.util.List;
import java.util.function.Function;

/** The report's tables and chart series as the JSON the page embeds as {@code sweepData} and draws from. */
final class SweepJson {

    private SweepJson() {}

    static String of(Report r) {
        SweepRows s = r.sweep();
        ObjectNode data = ScriptJson.object().put("sweep", s.name());
        data.set(
                "facts",
                array(r.facts(), f -> ScriptJson.array().add(f.getKey()).add(f.getValue())));
        data.set("properties", array(s.properties(), p -> {
            ObjectNode property = ScriptJson.object().put("name", p);
            property.set("values", array(s.values(p), TextNode::valueOf));
            return property;
        }));
        data.set("tables", array(r.tables(), SweepJson::table));
        ArrayNode charts = array(r.charts(), SweepJson::chart);
        if (r.search() != null) {
            SearchSection search = r.search();
            charts.add(curve(
                    SearchSection.LATENCY_CHART, "Corrected latency by rate", "ms", search.rates(), search.latency()));
            charts.add(curve(
                    SearchSection.ACHIEVED_CHART, "Achieved % of the rate", "%", search.rates(), search.achieved()));
        }
        data.set("charts", charts);
        data.set("failed", array(r.failed(), f -> {
            ObjectNode failed = ScriptJson.object().put("run", f.run()).put("repeat", f.repeat());
            failed.set("configuration", configuration(f.configuration()));
            return failed.put("reason", f.reason());
        }));
        data.set("comparison", r.comparison() == null ? NullNode.getInstance() : comparison(r.comparison()));
        return ScriptJson.of(data);
    }

    private static ObjectNode table(SectionTable t) {
        ObjectNode table = ScriptJson.object()
                .put("kind", t.kind())
                .put("label", t.label())
                .put("part", t.part())
                .put("latency", t.latency());
        table.set("rows", array(t.rows(), row -> {
            ObjectNode json = ScriptJson.object();
            json.set("configuration", configuration(row.configuration()));
            json.put("okRepeats", row.okRepeats());
            ObjectNode figures = json.putObject("figures");
            t.metrics().forEach(m -> figures.set(m.key(), spread(row.spread(m))));
            return json;
        }));
        return table;
    }

    private static JsonNode spread(Spread s) {
        return s == null
                ? NullNode.getInstance()
                : ScriptJson.object()
                        .put("median", Figures.exact(s.median()))
                        .put("min", Figures.exact(s.min()))
                        .put("max", Figures.exact(s.max()));
    }

    private static ObjectNode chart(Chart c) {
        return curve(c.id(), c.title(), c.metric().title(), c.x(), c.series())
                .put("kind", c.table().kind())
                .put("label", c.table().label())
                .put("metric", c.metric().key())
                .put("property", c.property());
    }

    /** A chart's series against its x values, drawn the same way for a sweep's tables and a search's curves. */
    private static ObjectNode curve(String id, String title, String unit, List<String> x, List<Chart.Series> lines) {
        ObjectNode chart = ScriptJson.object()
                .put("id", id)
                .put("title", title)
                .put("unit", unit)
                .put("property", "rate");
        chart.set("x", array(x, TextNode::valueOf));
        chart.set("series", array(lines, v -> {
            ObjectNode series = ScriptJson.object().put("name", v.name());
            series.set("y", array(v.y(), SweepJson::number));
            return series;
        }));
        return chart;
    }

    private static ObjectNode comparison(Comparison c) {
        ObjectNode comparison = ScriptJson.object();
        comparison.set("rows", array(c.rows(), row -> {
            ObjectNode json = ScriptJson.object().put("kind", row.kind()).put("label", row.label());
            json.set("configuration", configuration(row.configuration()));
            ObjectNode changes = json.putObject("changes");
            row.changes().forEach(ch -> {
                ObjectNode change = changes.putObject(ch.metric().key());
                change.set("before", number(ch.before()));
                change.set("after", number(ch.after()));
                change.set("ratio", number(ch.ratio()));
            });
            return json;
        }));
        comparison.set("unmatched", array(c.unmatched(), u -> {
            ObjectNode json = ScriptJson.object()
                    .put("side", u.side())
                    .put("kind", u.kind())
                    .put("label", u.label());
            json.set("configuration", configuration(u.configuration()));
            return json;
        }));
        return comparison;
    }

    private static ObjectNode configuration(Configuration c) {
        ObjectNode json = ScriptJson.object();
        c.values().forEach(json::put);
        return json;
    }

    private static JsonNode number(Double v) {
        return v == null ? NullNode.getInstance() : DecimalNode.valueOf(Figures.exact(v));
    }

    private static <T> ArrayNode array(List<T> items, Function<T, JsonNode> json) {
        ArrayNode array = ScriptJson.array();
        items.forEach(i -> array.add(json.apply(i)));
        return array;
    }
}
