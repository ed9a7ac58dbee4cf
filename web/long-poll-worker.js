// Runs the change feed's long-polls for the page (feed.js). Why a worker: headless Chromium's
// --virtual-time-budget waits while the page itself has a request open, so a one-shot capture
// (--dump-dom, --screenshot) of a page that long-polls would wait for every poll; a worker's
// requests do not hold the page's virtual time. Answers {id, status, body} or {id, error}.
self.onmessage = async ({ data: { id, path, timeoutMs } }) => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(path, { cache: "no-store", signal: controller.signal });
    const body = response.ok ? await response.text() : null;
    self.postMessage({ id, status: response.status, body });
  } catch (error) {
    self.postMessage({ id, error: error && error.name === "AbortError" ? "request timed out" : String((error && error.message) || error) });
  } finally {
    clearTimeout(timer);
  }
};
