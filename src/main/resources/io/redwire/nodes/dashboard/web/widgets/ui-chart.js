// The ui-chart widget of Redwire's dashboard client: Chart.js line, bar, scatter, pie, doughnut and histogram charts
// of the points (msg._datapoint: category = series, x, y) the node makes; [] clears, "replace" starts anew. The time
// axis' labels (ui-chart-time.js), histogram counts (ui-chart-histogram.js) and chartOptions (ui-chart-options.js)
// are their own modules.
(function () {
  'use strict';
  const { ref, watch, onMounted, onBeforeUnmount, markRaw } = Vue;
  const { store, listen, shown, widgetComponent } = RW;
  const KINDS = { line: 'line', bar: 'bar', scatter: 'scatter', pie: 'pie', doughnut: 'doughnut', histogram: 'bar' };
  const num = (v) => v === '' || v === undefined || v === null ? undefined : Number(v);

  const UiChart = widgetComponent(
    '<span class="rw-label">{{ prop("label") }}</span><div class="rw-canvas"><canvas ref="canvas"></canvas></div>',
    (props, widget) => {
      const canvas = ref(null);
      const w = props.w;
      const kind = KINDS[w.chartType] || 'line';
      const round = kind === 'pie' || kind === 'doughnut';
      const histogram = w.chartType === 'histogram';
      const categorical = round || histogram || w.xAxisType === 'category';
      const time = !categorical && (w.xAxisType || 'time') === 'time';
      let chart = null;
      let points = []; // the points shown, for the charts redrawn from all of them (categories, pies)
      let stop = null;
      const options = () => widget.prop('chartOptions');
      const colors = () => RW.chartPalette(options())
        || (Array.isArray(w.colors) && w.colors.length ? w.colors : ['#0095FF', '#FF0000', '#FF7F0E', '#2CA02C']);
      const color = (i) => colors()[i % colors().length];

      function series(name) {
        let ds = chart.data.datasets.find((d) => d.label === name);
        if (!ds) {
          const c = color(chart.data.datasets.length);
          ds = { label: name, data: [], borderColor: c, backgroundColor: c, pointRadius: Number(w.pointRadius ?? 4),
            pointStyle: w.pointShape === 'false' ? false : (w.pointShape || 'circle'), tension: w.interpolation === 'bezier' ? 0.4 : 0,
            stepped: w.interpolation === 'step', cubicInterpolationMode: w.interpolation === 'cubic-mono' ? 'monotone' : 'default' };
          chart.data.datasets.push(ds);
        }
        return ds;
      }
      // a histogram: each series' counts by bin or category
      function redrawHistogram() {
        const h = RW.histogram(w, points);
        chart.data.labels = h.labels;
        chart.data.datasets = [];
        Object.entries(h.counts).forEach(([name, counts]) => { series(name).data = counts; });
      }
      // categories and pies: one label per distinct x, each series' y at its label
      function redraw() {
        if (histogram) { redrawHistogram(); return; }
        const labels = [];
        points.forEach((p) => { const l = shown(p.x); if (!labels.includes(l)) { labels.push(l); } });
        chart.data.labels = labels;
        chart.data.datasets = [];
        points.forEach((p) => {
          const ds = series(shown(p.category));
          ds.data[labels.indexOf(shown(p.x))] = p.y;
        });
        if (round) {
          chart.data.datasets.forEach((ds) => { ds.backgroundColor = labels.map((l, i) => color(i)); ds.borderColor = '#fff'; });
        }
      }
      // a series keeps what the node keeps (removeOlderPoints, removeOlder x unit on a time axis): an open page's
      // chart stays as long as a newly opened one's, however long it has been open
      const keepPoints = Number(w.removeOlderPoints) || 0;
      const keepMillis = time ? Number(w.removeOlder ?? 1) * (Number(w.removeOlderUnit) || 3600) * 1000 : 0;
      function trim(data) {
        if (keepPoints > 0 && data.length > keepPoints) { data.splice(0, data.length - keepPoints); }
        if (keepMillis > 0) {
          const oldest = Date.now() - keepMillis;
          let n = 0;
          while (n < data.length && data[n].x < oldest) { n++; }
          if (n) { data.splice(0, n); }
        }
      }
      function add(list) {
        list.forEach((p) => {
          if (!p) { return; }
          if (histogram) {
            points.push(p); // every point counts
          } else if (categorical) {
            points = points.filter((q) => !(shown(q.category) === shown(p.category) && shown(q.x) === shown(p.x)));
            points.push(p);
          } else {
            const data = series(shown(p.category)).data;
            data.push({ x: p.x, y: p.y });
            trim(data);
          }
        });
      }
      // one drawing a frame however many points arrive in it (a busy chart gets hundreds a second)
      let drawing = 0;
      function draw() {
        if (!drawing) { drawing = requestAnimationFrame(() => { drawing = 0; if (chart) { chart.update('none'); } }); }
      }
      function onMsg(type, msg) {
        if (!chart) { return; }
        const replace = msg.action === 'replace' || (w.action === 'replace' && msg.action !== 'append');
        if (type === 'load' || (Array.isArray(msg.payload) && msg.payload.length === 0) || replace) {
          chart.data.datasets = [];
          points = [];
        }
        if (msg._datapoint) { add([].concat(msg._datapoint)); }
        if (categorical) { redraw(); }
        RW.styleSeries(chart, options());
        draw();
      }
      onMounted(() => {
        const scales = round ? {} : {
          x: { type: categorical ? 'category' : 'linear', stacked: !!w.stackSeries,
            min: categorical ? undefined : num(w.xmin), max: categorical ? undefined : num(w.xmax),
            title: { display: !!w.xAxisLabel, text: w.xAxisLabel },
            ticks: time ? { callback: RW.timeTicks(w) } : {} },
          y: { stacked: !!w.stackSeries, title: { display: !!w.yAxisLabel, text: w.yAxisLabel }, min: num(w.ymin), max: num(w.ymax) }
        };
        chart = markRaw(new Chart(canvas.value, {
          type: kind,
          data: { labels: [], datasets: [] },
          options: { animation: false, maintainAspectRatio: false,
            plugins: { legend: { display: w.showLegend !== false } }, scales }
        }));
        RW.applyChartOptions(chart, options(), time);
        stop = listen(w.id, onMsg);
        const kept = store.msgs[w.id];
        if (kept) { onMsg('load', kept); }
      });
      // msg.ui_update.chartOptions (merged with the earlier ones by the node); watched by their text, not deep: a
      // deep watch fires on every msg that touches the widget's state, and a chart update per msg cannot keep up
      // with a fast stream (the page hung at 100 points a second)
      watch(() => JSON.stringify(options() ?? null), () => {
        if (!chart) { return; }
        const opts = options();
        RW.applyChartOptions(chart, opts, time);
        RW.styleSeries(chart, opts);
        chart.update('none');
      });
      onBeforeUnmount(() => {
        if (stop) { stop(); }
        if (drawing) { cancelAnimationFrame(drawing); }
        if (chart) { chart.destroy(); }
      });
      return { canvas };
    });

  RW.register('ui-chart', 'UiChart', UiChart, 'rw-chart');
})();
