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
  function dataset(s, threads) {
    var d = {
      label: s.label,
      data: s.points.map(function (p) { return { x: threads ? log2(p.x) : p.x, y: p.y }; }),
      borderColor: color(s.color, 1), backgroundColor: color(s.color, 1),
      borderWidth: 2, pointRadius: s.points.length > 40 ? 0 : 3, fill: false, tension: 0
    };
    if (s.kind === 'dashed') { d.borderDash = [6, 4]; }
    if (s.kind === 'dots') { d.showLine = false; d.pointRadius = 4; }
    if (s.kind === 'bandHigh' || s.kind === 'bandLow') {
      d.borderWidth = 0; d.pointRadius = 0; d.borderColor = color(s.color, 0.25);
      d.backgroundColor = color(s.color, 0.18);
      if (s.kind === 'bandHigh') { d.fill = '+1'; }
    }
    return d;
  }
  function config(spec) {
    var threads = spec.x === 'threads';
    var x = { type: 'linear', title: { display: true, text: threads ? 'threads' : 'seconds since measured start' } };
    if (threads) {
      x.ticks = { stepSize: 1, callback: function (v) { return Number.isInteger(v) ? String(Math.pow(2, v)) : ''; } };
    }
    return {
      type: 'line',
      data: { datasets: spec.series.map(function (s) { return dataset(s, threads); }) },
      options: {
        animation: false, responsive: true, maintainAspectRatio: false, parsing: true,
        plugins: {
          title: { display: true, text: spec.title },
          legend: { labels: { boxWidth: 14, font: { size: 11 },
            filter: function (item) { return !/ (max|min)$/.test(item.text); } } },
          tooltip: { callbacks: { title: function (items) {
            if (!items.length) { return ''; }
            var v = items[0].parsed.x;
            return threads ? Math.round(Math.pow(2, v)) + ' threads' : v + ' s';
          } } }
        },
        scales: { x: x, y: { title: { display: true, text: spec.yTitle }, beginAtZero: true } }
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
  var drawn = 0;
  specs.forEach(function (spec) {
    try {
      var canvas = document.getElementById(spec.id);
      var lines = spec.series.filter(function (s) { return s.kind === 'line' || s.kind === 'dashed'; }).length;
      if (lines > 8) { canvas.parentNode.style.height = (320 + 14 * (lines - 8)) + 'px'; }
      new Chart(canvas, config(spec));
      if (painted(canvas)) { drawn++; } else { window.reportError('chart ' + spec.id + ' drew nothing'); }
    } catch (e) {
      window.reportError('chart ' + spec.id + ': ' + e);
    }
  });
  var status = document.getElementById('render-status');
  status.setAttribute('data-drawn', drawn);
  status.textContent = 'charts drawn: ' + drawn + ' of ' + specs.length;
  status.className = drawn === specs.length ? 'ok' : 'failed';
})();
