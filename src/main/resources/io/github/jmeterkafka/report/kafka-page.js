// Draws every sampler's charts from kafkaData (the page's embedded data) on the page's load.
$(function () {
  function series(s, f) {
    var p = s.points;
    return p.time.map(function (t, i) { return [t, f(p, i)]; });
  }
  function rate(key, scale) {
    return function (p, i) { return p.seconds[i] > 0 ? p[key][i] / p.seconds[i] / scale : null; };
  }
  // the test's events, as any producer's rows carry them: drawn on every sampler's charts
  var events = {};
  kafkaData.samplers.forEach(function (s) {
    (s.events || []).forEach(function (ev) { events[ev.name + '@' + ev.from] = ev; });
  });
  // a paced run's steps: every other one shaded, a line where each begins; the test's events: a red line each
  function marks(s) {
    var m = [];
    (s.steps || []).forEach(function (st, k) {
      if (k % 2 === 1) {
        m.push({ xaxis: { from: st.from, to: st.to }, color: 'rgba(51, 122, 183, 0.08)' });
      }
      m.push({ xaxis: { from: st.from, to: st.from }, color: '#9aa7b5', lineWidth: 1 });
    });
    Object.keys(events).forEach(function (k) {
      m.push({ xaxis: { from: events[k].from, to: events[k].from }, color: '#d9534f', lineWidth: 2 });
    });
    return m;
  }
  function draw(id, data, unit, few, s) {
    $.plot($('#' + id), data, {
      series: { lines: { show: true, lineWidth: 2 }, points: { show: few, radius: 2 }, shadowSize: 0 },
      xaxis: { mode: 'time', timezone: 'browser', timeformat: '%H:%M:%S', ticks: 4, axisLabel: 'time',
               axisLabelUseCanvas: false, axisLabelPadding: 8 },
      yaxis: { min: 0, axisLabel: unit, axisLabelUseCanvas: false, axisLabelPadding: 8 },
      legend: { show: true, position: 'nw', backgroundOpacity: 0.7 },
      grid: { hoverable: true, borderWidth: 1, borderColor: '#ccc', markings: marks(s) },
      tooltip: true,
      tooltipOpts: { content: '%s: %y.2 ' + unit + ' at %x', xDateFormat: '%H:%M:%S' }
    });
  }
  kafkaData.samplers.forEach(function (s, i) {
    var few = s.points.time.length < 30;
    var id = 'kafka-' + i + '-';
    draw(id + 'records', [{ label: 'records/s', data: series(s, rate('records', 1)), color: '#337ab7' }],
         'records/s', few, s);
    draw(id + 'mb', [{ label: 'MB/s', data: series(s, rate('bytes', 1048576)), color: '#5cb85c' }],
         'MB/s', few, s);
    var colors = { p50: '#5bc0de', p95: '#f0ad4e', p99: '#d9534f', p999: '#8e44ad', p9999: '#555555' };
    var names = { p50: 'p50', p95: 'p95', p99: 'p99', p999: 'p99.9', p9999: 'p99.99' };
    function percentiles(prefix) {
      return ['p50', 'p95', 'p99', 'p999', 'p9999'].map(function (k) {
        return { label: names[k], data: series(s, function (p, j) { return p[prefix + k][j]; }),
                 color: colors[k] };
      });
    }
    var latency = percentiles('');
    if (s.paced) {
      latency.push({ label: 'corrected p99', color: '#333333',
                     data: series(s, function (p, j) { return p.corrected_p99[j]; }) });
    }
    draw(id + 'latency', latency, 'ms', few, s);
    draw(id + 'failed', [{ label: 'failed records/s', data: series(s, rate('failed', 1)), color: '#c9302c' }],
         'failed records/s', few, s);
    if (s.paced) {
      draw(id + 'corrected', percentiles('corrected_'), 'ms', few, s);
      draw(id + 'delay', percentiles('send_delay_'), 'ms', few, s);
    }
    // what may limit the run: one chart per unit, one line per figure the probe read
    var limitColors = ['#d9534f', '#337ab7', '#f0ad4e', '#5cb85c', '#8e44ad'];
    (s.limitCharts || []).forEach(function (c) {
      draw(id + c.id, c.series.map(function (l, k) {
        return { label: l.label, color: limitColors[k % limitColors.length],
                 data: series(s, function (p, j) { return p[l.key][j]; }) };
      }), c.unit, few, s);
    });
  });
});
