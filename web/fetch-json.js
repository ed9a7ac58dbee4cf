// The one way the dashboard asks binderyd for JSON, shared by the page (feed.js) and the
// long-poll worker (long-poll-worker.js): a GET that bypasses the browser's cache, ends after
// timeoutMs, and reads 304 and 408 as "nothing new" (408: nginx's nchan ended a wait with
// nothing published, docs/HTTP.md).

/**
 * GETs `path` within `timeoutMs`: `{status, body, storedFor}` with the body's text when the
 * answer is a success (null otherwise) and, for an answer nchan had stored, how long it had
 * (its Date less its Last-Modified, in whole seconds; 0 without them — binderyd sends no
 * Last-Modified); a request that times out throws "request timed out".
 */
export async function fetchAnswer(path, timeoutMs) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(path, { cache: "no-store", signal: controller.signal });
    const stored = Date.parse(response.headers.get("Last-Modified") || "");
    const now = Date.parse(response.headers.get("Date") || "");
    const storedFor = Number.isFinite(stored) && Number.isFinite(now) ? Math.max(0, (now - stored) / 1000) : 0;
    return { status: response.status, body: response.ok ? await response.text() : null, storedFor };
  } catch (error) {
    throw new Error(error && error.name === "AbortError" ? "request timed out" : String((error && error.message) || error));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What an answer of `path` means to the feed: `{notModified: true}` (304), `{notModified:
 * true, askDaemon: true}` (408), or `{body, storedFor}` parsed; any other failure throws
 * naming the path.
 */
export function readAnswer(path, { status, body, storedFor }) {
  if (status === 304) return { notModified: true };
  if (status === 408) return { notModified: true, askDaemon: true };
  if (body === null) throw new Error(`${path.split("?")[0]} answered HTTP ${status}`);
  return { body: JSON.parse(body), storedFor: storedFor || 0 };
}

/** `fetchAnswer` then `readAnswer`: the JSON of `path`, or what its status means. */
export async function fetchJSON(path, timeoutMs) {
  return readAnswer(path, await fetchAnswer(path, timeoutMs));
}
