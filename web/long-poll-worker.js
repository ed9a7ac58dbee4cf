// Runs the change feed's long-polls for the page (feed.js). Why a worker: headless Chromium's
// --virtual-time-budget waits while the page itself has a request open, so a one-shot capture
// (--dump-dom, --screenshot) of a page that long-polls would wait for every poll; a worker's
// requests do not hold the page's virtual time. The request is fetch-json.js's, as the page's
// own. Answers {id, status, body} or {id, error}.
import { fetchAnswer } from "./fetch-json.js";

self.onmessage = async ({ data: { id, path, timeoutMs } }) => {
  try {
    self.postMessage({ id, ...(await fetchAnswer(path, timeoutMs)) });
  } catch (error) {
    self.postMessage({ id, error: error.message });
  }
};
