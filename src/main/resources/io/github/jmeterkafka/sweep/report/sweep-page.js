// Draws every chart of sweepData: values against a category axis (sweep order, numeric order for numbers), a gap where a point has none.
sweepData.charts.forEach(function (c) {
  var chart = echarts.init(document.getElementById(c.id), null, { renderer: 'canvas' });
  chart.setOption({
    animation: false,
    title: { text: c.title, left: 'center', textStyle: { fontSize: 13 } },
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 64, right: 24, top: 48, bottom: 64 },
    xAxis: { type: 'category', data: c.x, name: c.property, nameLocation: 'middle', nameGap: 26 },
    yAxis: { type: 'value', name: c.unit },
    series: c.series.map(function (s) {
      return { name: s.name, type: 'line', data: s.y, symbolSize: 7 };
    })
  });
  window.addEventListener('resize', function () { chart.resize(); });
});
