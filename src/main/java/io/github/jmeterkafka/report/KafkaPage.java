package io.github.jmeterkafka.report;

import io.github.jmeterkafka.text.Text;
import java.util.List;
import java.util.Locale;
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
                .append(
                        "<style>.kafka-chart{height:300px;width:100%}.kafka-summary{font-size:11px}.kafka-summary>tbody>tr>*{padding:2px 3px}"
                                + ".kafka-summary td,.kafka-summary th{text-align:right}"
                                + ".kafka-summary td:first-child,.kafka-summary th:first-child{text-align:left}"
                                + ".kafka-chart-title{text-align:center;font-weight:bold;margin:10px 0 4px}</style>\n")
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
        StringBuilder b = new StringBuilder("{\"samplers\":[");
        for (int i = 0; i < sections.size(); i++) {
            SamplerSection s = sections.get(i);
            List<SamplerSeries.Point> points = s.series().points();
            b.append(i == 0 ? "" : ",")
                    .append("\n{\"label\":")
                    .append(Text.json(s.header().label()))
                    .append(",\"kind\":")
                    .append(Text.json(s.header().kind()))
                    .append(",\"latency\":")
                    .append(Text.json(s.latencyTitle()))
                    .append(",\"file\":")
                    .append(Text.json(s.dataLink()))
                    .append(",\"bucketSeconds\":")
                    .append(s.series().bucketMs() / 1000)
                    .append(",\"records\":")
                    .append(s.series().records())
                    .append(",\"bytes\":")
                    .append(s.series().bytes())
                    .append(",\"failed\":")
                    .append(s.series().failed())
                    .append(",\"paced\":")
                    .append(s.series().paced())
                    .append(",\"summaryRows\":")
                    .append(s.summary().rows().size())
                    .append(",\"points\":{")
                    .append("\"time\":")
                    .append(column(points, p -> Long.toString(p.timeMs())))
                    .append(",\"seconds\":")
                    .append(column(points, p -> number(p.seconds())))
                    .append(",\"records\":")
                    .append(column(points, p -> Long.toString(p.records())))
                    .append(",\"bytes\":")
                    .append(column(points, p -> Long.toString(p.bytes())))
                    .append(",\"failed\":")
                    .append(column(points, p -> Long.toString(p.failed())));
            percentiles(b, points, "", SamplerSeries.Point::percentilesMs);
            if (s.series().paced()) {
                percentiles(b, points, "corrected_", SamplerSeries.Point::correctedMs);
                percentiles(b, points, "send_delay_", SamplerSeries.Point::sendDelayMs);
            }
            b.append("}}");
        }
        return b.append("\n]}").toString();
    }

    /** The columns {@code <prefix>p50} to {@code <prefix>p999}: null where a point has no such percentiles. */
    private static void percentiles(
            StringBuilder b,
            List<SamplerSeries.Point> points,
            String prefix,
            Function<SamplerSeries.Point, double[]> ms) {
        String[] names = {"p50", "p95", "p99", "p999"};
        for (int k = 0; k < names.length; k++) {
            int pk = k;
            b.append(",\"")
                    .append(prefix)
                    .append(names[k])
                    .append("\":")
                    .append(column(points, p -> ms.apply(p).length == 0 ? "null" : number(ms.apply(p)[pk])));
        }
    }

    private static String column(List<SamplerSeries.Point> points, Function<SamplerSeries.Point, String> value) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < points.size(); i++) {
            b.append(i == 0 ? "" : ",").append(value.apply(points.get(i)));
        }
        return b.append(']').toString();
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.3f", v).replaceFirst("\\.?0+$", "");
    }

    /** Draws every sampler's charts from kafkaData on the page's load. */
    private static final String DRAW = """
            $(function () {
              function series(s, f) {
                var p = s.points;
                return p.time.map(function (t, i) { return [t, f(p, i)]; });
              }
              function rate(key, scale) {
                return function (p, i) { return p.seconds[i] > 0 ? p[key][i] / p.seconds[i] / scale : null; };
              }
              function draw(id, data, unit, few) {
                $.plot($('#' + id), data, {
                  series: { lines: { show: true, lineWidth: 2 }, points: { show: few, radius: 2 }, shadowSize: 0 },
                  xaxis: { mode: 'time', timezone: 'browser', timeformat: '%H:%M:%S', ticks: 4, axisLabel: 'time',
                           axisLabelUseCanvas: false, axisLabelPadding: 8 },
                  yaxis: { min: 0, axisLabel: unit, axisLabelUseCanvas: false, axisLabelPadding: 8 },
                  legend: { show: true, position: 'nw', backgroundOpacity: 0.7 },
                  grid: { hoverable: true, borderWidth: 1, borderColor: '#ccc' },
                  tooltip: true,
                  tooltipOpts: { content: '%s: %y.2 ' + unit + ' at %x', xDateFormat: '%H:%M:%S' }
                });
              }
              kafkaData.samplers.forEach(function (s, i) {
                var few = s.points.time.length < 30;
                var id = 'kafka-' + i + '-';
                draw(id + 'records', [{ label: 'records/s', data: series(s, rate('records', 1)), color: '#337ab7' }],
                     'records/s', few);
                draw(id + 'mb', [{ label: 'MB/s', data: series(s, rate('bytes', 1048576)), color: '#5cb85c' }],
                     'MB/s', few);
                var colors = { p50: '#5bc0de', p95: '#f0ad4e', p99: '#d9534f', p999: '#8e44ad' };
                var names = { p50: 'p50', p95: 'p95', p99: 'p99', p999: 'p99.9' };
                function percentiles(prefix) {
                  return ['p50', 'p95', 'p99', 'p999'].map(function (k) {
                    return { label: names[k], data: series(s, function (p, j) { return p[prefix + k][j]; }),
                             color: colors[k] };
                  });
                }
                var latency = percentiles('');
                if (s.paced) {
                  latency.push({ label: 'corrected p99', color: '#333333',
                                 data: series(s, function (p, j) { return p.corrected_p99[j]; }) });
                }
                draw(id + 'latency', latency, 'ms', few);
                draw(id + 'failed', [{ label: 'failed records/s', data: series(s, rate('failed', 1)), color: '#c9302c' }],
                     'failed records/s', few);
                if (s.paced) {
                  draw(id + 'corrected', percentiles('corrected_'), 'ms', few);
                  draw(id + 'delay', percentiles('send_delay_'), 'ms', few);
                }
              });
            });
            """;
}
