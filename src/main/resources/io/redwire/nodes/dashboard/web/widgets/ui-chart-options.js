// ui-chart's chartOptions (the node's, then each msg.ui_update.chartOptions merged in by the node), which Dashboard
// 2.0 1.31 hands to ECharts as they are: the part with a clear Chart.js counterpart is applied to the chart: the
// axes' (xAxis, yAxis) name, min, max, position, type "log", inverse, show, label colour / show / formatter string
// ({value}, or a time template on a time axis) and split lines; legend.show and its text colour; tooltip.show;
// grid's top / right / bottom / left (numbers, as padding); the colour list; and each series' (by name) line and
// item colour, line width, symbol size, smooth and step. Other ECharts options are left out.
(function () {
  'use strict';
  const first = (v) => Array.isArray(v) ? v[0] : v;
  const isObj = (v) => v && typeof v === 'object' && !Array.isArray(v);

  function axis(scale, a, time) {
    if (!isObj(a) || !scale) { return; }
    if (a.name !== undefined) { scale.title = Object.assign(scale.title || {}, { display: !!a.name, text: a.name }); }
    if (isObj(a.nameTextStyle) && a.nameTextStyle.color) { scale.title = Object.assign(scale.title || {}, { color: a.nameTextStyle.color }); }
    if (typeof a.min === 'number') { scale.min = a.min; }
    if (typeof a.max === 'number') { scale.max = a.max; }
    if (a.position) { scale.position = a.position; }
    if (a.type === 'log') { scale.type = 'logarithmic'; }
    if (a.inverse !== undefined) { scale.reverse = !!a.inverse; }
    if (a.show !== undefined) { scale.display = a.show !== false; }
    const label = a.axisLabel;
    if (isObj(label)) {
      scale.ticks = scale.ticks || {};
      if (label.color) { scale.ticks.color = label.color; }
      if (label.show !== undefined) { scale.ticks.display = label.show !== false; }
      if (typeof label.formatter === 'string') {
        const f = label.formatter;
        scale.ticks.callback = time ? (v) => RW.formatTime(f, v) : (v) => f.replace(/\{value\}/g, v);
      }
    }
    const split = a.splitLine;
    if (isObj(split)) {
      scale.grid = scale.grid || {};
      if (split.show !== undefined) { scale.grid.display = split.show !== false; }
      if (isObj(split.lineStyle) && split.lineStyle.color) { scale.grid.color = split.lineStyle.color; }
    }
  }

  // the chart-wide options onto chart.options (call chart.update() after)
  function applyChartOptions(chart, opts, time) {
    if (!isObj(opts)) { return; }
    const o = chart.options;
    if (o.scales) {
      axis(o.scales.x, first(opts.xAxis), time);
      axis(o.scales.y, first(opts.yAxis), false);
    }
    const legend = first(opts.legend);
    if (isObj(legend)) {
      if (legend.show !== undefined) { o.plugins.legend.display = legend.show !== false; }
      if (isObj(legend.textStyle) && legend.textStyle.color) { o.plugins.legend.labels = { color: legend.textStyle.color }; }
    }
    const tooltip = first(opts.tooltip);
    if (isObj(tooltip) && tooltip.show !== undefined) { o.plugins.tooltip.enabled = tooltip.show !== false; }
    const grid = first(opts.grid);
    if (isObj(grid)) {
      const pad = {};
      ['top', 'right', 'bottom', 'left'].forEach((k) => { if (typeof grid[k] === 'number') { pad[k] = grid[k]; } });
      o.layout = Object.assign({}, o.layout, { padding: Object.assign({}, (o.layout || {}).padding, pad) });
    }
  }

  // the colour list chartOptions sets, if any
  const palette = (opts) => isObj(opts) && Array.isArray(opts.color) && opts.color.length ? opts.color : null;

  // each series' own settings onto its dataset (found by name)
  function styleSeries(chart, opts) {
    if (!isObj(opts) || !Array.isArray(opts.series)) { return; }
    opts.series.forEach((s) => {
      const ds = isObj(s) && chart.data.datasets.find((d) => d.label === String(s.name));
      if (!ds) { return; }
      const line = isObj(s.lineStyle) ? s.lineStyle : {};
      const item = isObj(s.itemStyle) ? s.itemStyle : {};
      if (item.color) { ds.backgroundColor = item.color; ds.borderColor = item.color; }
      if (line.color) { ds.borderColor = line.color; }
      if (typeof line.width === 'number') { ds.borderWidth = line.width; }
      if (typeof s.symbolSize === 'number') { ds.pointRadius = s.symbolSize; }
      if (s.smooth !== undefined) { ds.tension = s.smooth ? 0.4 : 0; }
      if (s.step !== undefined) { ds.stepped = !!s.step; }
    });
  }

  RW.applyChartOptions = applyChartOptions;
  RW.chartPalette = palette;
  RW.styleSeries = styleSeries;
})();
