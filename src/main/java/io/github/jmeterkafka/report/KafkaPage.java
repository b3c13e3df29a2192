package io.github.jmeterkafka.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.jmeterkafka.measure.EventFigures;
import io.github.jmeterkafka.measure.LimitSeries;
import io.github.jmeterkafka.measure.StepFigures;
import io.github.jmeterkafka.measure.SummaryRow;
import io.github.jmeterkafka.text.Resource;
import io.github.jmeterkafka.text.ScriptJson;
import io.github.jmeterkafka.text.Text;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * kafka.html: the dashboard's look (its side menu, header and CSS) and, per sampler, the summary
 * table and four charts over time drawn with the dashboard's own flot; a paced sampler's have its
 * corrected p99 beside the p99 and two more charts, its corrected latency and its send delay.
 * Offline: every script and style sheet is one the dashboard copied beside index.html. The series are
 * embedded as {@code var kafkaData = {...}}; a bucket's rates are its sums over the seconds it covers.
 */
final class KafkaPage {

    private static final String LIB = "sbadmin2-1.0.7/bower_components/";
    private static final String STYLE = Resource.text(KafkaPage.class, "kafka-page.css");
    private static final String DRAW = Resource.text(KafkaPage.class, "kafka-page.js");

    private KafkaPage() {}

    static String html(String title, String sideMenu, List<SamplerSection> sections) {
        StringBuilder b = new StringBuilder(16_384);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>Kafka - ")
                .append(Text.html(title))
                .append("</title>\n");
        for (String css : List.of(
                LIB + "bootstrap/dist/css/bootstrap.min.css",
                LIB + "metisMenu/dist/metisMenu.min.css",
                "sbadmin2-1.0.7/dist/css/sb-admin-2.css",
                "content/css/dashboard.css",
                LIB + "font-awesome/css/font-awesome.min.css")) {
            b.append("<link href=\"").append(css).append("\" rel=\"stylesheet\">\n");
        }
        b.append("<link rel=\"icon\" type=\"image/png\" href=\"content/pages/icon-apache.png\">\n")
                .append("<style>\n")
                .append(STYLE)
                .append("</style>\n")
                .append("</head>\n<body>\n<div id=\"wrapper\">\n")
                .append(
                        "<nav class=\"navbar navbar-default navbar-static-top\" role=\"navigation\" style=\"margin-bottom: 0\">\n")
                .append("<div class=\"navbar-header\"><a class=\"navbar-brand\" href=\"index.html\">")
                .append(Text.html(title))
                .append("</a></div>\n")
                .append(
                        "<div class=\"navbar-default sidebar\" role=\"navigation\"><div class=\"sidebar-nav navbar-collapse\">\n")
                .append(sideMenu)
                .append("\n</div></div>\n</nav>\n<div id=\"page-wrapper\">\n")
                .append("<div class=\"row\"><div class=\"col-lg-12\"><h1 class=\"page-header\">Kafka</h1>\n")
                .append("<p>Per record, from each sampler's HdrHistogram interval log (latencies in µs; "
                        + "HdrHistogram's HistogramLogProcessor reads these files). The summary rows are the "
                        + "samplers' end-of-test summaries; MB = 1024 × 1024 bytes. A paced sampler (a target rate) "
                        + "also has its latency from each record's intended send time (corrected for coordinated "
                        + "omission) and its send delay, from the intended to the actual send.</p></div></div>\n");
        for (int i = 0; i < sections.size(); i++) {
            section(b, i, sections.get(i));
        }
        b.append("</div>\n</div>\n");
        for (String js : List.of(
                LIB + "jquery/dist/jquery.min.js",
                LIB + "bootstrap/dist/js/bootstrap.min.js",
                LIB + "metisMenu/dist/metisMenu.min.js",
                LIB + "flot/jquery.flot.js",
                LIB + "flot/jquery.flot.time.js",
                LIB + "flot/jquery.flot.resize.js",
                LIB + "flot.tooltip/js/jquery.flot.tooltip.min.js",
                LIB + "flot-axislabels/jquery.flot.axislabels.js",
                "sbadmin2-1.0.7/dist/js/sb-admin-2.js")) {
            b.append("<script src=\"").append(js).append("\"></script>\n");
        }
        b.append("<script>\nvar kafkaData = ")
                .append(data(sections))
                .append(";\n")
                .append(DRAW)
                .append("</script>\n")
                .append("</body>\n</html>\n");
        return b.toString();
    }

    private static void section(StringBuilder b, int i, SamplerSection s) {
        SamplerSeries series = s.series();
        b.append("<div class=\"row\"><div class=\"col-lg-12\"><div class=\"panel panel-default\">\n")
                .append("<div class=\"panel-heading\"><p class=\"dashboard-title\">")
                .append(Text.html(s.header().label()))
                .append(" <small>(")
                .append(Text.html(s.header().kind()))
                .append(")</small></p></div>\n")
                .append("<div class=\"panel-body\">\n<p>")
                .append(String.format(
                        Locale.ROOT,
                        "%,d records, %,d failed, %.1f MB; one point per %d s. Data: ",
                        series.records(),
                        series.failed(),
                        series.bytes() / 1048576.0,
                        series.bucketMs() / 1000))
                .append("<a href=\"")
                .append(Text.html(s.dataLink()))
                .append("\">")
                .append(Text.html(s.dataLink()))
                .append("</a></p>\n");
        SummaryTable t = s.summary();
        if (t.missing()) {
            b.append("<div class=\"alert alert-warning\">No summary in this sampler's log: it is written at test end,"
                    + " so the test did not end normally. The charts show what was recorded.</div>\n");
        } else {
            b.append(
                    "<div class=\"table-responsive\"><table class=\"table table-bordered table-condensed kafka-summary\">\n<tr>");
            t.columns().forEach(c -> b.append("<th>").append(Text.html(c)).append("</th>"));
            b.append("</tr>\n");
            for (List<String> row : t.rows()) {
                b.append("<tr>");
                row.forEach(v -> b.append("<td>").append(Text.html(v)).append("</td>"));
                b.append("</tr>\n");
            }
            b.append("</table></div>\n");
        }
        b.append("<div class=\"row\">\n");
        chart(b, i, "records", "Records per second");
        chart(b, i, "mb", "MB per second");
        chart(b, i, "latency", Text.html(s.latencyTitle()) + " percentiles (ms)");
        chart(b, i, "failed", "Failed records per second");
        if (series.paced()) {
            chart(
                    b,
                    i,
                    "corrected",
                    "Corrected " + Text.html(s.latencyTitle())
                            + " percentiles (ms), from each record's intended send time");
            chart(b, i, "delay", "Send delay percentiles (ms), from the intended to the actual send");
        }
        limitCharts(series)
                .forEach((unit, shown) -> chart(
                        b,
                        i,
                        limitChartId(unit),
                        "What may limit it (" + Text.html(unit) + "): the limits probe, each second"));
        b.append("</div>\n</div></div></div></div>\n");
    }

    private static void chart(StringBuilder b, int i, String what, String title) {
        b.append("<div class=\"col-lg-6\"><p class=\"kafka-chart-title\">")
                .append(title)
                .append("</p><div class=\"kafka-chart\" id=\"kafka-")
                .append(i)
                .append('-')
                .append(what)
                .append("\"></div></div>\n");
    }

    static String data(List<SamplerSection> sections) {
        ArrayNode samplers = ScriptJson.array();
        for (SamplerSection s : sections) {
            SamplerSeries series = s.series();
            List<SamplerSeries.Point> points = series.points();
            ObjectNode columns = ScriptJson.object();
            columns.set("time", column(points, p -> LongNode.valueOf(p.timeMs())));
            columns.set("seconds", column(points, p -> number(p.seconds())));
            columns.set("records", column(points, p -> LongNode.valueOf(p.records())));
            columns.set("bytes", column(points, p -> LongNode.valueOf(p.bytes())));
            columns.set("failed", column(points, p -> LongNode.valueOf(p.failed())));
            percentiles(columns, points, "", p -> p.percentilesMs().latency());
            if (series.paced()) {
                percentiles(
                        columns, points, "corrected_", p -> p.percentilesMs().corrected());
                percentiles(
                        columns, points, "send_delay_", p -> p.percentilesMs().sendDelay());
            }
            ObjectNode sampler = samplers.addObject()
                    .put("label", s.header().label())
                    .put("kind", s.header().kind())
                    .put("latency", s.latencyTitle())
                    .put("file", s.dataLink())
                    .put("bucketSeconds", series.bucketMs() / 1000)
                    .put("records", series.records())
                    .put("bytes", series.bytes())
                    .put("failed", series.failed())
                    .put("paced", series.paced())
                    .put("summaryRows", s.summary().rows().size());
            ArrayNode charts = ScriptJson.array();
            limitCharts(series).forEach((unit, shown) -> {
                ObjectNode chart =
                        charts.addObject().put("id", limitChartId(unit)).put("unit", unit);
                ArrayNode lines = chart.putArray("series");
                for (LimitSeries l : shown) {
                    lines.addObject().put("key", l.field()).put("label", l.title);
                    columns.set(l.field(), limitColumn(series, l));
                }
            });
            sampler.set("limitCharts", charts);
            sampler.set("points", columns);
            sampler.set("steps", parts(s.summary(), StepFigures.PART));
            sampler.set("events", parts(s.summary(), EventFigures.PART));
        }
        ObjectNode data = ScriptJson.object();
        data.set("samplers", samplers);
        return ScriptJson.of(data);
    }

    /**
     * A paced run's steps of its rate profile or the test's events, from their summary rows (part {@code prefix}...):
     * name, start and end in ms since the epoch.
     */
    private static ArrayNode parts(SummaryTable summary, String prefix) {
        ArrayNode found = ScriptJson.array();
        int part = summary.column(SummaryRow.Column.PART.header());
        int start = summary.column(SummaryRow.Column.START_TIME.header());
        int end = summary.column(SummaryRow.Column.END_TIME.header());
        if (part < 0 || start < 0 || end < 0) {
            return found;
        }
        for (List<String> row : summary.rows()) {
            long from = SummaryRow.epochMs(row.get(start));
            if (row.get(part).startsWith(prefix) && from > 0) {
                found.addObject()
                        .put("name", row.get(part))
                        .put("from", from)
                        .put("to", SummaryRow.epochMs(row.get(end)));
            }
        }
        return found;
    }

    /** The limits the series has, by unit in the order {@link LimitSeries} declares them: one chart per unit. */
    private static Map<String, List<LimitSeries>> limitCharts(SamplerSeries series) {
        Map<String, List<LimitSeries>> charts = new LinkedHashMap<>();
        for (LimitSeries l : LimitSeries.values()) {
            if (series.limits().stream().anyMatch(p -> p.containsKey(l))) {
                charts.computeIfAbsent(l.unit, u -> new ArrayList<>()).add(l);
            }
        }
        return charts;
    }

    private static String limitChartId(String unit) {
        return "limits-" + unit.replace("%", "percent");
    }

    private static ArrayNode limitColumn(SamplerSeries series, LimitSeries l) {
        ArrayNode column = ScriptJson.array();
        series.limits().forEach(p -> column.add(p.containsKey(l) ? number(p.get(l)) : NullNode.getInstance()));
        return column;
    }

    /** The columns {@code <prefix>p50} to {@code <prefix>p9999}: null where a point has no such percentiles. */
    private static void percentiles(
            ObjectNode columns,
            List<SamplerSeries.Point> points,
            String prefix,
            Function<SamplerSeries.Point, double[]> ms) {
        String[] names = {"p50", "p95", "p99", "p999", "p9999"};
        for (int k = 0; k < names.length; k++) {
            int pk = k;
            columns.set(
                    prefix + names[k],
                    column(points, p -> ms.apply(p).length == 0 ? NullNode.getInstance() : number(ms.apply(p)[pk])));
        }
    }

    private static ArrayNode column(List<SamplerSeries.Point> points, Function<SamplerSeries.Point, JsonNode> value) {
        ArrayNode column = ScriptJson.array();
        points.forEach(p -> column.add(value.apply(p)));
        return column;
    }

    /** Three decimals: milliseconds to the microsecond the logs hold, seconds to the millisecond. */
    private static JsonNode number(double v) {
        return DecimalNode.valueOf(
                BigDecimal.valueOf(v).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros());
    }
}
