// The ui-chart widget of Redwire's dashboard client.
(function () {
  'use strict';
  const { ref, onMounted, onBeforeUnmount, markRaw } = Vue;
  const { store, chartListeners, shown, widgetComponent } = RW;

  const UiChart = widgetComponent(
    '<span class="rw-label">{{ prop("label") }}</span><div class="rw-canvas"><canvas ref="canvas"></canvas></div>',
    (props) => {
      const canvas = ref(null);
      let chart = null;
      const colors = () => props.w.colors || ['#0095FF', '#FF0000', '#FF7F0E', '#2CA02C'];
      function line(name) {
        let ds = chart.data.datasets.find((d) => d.label === name);
        if (!ds) {
          const c = colors()[chart.data.datasets.length % colors().length];
          ds = { label: name, data: [], borderColor: c, backgroundColor: c, pointRadius: 2, tension: 0 };
          chart.data.datasets.push(ds);
        }
        return ds;
      }
      function add(points) {
        [].concat(points).forEach((p) => { if (p) { line(shown(p.category)).data.push({ x: p.x, y: p.y }); } });
      }
      function onMsg(type, msg) {
        if (!chart) { return; }
        const replace = msg.action === 'replace' || (props.w.action === 'replace' && msg.action !== 'append');
        if (type === 'load' || (Array.isArray(msg.payload) && msg.payload.length === 0) || replace) {
          chart.data.datasets = [];
        }
        if (msg._datapoint) { add(msg._datapoint); }
        chart.update('none');
      }
      onMounted(() => {
        const time = (props.w.xAxisType || 'time') === 'time';
        chart = markRaw(new Chart(canvas.value, {
          type: 'line',
          data: { datasets: [] },
          options: {
            animation: false, maintainAspectRatio: false, parsing: false,
            plugins: { legend: { display: props.w.showLegend !== false } },
            scales: {
              x: { type: 'linear', title: { display: !!props.w.xAxisLabel, text: props.w.xAxisLabel },
                ticks: { callback: (v) => time ? new Date(v).toLocaleTimeString() : v } },
              y: { title: { display: !!props.w.yAxisLabel, text: props.w.yAxisLabel },
                min: props.w.ymin === '' ? undefined : Number(props.w.ymin),
                max: props.w.ymax === '' ? undefined : Number(props.w.ymax) }
            }
          }
        }));
        (chartListeners[props.w.id] = chartListeners[props.w.id] || []).push(onMsg);
        const kept = store.msgs[props.w.id];
        if (kept) { onMsg('load', kept); }
      });
      onBeforeUnmount(() => {
        chartListeners[props.w.id] = (chartListeners[props.w.id] || []).filter((f) => f !== onMsg);
        if (chart) { chart.destroy(); }
      });
      return { canvas };
    });

  RW.register('ui-chart', 'UiChart', UiChart, 'rw-chart');
})();
