"""What the live-update browser tests record in a page: the versions its stream heard
(`RECORD_HEARD`, an init script, so the stream opened at load is caught) and that the page was
never reloaded (`MARK_NOT_RELOADED`, evaluated once after load: a reload drops the mark)."""

RECORD_HEARD = """(() => {
  window.zjHeard = [];
  const Native = window.EventSource;
  window.EventSource = function (url, options) {
    const stream = new Native(url, options);
    stream.addEventListener("version", (event) => window.zjHeard.push(event.data));
    return stream;
  };
  window.EventSource.prototype = Native.prototype;
  Object.assign(window.EventSource, {CONNECTING: 0, OPEN: 1, CLOSED: 2});
})();"""

MARK_NOT_RELOADED = "() => { window.zjNeverReloaded = true; }"
