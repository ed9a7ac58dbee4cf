// The event log's reach into binderyd's: the daemon keeps many more events than the page
// (10,000 by default) and answers /api/events a page at a time, searched there
// (docs/HTTP.md): older pages as the reader scrolls to the end, a search's matches older than
// what the page holds, and a past version's events.
import { fetchJSON } from "./fetch-json.js";

// Events one request brings: what the page opens with, and each older page after.
export const PAGE_SIZE = 300;
const REQUEST_TIMEOUT_MS = 10000;

/** `/api/events` with `params` (null or "" values left out). */
export function eventsPath(params) {
  const query = Object.entries(params)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&");
  return query ? `api/events?${query}` : "api/events";
}

/**
 * One page of the daemon's events: `{events (oldest first), more, before, version}` —
 * `before` the cursor for the page older than this one, when `more`.
 */
export async function fetchEventPage(params) {
  const { body } = await fetchJSON(eventsPath({ limit: PAGE_SIZE, ...params }), REQUEST_TIMEOUT_MS);
  if (!body || !Array.isArray(body.events)) throw new Error("api/events has no events array");
  const events = body.events.filter((event) => event && typeof event.version === "number");
  return {
    events, more: body.more === true, version: typeof body.version === "number" ? body.version : null,
    before: body.next && typeof body.next.before === "number" ? body.next.before : null,
  };
}

/**
 * A list of the daemon's events reached a page at a time, walking back: a search's matches
 * (`filter`: vm, kind, q) below a version, or a past version's events.
 */
export class DaemonPages {
  /** `wrap(event)`: what the list keeps of each event (the log's entries). */
  constructor(params, wrap, fetchPage = fetchEventPage) {
    this.params = params;
    this.wrap = wrap;
    this.fetchPage = fetchPage;
    this.entries = [];     // oldest first
    this.more = true;      // the daemon may hold more, older
    this.loading = null;   // the request under way
    this.failed = false;
  }

  /** Asks for the next older page (once at a time); resolves true when it brought events. */
  loadOlder() {
    if (!this.more) return Promise.resolve(false);
    if (this.loading) return this.loading;
    const before = this.entries.length ? this.entries[0].event.version : this.params.before;
    this.loading = this.fetchPage({ ...this.params, before }).then((page) => {
      this.entries = [...page.events.map(this.wrap), ...this.entries];
      this.more = page.more;
      this.failed = false;
      return page.events.length > 0;
    }, () => { this.failed = true; return false; }).finally(() => { this.loading = null; });
    return this.loading;
  }
}
