// The one way the dashboard asks binderyd for JSON, shared by the page (feed.js) and the
// long-poll worker (long-poll-worker.js): a GET that bypasses the browser's cache, ends after
// timeoutMs, and reads 304 and 408 as "nothing new" (408: nginx's nchan ended a wait with
// nothing published, docs/HTTP.md).

/**
 * GETs `path` within `timeoutMs`: `{status, body}` with the body's text when the answer is
 * a success (null otherwise); a request that times out throws "request timed out".
 */
export async function fetchAnswer(path, timeoutMs) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(path, { cache: "no-store", signal: controller.signal });
    return { status: response.status, body: response.ok ? await response.text() : null };
  } catch (error) {
    throw new Error(error && error.name === "AbortError" ? "request timed out" : String((error && error.message) || error));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What an answer of `path` means to the feed: `{notModified: true}` (304), `{notModified:
 * true, askDaemon: true}` (408), or `{body}` parsed; any other failure throws naming the path.
 */
export function readAnswer(path, { status, body }) {
  if (status === 304) return { notModified: true };
  if (status === 408) return { notModified: true, askDaemon: true };
  if (body === null) throw new Error(`${path.split("?")[0]} answered HTTP ${status}`);
  return { body: JSON.parse(body) };
}

/** `fetchAnswer` then `readAnswer`: the JSON of `path`, or what its status means. */
export async function fetchJSON(path, timeoutMs) {
  return readAnswer(path, await fetchAnswer(path, timeoutMs));
}
