// Runs the change feed's waiting requests for the page (feed.js): its long-polls and, behind
// nginx with nchan, the push stream (an EventSource). Why a worker: headless Chromium's
// --virtual-time-budget waits while the page itself has a request open, so a one-shot capture
// (--dump-dom, --screenshot) of a page that long-polls would wait for every poll; a worker's
// requests do not hold the page's virtual time. The request is fetch-json.js's, as the page's
// own.
//
// {id, path, timeoutMs}: one GET, answered {id, status, body} or {id, error}.
// {id, stream: path}: opens an EventSource, reported as {id, stream: "open"}, {id, stream:
// "message", data}, {id, stream: "ping"} (nchan's keep-alive event) and {id, stream: "error",
// opened} — after which the stream is closed: the page decides how to go on, never the
// browser's own reconnection. {id, close: true}: closes that stream.
import { fetchAnswer } from "./fetch-json.js";

const streams = new Map();

self.onmessage = ({ data }) => {
  if (data.stream !== undefined) openStream(data.id, data.stream);
  else if (data.close) closeStream(data.id);
  else poll(data);
};

async function poll({ id, path, timeoutMs }) {
  try {
    self.postMessage({ id, ...(await fetchAnswer(path, timeoutMs)) });
  } catch (error) {
    self.postMessage({ id, error: error.message });
  }
}

function openStream(id, path) {
  if (typeof EventSource !== "function") {
    self.postMessage({ id, stream: "error", opened: false });
    return;
  }
  const source = new EventSource(path);
  let opened = false;
  streams.set(id, source);
  source.onopen = () => {
    opened = true;
    self.postMessage({ id, stream: "open" });
  };
  source.onmessage = ({ data }) => self.postMessage({ id, stream: "message", data });
  source.addEventListener("ping", () => self.postMessage({ id, stream: "ping" }));
  source.onerror = () => {
    closeStream(id);
    self.postMessage({ id, stream: "error", opened });
  };
}

function closeStream(id) {
  const source = streams.get(id);
  streams.delete(id);
  if (source) source.close();
}
