// ui-chart's time axis labels, as Dashboard 2.0 1.31 formats them: xAxisFormatType names an ECharts time template
// ("{HH}:{mm}", ...), "custom" takes xAxisFormat, "auto" the browser's time of day; the five Chart.js formats of
// older flows ("HH:mm:ss", "HH:mm", "y-L-d", "d/L", "ccc HH:mm") mean their template, as Dashboard 2.0 maps them.
(function () {
  'use strict';
  const OLD = { 'HH:mm:ss': '{HH}:{mm}:{ss}', 'HH:mm': '{HH}:{mm}', 'ccc HH:mm': '{ee} {HH}:{mm}',
    'y-L-d': '{yyyy}-{M}-{d}', 'd/L': '{d}/{M}' };
  const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October',
    'November', 'December'];
  const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const pad = (n, width) => String(n).padStart(width, '0');
  // each template's text for a local time (ECharts' English names)
  const PARTS = {
    yyyy: (d) => String(d.getFullYear()), yy: (d) => pad(d.getFullYear() % 100, 2),
    MMMM: (d) => MONTHS[d.getMonth()], MMM: (d) => MONTHS[d.getMonth()].slice(0, 3),
    MM: (d) => pad(d.getMonth() + 1, 2), M: (d) => String(d.getMonth() + 1),
    dd: (d) => pad(d.getDate(), 2), d: (d) => String(d.getDate()),
    eeee: (d) => DAYS[d.getDay()], ee: (d) => DAYS[d.getDay()].slice(0, 3), e: (d) => String(d.getDay()),
    HH: (d) => pad(d.getHours(), 2), H: (d) => String(d.getHours()),
    hh: (d) => pad(d.getHours() % 12 || 12, 2), h: (d) => String(d.getHours() % 12 || 12),
    mm: (d) => pad(d.getMinutes(), 2), m: (d) => String(d.getMinutes()),
    ss: (d) => pad(d.getSeconds(), 2), s: (d) => String(d.getSeconds()),
    SSS: (d) => pad(d.getMilliseconds(), 3), S: (d) => String(d.getMilliseconds()),
    A: (d) => d.getHours() < 12 ? 'AM' : 'PM', a: (d) => d.getHours() < 12 ? 'am' : 'pm'
  };

  // the template's text for ms since 1970: {name} replaced, anything else kept as written
  function formatTime(template, ms) {
    const d = new Date(ms);
    return template.replace(/\{([A-Za-z]+)\}/g, (all, name) => PARTS[name] ? PARTS[name](d) : all);
  }

  // the widget's tick label function for its time axis
  function timeTicks(w) {
    const type = w.xAxisFormatType || 'auto';
    const chosen = type === 'custom' ? (w.xAxisFormat || '') : type;
    const template = OLD[chosen] || chosen;
    return type === 'auto' || !template ? (v) => new Date(v).toLocaleTimeString() : (v) => formatTime(template, v);
  }

  RW.formatTime = formatTime;
  RW.timeTicks = timeTicks;
})();
