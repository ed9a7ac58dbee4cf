// The daemon's history (docs/HTTP.md, /api/history): the state at each version binderyd
// keeps (a byte budget's worth, across restarts), read after the page opens, so the scrubber
// reaches versions this tab never saw. The daemon answers a page at a time (a state and the
// versions after it); pages are read back from the newest, each ending where the later one
// starts, until MAX_VERSIONS or MAX_PAGES. Applying them oldest first (state.js, as the feed
// does) gives each version's undo records, one step per version, which history.js keeps as if
// the page had seen them arrive.
import { History } from "./history.js";
import { BoundState } from "./state.js";

const HISTORY_TIMEOUT_MS = 10000;
/** The most versions read (history.js keeps 1,200 steps) and the most pages to read them. */
const MAX_VERSIONS = 1000;
const MAX_PAGES = 8;

/** One page of /api/history: `to` null for the newest; null when it cannot be read. */
async function historyPage(to, limit) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HISTORY_TIMEOUT_MS);
  try {
    const query = to === null ? `limit=${limit}` : `to=${to}&limit=${limit}`;
    const response = await fetch(`api/history?${query}`, { cache: "no-store", signal: controller.signal });
    if (!response.ok) return null;
    const answer = await response.json();
    return answer && answer.state && Array.isArray(answer.versions) ? answer : null;
  } finally {
    clearTimeout(timer);
  }
}

/** The steps of the newest versions the daemon keeps (up to MAX_VERSIONS), oldest first ([] when it keeps none). */
export async function daemonSteps() {
  const pages = [];
  let to = null;
  let versions = 0;
  while (pages.length < MAX_PAGES && versions < MAX_VERSIONS) {
    const page = await historyPage(to, MAX_VERSIONS - versions);
    if (!page || (pages.length > 0 && page.to !== to)) break;
    pages.unshift(page);
    versions += page.versions.length;
    if (!page.older || page.versions.length === 0) break;
    to = page.older.to;
  }
  if (pages.length === 0) return [];
  const steps = new History();
  let state = new BoundState(pages[0].state);
  for (const page of pages) {
    for (const version of page.versions) {
      if (version.reset) {
        const next = new BoundState(version.reset);
        steps.recordReset(state, next);
        state = next;
      } else if (Array.isArray(version.changes)) {
        const from = state.version;
        steps.recordChanges(from, version.version, state.apply(version.version, version.changes));
      }
    }
  }
  return steps.steps;
}
