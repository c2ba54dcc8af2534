// Collects script errors into #render-errors before anything else runs, so a failing chart or library
// shows on the page (and in the Chromium test's DOM dump).
(function () {
  var list = document.getElementById('render-errors');
  function record(text) {
    var li = document.createElement('li');
    li.textContent = String(text);
    list.appendChild(li);
    document.getElementById('render-status').setAttribute('data-errors', list.children.length);
  }
  window.reportError = record;
  window.addEventListener('error', function (e) {
    record('error: ' + e.message + ' (' + (e.filename || 'page') + ':' + (e.lineno || 0) + ')');
  });
  window.addEventListener('unhandledrejection', function (e) { record('unhandled rejection: ' + e.reason); });
  var consoleError = console.error;
  console.error = function () {
    record('console.error: ' + Array.prototype.join.call(arguments, ' '));
    return consoleError.apply(console, arguments);
  };
})();
