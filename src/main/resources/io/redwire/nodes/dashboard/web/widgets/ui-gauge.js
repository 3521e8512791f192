// The ui-gauge widget of Redwire's dashboard client: an SVG arc (half or three quarters) coloured by segments with
// a needle or a filled bar, a tile, or a battery / tank level; the value as text with prefix, suffix and units (a
// dial's with its icon before them, as Dashboard 2.0's dial gauges show it).
(function () {
  'use strict';
  const { computed } = Vue;
  const { shown, widgetComponent } = RW;
  const R = 40;
  const polar = (deg) => [50 + R * Math.cos(deg * Math.PI / 180), 50 + R * Math.sin(deg * Math.PI / 180)];
  const arc = (a, b) => {
    const [x1, y1] = polar(a);
    const [x2, y2] = polar(b);
    return 'M ' + x1 + ' ' + y1 + ' A ' + R + ' ' + R + ' 0 ' + (b - a > 180 ? 1 : 0) + ' 1 ' + x2 + ' ' + y2;
  };

  const UiGauge = widgetComponent(
    '<div class="rw-gauge" :class="\'rw-\' + (prop(\'gtype\') || \'gauge-half\')">' +
      '<span class="rw-label" v-html="html(prop(\'label\') ?? prop(\'title\'))"></span>' +
      '<svg v-if="round" :viewBox="box" class="rw-dial" aria-hidden="true">' +
      '<path v-for="s in bands" :key="s.from" :d="s.d" :stroke="s.color" fill="none" :stroke-width="key"></path>' +
      '<path v-if="prop(\'gstyle\') === \'rounded\'" :d="fill" :stroke="colour" fill="none" :stroke-width="thick" :stroke-linecap="prop(\'styleRounded\') !== false ? \'round\' : \'butt\'"></path>' +
      '<line v-else x1="50" y1="50" :x2="needle[0]" :y2="needle[1]" stroke="#333" stroke-width="2"></line></svg>' +
      '<div v-else class="rw-level" :style="{ background: colour, \'--rw-level\': pct + \'%\' }"></div>' +
      '<span class="rw-value">{{ text }}</span><span class="rw-units">' +
      '<i v-if="round && prop(\'icon\')" :class="icon(prop(\'icon\'))" aria-hidden="true"></i>{{ prop("units") }}</span></div>',
    (props, { prop, msg }) => {
      const min = computed(() => Number(prop('min')) || 0);
      const max = computed(() => Number(prop('max')) || 0);
      const value = computed(() => msg.value && typeof msg.value.payload !== 'object' ? Number(msg.value.payload) : NaN);
      const pct = computed(() => isNaN(value.value) || max.value === min.value ? 0
        : Math.max(0, Math.min(100, (value.value - min.value) / (max.value - min.value) * 100)));
      const span = computed(() => prop('gtype') === 'gauge-34' ? 270 : 180);
      const start = computed(() => prop('gtype') === 'gauge-34' ? 135 : 180);
      const segments = computed(() => (prop('segments') || []).map((s) => ({ from: Number(s.from), color: s.color }))
        .sort((a, b) => a.from - b.from));
      const at = (v) => start.value + span.value * Math.max(0, Math.min(1, (v - min.value) / ((max.value - min.value) || 1)));
      const colour = computed(() => {
        let c = segments.value.length ? segments.value[0].color : 'var(--rw-primary)';
        segments.value.forEach((s) => { if (!isNaN(value.value) && value.value >= s.from) { c = s.color; } });
        return c;
      });
      return {
        pct, colour,
        // only the dial's own height (and its strokes), so the value sits right under a half gauge's arc
        box: computed(() => '0 0 100 ' + (prop('gtype') === 'gauge-34' ? 86 : 58)),
        round: computed(() => !['gauge-tile', 'gauge-battery', 'gauge-tank'].includes(prop('gtype'))),
        thick: computed(() => (Number(prop('sizeThickness')) || 16) / 3),
        key: computed(() => (Number(prop('sizeKeyThickness')) || 8) / 3),
        bands: computed(() => segments.value.map((s, i) => {
          const to = i + 1 < segments.value.length ? segments.value[i + 1].from : max.value;
          return { from: s.from, color: s.color, d: arc(at(s.from), Math.max(at(s.from) + 0.01, at(to))) };
        })),
        fill: computed(() => arc(start.value, Math.max(start.value + 0.01, at(value.value)))),
        needle: computed(() => polar(at(isNaN(value.value) ? min.value : value.value))),
        text: computed(() => (prop('prefix') || '') + (msg.value ? shown(msg.value.payload) : '') + (prop('suffix') || ''))
      };
    });

  RW.register('ui-gauge', 'UiGauge', UiGauge, 'rw-gauge-widget');
})();
