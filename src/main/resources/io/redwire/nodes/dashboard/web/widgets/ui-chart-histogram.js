// ui-chart's histogram, as Dashboard 2.0 1.31 counts it: each series counts its points' x values, on a "bins" axis
// in `bins` ranges of equal width from xmin (0) to xmax (100) labelled "from-to" (a value past the last range counts
// in it, one before the first in none), on a "category" axis by distinct x value in the order they first came.
(function () {
  'use strict';
  const { shown } = RW;
  const numOr = (v, dflt) => v === '' || v === undefined || v === null || isNaN(Number(v)) ? dflt : Number(v);

  // {labels, counts: {series name: [count per label]}} of the points ({category, x}), oldest first
  function histogram(w, points) {
    const byBins = (w.xAxisType || 'bins') !== 'category';
    const min = numOr(w.xmin, 0);
    const max = numOr(w.xmax, 100);
    const n = Math.max(1, Math.round(numOr(w.bins, 10)));
    const width = (max - min) / n;
    const labels = byBins ? Array.from({ length: n }, (_, i) => `${min + i * width}-${min + (i + 1) * width}`) : [];
    const counts = {};
    points.forEach((p) => {
      let i;
      if (byBins) {
        i = Math.min(Math.floor((Number(p.x) - min) / width), n - 1);
        if (!(i >= 0)) { return; }
      } else {
        i = labels.indexOf(shown(p.x));
        if (i < 0) { i = labels.push(shown(p.x)) - 1; }
      }
      const name = shown(p.category);
      const c = counts[name] = counts[name] || [];
      c[i] = (c[i] || 0) + 1;
    });
    Object.values(counts).forEach((c) => { for (let i = 0; i < labels.length; i++) { c[i] = c[i] || 0; } });
    return { labels, counts };
  }

  RW.histogram = histogram;
})();
