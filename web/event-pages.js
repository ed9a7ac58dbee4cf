// The event log's reach into binderyd's: the daemon keeps many more events than the page
// (10,000 by default) and answers /api/events a page at a time, searched there
// (docs/HTTP.md): older pages as the reader scrolls to the end, a search's matches older than
// what the page holds, and a past version's events.
import { fetchJSON } from "./fetch-json.js";

// Events one request brings: what the page opens with, and each older page after.
export const PAGE_SIZE = 300;
// Entries the log lists at first, and how many more each "show older" (or page loaded) adds.
export const LISTED = 25;
// The most entries the log holds, however many older pages the reader loads.
export const HELD_MAX = 10000;
const REQUEST_TIMEOUT_MS = 10000;

/** `/api/events` with `params` (null or "" values left out). */
export function eventsPath(params) {
  const query = Object.entries(params)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&");
  return query ? `api/events?${query}` : "api/events";
}

/**
 * One page of the daemon's events: `{events (oldest first), more, version, next}` — `next`
 * the cursor of the page past this one (`{before, skip}` walking back), when `more`.
 */
export async function fetchEventPage(params) {
  const { body } = await fetchJSON(eventsPath({ limit: PAGE_SIZE, ...params }), REQUEST_TIMEOUT_MS);
  if (!body || !Array.isArray(body.events)) throw new Error("api/events has no events array");
  const events = body.events.filter((event) => event && typeof event.version === "number");
  const next = body.next && typeof body.next === "object" ? body.next : null;
  return { events, more: body.more === true && next !== null, version: typeof body.version === "number" ? body.version : null, next };
}

/**
 * Where the page older than `entries` starts (held entries, oldest first, a run of the newest
 * events): below the oldest one's version, past the events of it held (`skip` counts every
 * event, matching or not, so this is true under any filter). `{}` (the newest) for none.
 */
export function cursorBelow(entries) {
  if (!entries.length) return {};
  const oldest = entries[0].event.version;
  let held = 0;
  while (held < entries.length && entries[held].event.version === oldest) held += 1;
  return { before: oldest + 1, skip: held };
}

/**
 * A list of the daemon's events reached a page at a time, walking back from `cursor`: a
 * search's matches (`filter`: vm, kind, q) older than what the page holds, or a past
 * version's events.
 */
export class DaemonPages {
  /** `wrap(event)`: what the list keeps of each event (the log's entries). */
  constructor(filter, cursor, wrap, fetchPage = fetchEventPage) {
    this.filter = filter;
    this.cursor = cursor;
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
    this.loading = this.fetchPage({ ...this.filter, ...this.cursor }).then((page) => {
      this.entries = [...page.events.map(this.wrap), ...this.entries];
      this.more = page.more;
      this.cursor = page.next || {};
      this.failed = false;
      return page.events.length > 0;
    }, () => { this.failed = true; return false; }).finally(() => { this.loading = null; });
    return this.loading;
  }
}
