// Turns the chart specs of #report-data into Chart.js charts, then writes how many drew into #render-status.
(function () {
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
    '#bcbd22', '#17becf'];
  function color(i, alpha) {
    var hex = palette[i % palette.length];
    var r = parseInt(hex.substr(1, 2), 16), g = parseInt(hex.substr(3, 2), 16), b = parseInt(hex.substr(5, 2), 16);
    return 'rgba(' + r + ',' + g + ',' + b + ',' + alpha + ')';
  }
  function log2(v) { return Math.log(v) / Math.LN2; }
  function dataset(s, threads, logY) {
    var d = {
      label: s.label,
      data: s.points.map(function (p) {
        return { x: threads ? log2(p.x) : p.x, y: logY && p.y !== null && p.y <= 0 ? null : p.y };
      }),
      borderColor: color(s.color, 1), backgroundColor: color(s.color, 1),
      borderWidth: 2, pointRadius: s.points.length > 40 ? 0 : 3, fill: false, tension: 0,
      spanGaps: false // a point with y null (no reading, a counter gap) breaks the line
    };
    if (s.kind === 'dashed') { d.borderDash = [6, 4]; }
    if (s.kind === 'reference') { d.borderDash = [6, 4]; d.borderWidth = 1.5; d.pointRadius = 0; }
    if (s.kind === 'dots') { d.showLine = false; d.pointRadius = 4; }
    if (s.kind === 'bandHigh' || s.kind === 'bandLow') {
      d.borderWidth = 0; d.pointRadius = 0; d.borderColor = color(s.color, 0.25);
      d.backgroundColor = color(s.color, 0.18);
      if (s.kind === 'bandHigh') { d.fill = '+1'; }
    }
    return d;
  }
  // Vertical markers (faults, recovery points, quorum changes): one style and one legend entry per kind, in colours
  // the series palette does not use, so a marker is never taken for a node's line.
  var markerStyle = {
    fault: { color: 'rgba(0,0,0,0.9)', dash: [], legend: 'fault began' },
    recovery: { color: 'rgba(90,90,90,0.9)', dash: [6, 4], legend: 'back to 90% of baseline tps' },
    quorum: { color: 'rgba(184,134,11,0.95)', dash: [2, 3], legend: 'quorum lost / back' },
    met: { color: 'rgba(0,100,0,0.9)', dash: [], legend: 'highest rate that met the target', noText: true },
    missed: { color: 'rgba(139,0,0,0.9)', dash: [6, 4], legend: 'lowest rate that missed it', noText: true }
  };
  function markerLegend(markers) {
    var kinds = [];
    markers.forEach(function (m) { if (kinds.indexOf(m.kind) < 0) { kinds.push(m.kind); } });
    return kinds.map(function (k) {
      var st = markerStyle[k] || markerStyle.fault;
      return { label: st.legend, data: [], borderColor: st.color, backgroundColor: st.color, borderDash: st.dash,
        borderWidth: 2, pointRadius: 0, fill: false };
    });
  }
  // Marker labels are horizontal, at the top of the plot, each in the first row where it overlaps no other label,
  // on a white box so lines and data do not cross the text. A capacity search's two lines have no text (its points
  // crowd around them; the legend names them and the verdict above the chart gives their rates).
  var markerPlugin = {
    id: 'cbMarkers',
    afterDatasetsDraw: function (chart, args, options) {
      var markers = (options && options.markers) || [];
      var area = chart.chartArea, x = chart.scales.x, ctx = chart.ctx;
      var rows = [];
      markers.forEach(function (m) {
        var px = x.getPixelForValue(m.x);
        if (px < area.left || px > area.right) { return; }
        var st = markerStyle[m.kind] || markerStyle.fault;
        ctx.save();
        ctx.strokeStyle = st.color; ctx.fillStyle = st.color; ctx.lineWidth = 1.5; ctx.setLineDash(st.dash);
        ctx.beginPath(); ctx.moveTo(px, area.top); ctx.lineTo(px, area.bottom); ctx.stroke();
        if (st.noText) { ctx.restore(); return; }
        ctx.setLineDash([]); ctx.font = '12px sans-serif';
        var w = ctx.measureText(m.label).width + 6;
        var left = Math.min(px + 2, area.right - w);
        var row = 0;
        while ((rows[row] || []).some(function (r) { return left < r[1] && left + w > r[0]; })) { row++; }
        (rows[row] = rows[row] || []).push([left, left + w]);
        var top = area.top + 2 + row * 16;
        ctx.fillStyle = 'rgba(255,255,255,0.85)'; ctx.fillRect(left, top, w, 15);
        ctx.fillStyle = st.color; ctx.textBaseline = 'top'; ctx.fillText(m.label, left + 3, top + 2);
        ctx.restore();
      });
    }
  };
  // The markers a chart over seconds can show: those up to its last point (a legend entry for a marker outside the
  // plot would name something the reader cannot find); the axis starts at the run's start, 0 s.
  function shownMarkers(spec) {
    var last = -Infinity;
    spec.series.forEach(function (s) { s.points.forEach(function (p) { if (p.x > last) { last = p.x; } }); });
    return (spec.markers || []).filter(function (m) { return m.x >= 0 && m.x <= last; });
  }
  function config(spec) {
    var threads = spec.x === 'threads';
    var cats = spec.categories;
    var markers = shownMarkers(spec);
    var seconds = spec.x === 'seconds';
    var x = { type: 'linear', title: { display: true,
      text: cats ? spec.x : threads ? 'threads' : seconds ? 'seconds since measured start' : spec.x } };
    if (!threads && !cats) { x.min = 0; }
    if (threads) {
      x.ticks = { stepSize: 1, callback: function (v) { return Number.isInteger(v) ? String(Math.pow(2, v)) : ''; } };
    }
    if (cats) {
      // Category axis: point x is an index into spec.categories (consistency levels, node pairs).
      x.min = -0.5; x.max = cats.length - 0.5;
      x.afterBuildTicks = function (axis) { axis.ticks = cats.map(function (c, i) { return { value: i }; }); };
      x.ticks = { autoSkip: false,
        callback: function (v) { return Number.isInteger(v) && cats[v] !== undefined ? cats[v] : ''; } };
    }
    return {
      type: 'line',
      data: { datasets: spec.series.map(function (s) { return dataset(s, threads, spec.yScale === 'log'); })
        .concat(markerLegend(markers)) },
      plugins: [markerPlugin],
      options: {
        animation: false, responsive: true, maintainAspectRatio: false, parsing: true,
        plugins: {
          cbMarkers: { markers: markers },
          title: { display: true, text: spec.title },
          // legend entries drawn as the line itself (dashed where the series or marker is), dots as a dot
          legend: { labels: { usePointStyle: true, font: { size: 11 },
            generateLabels: function (chart) {
              var items = Chart.defaults.plugins.legend.labels.generateLabels(chart);
              items.forEach(function (it) {
                var ds = chart.data.datasets[it.datasetIndex];
                it.pointStyle = ds && ds.showLine === false ? 'circle' : 'line';
              });
              return items;
            },
            filter: function (item) { return !item.hidden && !/ (max|min)$/.test(item.text); } } },
          tooltip: { callbacks: { title: function (items) {
            if (!items.length) { return ''; }
            var v = items[0].parsed.x;
            if (cats) { return cats[v]; }
            if (threads) { var n = Math.round(Math.pow(2, v)); return n + (n === 1 ? ' thread' : ' threads'); }
            return seconds ? v + ' s' : spec.x + ': ' + v;
          } } }
        },
        scales: { x: x, y: spec.yScale === 'log'
          ? { type: 'logarithmic', title: { display: true, text: spec.yTitle + ', log scale' } }
          : { title: { display: true, text: spec.yTitle }, beginAtZero: true } }
      }
    };
  }
  function painted(canvas) {
    if (!canvas.width || !canvas.height) { return false; }
    var pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (var i = 3; i < pixels.length; i += 4) { if (pixels[i] !== 0) { return true; } }
    return false;
  }
  var specs = JSON.parse(document.getElementById('report-data').textContent).charts;
  var drawn = 0, charts = [];
  specs.forEach(function (spec) {
    try {
      var canvas = document.getElementById(spec.id);
      var lines = spec.series.filter(function (s) { return s.kind === 'line' || s.kind === 'dashed'; }).length;
      if (lines > 8) { canvas.parentNode.style.height = (320 + 14 * (lines - 8)) + 'px'; }
      charts.push({ spec: spec, chart: new Chart(canvas, config(spec)), runs: [] });
      if (painted(canvas)) { drawn++; } else { window.reportError('chart ' + spec.id + ' drew nothing'); }
    } catch (e) {
      window.reportError('chart ' + spec.id + ': ' + e);
    }
  });
  // A run selector shows one run's series in the charts of its group (a series belongs to a run when its label is the
  // run's label or ends with '] ' and it); the empty value shows every run.
  function belongs(label, run) { return label === run || label.slice(-(run.length + 2)) === '] ' + run; }
  function select(group, run) {
    // parts of the page that belong to one run (the per-operation tables) show for that run only
    Array.prototype.forEach.call(document.querySelectorAll('.run-part'), function (el) {
      if (el.getAttribute('data-group') === group) {
        el.style.display = run === '' || el.getAttribute('data-run') === run ? '' : 'none';
      }
    });
    charts.forEach(function (c) {
      if (c.spec.selector !== group) { return; }
      c.chart.data.datasets.forEach(function (d, i) {
        if (i >= c.spec.series.length) { return; } // marker legend entries stay
        var s = c.spec.series[i];
        var own = c.runs.some(function (r) { return belongs(s.label, r); });
        d.hidden = run !== '' && own && !belongs(s.label, run);
      });
      c.chart.update();
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll('select.run-select'), function (sel) {
    var runs = Array.prototype.map.call(sel.options, function (o) { return o.value; }).filter(function (v) { return v; });
    charts.forEach(function (c) { if (c.spec.selector === sel.getAttribute('data-group')) { c.runs = runs; } });
    sel.addEventListener('change', function () { select(sel.getAttribute('data-group'), sel.value); });
    select(sel.getAttribute('data-group'), sel.value);
  });
  var status = document.getElementById('render-status');
  status.setAttribute('data-drawn', drawn);
  status.textContent = 'charts drawn: ' + drawn + ' of ' + specs.length;
  status.className = drawn === specs.length ? 'ok' : 'failed';
})();
