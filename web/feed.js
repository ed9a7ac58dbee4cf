// The network side: binderyd's read-only endpoints (docs/HTTP.md) followed in one loop.
//
// - /api/changes is long-polled from the version on screen; its first answer (no cursor) is a
//   reset with the whole state.
// - When a request fails the page is told at once (it greys out), and the daemon is tried
//   again every RETRY_MS, never more slowly: the first try that answers resynchronises.
// - Coming back, the page asks for the changes since its version without waiting. Versions
//   continue across restarts, so the same run answers with what it missed, and another run
//   of the daemon (whose first version is past ours) answers with a reset: that reset is how
//   the page tells a restart from a pause. A reset also reloads /api/surface, since the
//   daemon that came back may be another build.
// - Each change-feed answer carries the events of the versions it brings (`events`), handed on
//   with those changes: one request per change. /api/events is read only with a reset (the
//   log so far, from the newest event the page has: a page at most, event-pages.js).
// - Every poll names the feed the page's versions belong to (`feed`, from the page's inline
//   data and every reset): the daemon answers a cursor of another feed (another state's
//   versions) with a reset, and a proxy may route the long-polls by it — docs/nginx-nchan.conf
//   hands them to nginx's pub/sub module, which answers 408 when a wait ends with nothing
//   published. A 408 is "nothing new here": the next poll asks the daemon without waiting,
//   which answers with anything the page missed.
// - Push instead of poll where nginx offers it: docs/nginx-nchan.conf serves nchan's
//   EventSource stream of the feed at api/stream?feed=F, every version's answer as the daemon
//   posts it, each naming the cursor it follows (`since`). The page tries it first; a stream
//   that cannot be opened while the daemon's quick poll then answers is not offered here (the
//   daemon itself serves none: 404), and the page long-polls from then on. An answer that does
//   not follow on from the version on screen (a reset, one the page missed) ends the stream:
//   the daemon is asked without waiting, and the stream is opened again. So does nchan's ping
//   after 25 s with nothing posted, as a long-poll's 408 does: a post that never came (a
//   daemon not publishing, one lost with Redis) costs at most that long. A stream that breaks
//   is a failed request, as a failed long-poll is. A stream found absent is tried again every
//   PUSH_RETRY_MS (nginx may have been restarting, or nchan not yet connected to Redis).
// - A long-poll nchan answers with an answer it had stored for BEHIND_SECONDS or more means the
//   page is behind (each answer brings one version, and versions come faster than the page
//   polls): the next poll asks the daemon, whose answer brings every version since at once.

import { fetchJSON, readAnswer } from "./fetch-json.js";
import { fetchEventPage } from "./event-pages.js";

const LONG_POLL_SECONDS = 25;
// A daemon that answers at once (no long-poll support) is still polled at most once a second.
const MIN_IDLE_POLL_MS = 1000;
// While values change continuously, take in changes at most ten times a second.
const MIN_BUSY_POLL_MS = 100;
// While the daemon is unreachable: try again this often.
export const RETRY_MS = 1000;
const QUICK_REQUEST_TIMEOUT_MS = 10000;
// nchan pings a stream every 25 s (docs/nginx-nchan.conf): one that finds nothing posted for
// this long ends the stream, and the daemon is asked, as after a long-poll's 408.
const QUIET_STREAM_MS = 20000;
// A stream that could not be opened while the daemon answered is tried again after this long
// (where nothing serves it, that costs one 404 and one quick poll).
const PUSH_RETRY_MS = 30000;
// A long-poll answered with a post nchan had stored this long (its Date less its
// Last-Modified, whole seconds) finds the page behind.
const BEHIND_SECONDS = 2;

/**
 * Why a request failed, in words: a browser says only "Failed to fetch" (Chromium) or
 * "NetworkError when attempting to fetch resource." (Firefox) when nothing answered.
 */
function plainReason(error) {
  if (error && error.name === "AbortError") return "request timed out";
  const message = (error && error.message) || "";
  if (error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(message)) {
    return "no answer from binderyd (stopped, restarting, or the network is down)";
  }
  return message || "no answer from binderyd";
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Long-polls through web/long-poll-worker.js (why: see there), answering as fetchJSON does. */
class LongPoller {
  constructor() {
    this.worker = new Worker("long-poll-worker.js", { type: "module" });
    this.pending = new Map();
    this.streams = new Map();
    this.nextId = 1;
    this.broken = false;
    this.worker.onmessage = ({ data }) => {
      if (data.stream !== undefined) {
        const on = this.streams.get(data.id);
        if (data.stream === "error") this.streams.delete(data.id);
        if (on) on[data.stream](data.stream === "message" ? data.data : data.opened);
        return;
      }
      const settle = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (settle) settle(data);
    };
    // A worker that cannot load or run fails the polls waiting on it; the feed then
    // long-polls from the page itself.
    this.worker.onerror = () => {
      this.broken = true;
      for (const settle of this.pending.values()) settle({ error: "the long-poll worker failed" });
      this.pending.clear();
      for (const on of this.streams.values()) on.error(false);
      this.streams.clear();
    };
  }

  /**
   * Opens the EventSource at `path` in the worker; `on` gets open(), message(data), ping()
   * and, once, error(opened) — the stream is closed then. Returns the function that closes it.
   */
  stream(path, on) {
    const id = this.nextId++;
    this.streams.set(id, on);
    this.worker.postMessage({ id, stream: path });
    return () => {
      if (this.streams.delete(id)) this.worker.postMessage({ id, close: true });
    };
  }

  async fetchJSON(path, timeoutMs) {
    const id = this.nextId++;
    const answer = await new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.worker.postMessage({ id, path, timeoutMs });
    });
    if (answer.error) throw new Error(answer.error);
    return readAnswer(path, answer);
  }
}

function isStateDocument(state) {
  return state && typeof state.version === "number" && typeof state.viewModels === "object" && state.viewModels !== null;
}

/**
 * Follows the daemon and reports to `listener`:
 * - surface(viewModels, document): /api/surface (its viewModels, and the whole document with
 *   the daemon's name), on the first load and on every reset;
 * - reset(stateDocument, {first, anotherState}): replace everything (first: the page's first
 *   state; anotherState: versions went back, so this is another state directory: the page's
 *   history no longer applies);
 * - changes(fromVersion, toVersion, entries): apply these change-feed entries in order;
 * - events(events, knownThrough, page): new event-log entries, complete up to knownThrough;
 *   page: {gap (they do not follow on from the page's), olderOnDaemon (undefined: unchanged)};
 * - live(): a request succeeded; down(reason): one failed (the page is stale from now on);
 * - transport(name) (optional): how the page follows now, "eventsource" or "long-poll".
 */
export class Feed {
  constructor(listener) {
    this.listener = listener;
    this.version = null;      // the version the page shows
    this.feedId = null;       // the feed that version belongs to (docs/HTTP.md, `feed`)
    this.askDaemon = false;   // the last long-poll ended with nchan's 408, or the stream a gap: ask without waiting
    this.push = "untried";    // nchan's stream here: "untried", "offered" (it opened once) or "absent"
    this.pushSuspect = false; // the stream did not open: absent if the daemon's next quick poll answers
    this.pushRetryAt = 0;     // when an absent stream is tried again (performance.now())
    this.eventCursor = 0;     // the newest event version the page has
    this.surfaceJSON = null;
    this.reachable = false;
    this.eventsPending = false;
    this.longPoller = typeof Worker === "function" ? new LongPoller() : null;
  }

  /**
   * Starts from the state the page was served with (binderyd puts /api/surface and /api/state
   * inline): the listener shows it at once, and the feed follows on from its version, its
   * first request answered at once. False (nothing done) when the data is not that shape.
   */
  adopt(surfaceBody, state, feedId) {
    if (!surfaceBody || typeof surfaceBody.viewModels !== "object" || surfaceBody.viewModels === null) return false;
    if (!isStateDocument(state)) return false;
    this.surfaceJSON = JSON.stringify(surfaceBody.viewModels);
    this.listener.surface(surfaceBody.viewModels, surfaceBody);
    this.version = state.version;
    if (typeof feedId === "string") this.feedId = feedId;
    this.eventsPending = true;
    this.listener.reset(state, { first: true, anotherState: false });
    return true;
  }

  async run() {
    for (;;) {
      const started = performance.now();
      let floor;
      try {
        const changed = await this.pollOnce();
        this.reachable = true;
        this.listener.live();
        floor = changed ? MIN_BUSY_POLL_MS : MIN_IDLE_POLL_MS;
      } catch (error) {
        this.reachable = false;
        this.pushSuspect = false; // nothing answered: the stream's failure says nothing about nginx
        const reason = plainReason(error);
        this.listener.down(reason);
        floor = RETRY_MS;
      }
      const elapsed = performance.now() - started;
      if (elapsed < floor) await sleep(floor - elapsed);
    }
  }

  /** One poll of the change feed, with the events it brought; true when the version moved. */
  async pollOnce() {
    if (this.surfaceJSON === null) await this.loadSurface();
    if (this.eventsPending) {
      // The event log of an adopted (inline) state: read once, before the first change.
      this.deliverEvents(await this.readEvents());
      this.eventsPending = false;
    }
    let path = "api/changes";
    let timeout = QUICK_REQUEST_TIMEOUT_MS;
    let waits = false;
    const feed = this.feedId === null ? "" : `&feed=${this.feedId}`;
    if (this.version !== null && this.reachable && !this.askDaemon) {
      path = `api/changes?since=${this.version}&wait=${LONG_POLL_SECONDS}${feed}`;
      timeout = (LONG_POLL_SECONDS + 10) * 1000;
      waits = true;
    } else if (this.version !== null) {
      path = `api/changes?since=${this.version}${feed}`; // back from an outage or a 408: answered at once
    }
    const viaWorker = waits && this.longPoller && !this.longPoller.broken;
    const pushDue = this.push !== "absent" || performance.now() >= this.pushRetryAt;
    if (viaWorker && pushDue && this.feedId !== null) return this.followStream();
    const result = viaWorker ? await this.longPoller.fetchJSON(path, timeout) : await fetchJSON(path, timeout);
    if (this.pushSuspect) {
      // The daemon answered where the stream could not be opened: nothing here serves it.
      this.push = "absent";
      this.pushRetryAt = performance.now() + PUSH_RETRY_MS;
      this.pushSuspect = false;
    }
    this.listener.transport?.(this.push === "offered" ? "eventsource" : "long-poll");
    this.askDaemon = Boolean(result.askDaemon) || (waits && result.storedFor >= BEHIND_SECONDS);
    if (result.notModified) return false;
    const answer = result.body;
    if (!answer || typeof answer.version !== "number") throw new Error("api/changes has no version");
    if (answer.reset !== undefined) {
      if (!isStateDocument(answer.reset)) throw new Error("api/changes reset is not {version, viewModels}");
      await this.applyReset(answer.reset, typeof answer.feed === "string" ? answer.feed : null);
      return true;
    }
    if (!Array.isArray(answer.changes)) throw new Error("api/changes has neither changes nor reset");
    if (!Array.isArray(answer.events)) throw new Error("api/changes has no events array");
    if (answer.version === this.version) return false;
    // The changes and their events reach the page in one task: one frame shows the new
    // values, the run states and the event log together.
    const from = this.version;
    this.version = answer.version;
    this.listener.changes(from, answer.version, answer.changes);
    this.deliverEvents(this.freshEvents(answer.events, answer.version));
    return true;
  }

  /**
   * Follows nchan's stream until it ends: each posted answer that follows on from the version
   * on screen is applied as it comes (those arriving within 100 ms of the last applied are taken
   * in together, as a busy long-poll would). Resolves whether the version moved, once the stream
   * has ended for a reason the next quick poll settles (it did not open; an answer did not
   * follow on; nchan's ping found nothing posted for QUIET_STREAM_MS); rejects when an opened
   * stream breaks, or one offered before does not open.
   */
  followStream() {
    return new Promise((resolve, reject) => {
      const queue = [];
      let moved = false;
      let timer = null;
      let lastApplied = -Infinity;
      let lastPosted = performance.now();
      let done = false;
      const finish = (error) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        close();
        if (error) reject(error); else resolve(moved);
      };
      const drain = () => {
        timer = null;
        lastApplied = performance.now();
        const { changed, gap } = this.applyPushed(queue.splice(0));
        moved = moved || changed;
        if (gap) {
          this.askDaemon = true;
          finish(null);
        }
      };
      const close = this.longPoller.stream(`api/stream?feed=${this.feedId}`, {
        open: () => {
          this.push = "offered";
          this.listener.transport?.("eventsource");
          this.listener.live();
        },
        ping: () => {
          this.listener.live();
          if (performance.now() - lastPosted < QUIET_STREAM_MS) return;
          this.askDaemon = true;
          finish(null);
        },
        message: (data) => {
          lastPosted = performance.now();
          queue.push(data);
          if (timer === null) timer = setTimeout(drain, Math.max(0, lastApplied + MIN_BUSY_POLL_MS - performance.now()));
        },
        error: (opened) => {
          if (opened || this.push === "offered") {
            finish(new Error(opened ? "the change stream closed" : "the change stream could not be opened"));
            return;
          }
          this.pushSuspect = true;
          this.askDaemon = true;
          finish(null);
        },
      });
    });
  }

  /**
   * Applies the pushed answers `texts` (JSON, oldest first) that follow on from the version on
   * screen, skipping those it already has, as one change. `gap`: one did not follow on (a
   * reset, a version the page missed, or not a change-feed answer); those after it are dropped.
   */
  applyPushed(texts) {
    const from = this.version;
    let to = from;
    const entries = [];
    const events = [];
    let gap = false;
    for (const text of texts) {
      let answer = null;
      try { answer = JSON.parse(text); } catch { answer = null; }
      if (!answer || typeof answer.version !== "number") { gap = true; break; }
      if (answer.version <= to) continue;
      if (answer.since !== to || !Array.isArray(answer.changes) || !Array.isArray(answer.events)) { gap = true; break; }
      entries.push(...answer.changes);
      events.push(...answer.events);
      to = answer.version;
    }
    if (to !== from) {
      this.version = to;
      this.listener.changes(from, to, entries);
      this.deliverEvents(this.freshEvents(events, to));
      this.listener.live();
    }
    return { changed: to !== from, gap };
  }

  async applyReset(state, feedId) {
    const first = this.version === null;
    // Another feed's reset is another state's versions (--reset-state, another directory);
    // so is a reset below the page's version (or below its events), from a daemon that
    // names no feed: versions never go back within one state.
    const anotherFeed = feedId !== null && this.feedId !== null && feedId !== this.feedId;
    const anotherState = !first && (anotherFeed || state.version < this.version || this.eventCursor > state.version);
    if (!first) await this.loadSurface();
    if (anotherState) this.eventCursor = 0;
    const events = await this.readEvents();
    if (feedId !== null) this.feedId = feedId;
    this.version = state.version;
    this.listener.reset(state, { first, anotherState });
    this.deliverEvents(events);
  }

  async loadSurface() {
    const { body } = await fetchJSON("api/surface", QUICK_REQUEST_TIMEOUT_MS);
    if (!body || typeof body.viewModels !== "object" || body.viewModels === null) {
      throw new Error("api/surface has no viewModels object");
    }
    const json = JSON.stringify(body.viewModels);
    const changed = json !== this.surfaceJSON;
    this.surfaceJSON = json;
    if (changed) this.listener.surface(body.viewModels, body);
  }

  /**
   * The events after the page's newest, and the version up to which that list is complete:
   * a page at most (the daemon keeps thousands, event-pages.js reaches the older ones). With
   * none yet, the newest page; after a pause longer than a page, the newest page too, not
   * following on from those the page holds (`gap`).
   */
  async readEvents() {
    const cursor = this.eventCursor;
    let page = await fetchEventPage(cursor > 0 ? { since: cursor } : {});
    let gap = false;
    if (cursor > 0 && page.more) {
      page = await fetchEventPage({});
      gap = true;
    }
    const olderOnDaemon = cursor === 0 || gap ? page.more : undefined;
    return { ...this.freshEvents(page.events, page.version), gap, olderOnDaemon };
  }

  /** The events of `events` newer than the page's newest; the list is complete up to knownThrough. */
  freshEvents(events, knownThrough) {
    const fresh = events.filter((event) => event && typeof event.version === "number" && event.version > this.eventCursor);
    return { fresh, knownThrough };
  }

  deliverEvents({ fresh, knownThrough, gap = false, olderOnDaemon }) {
    for (const event of fresh) this.eventCursor = Math.max(this.eventCursor, event.version);
    this.listener.events(fresh, knownThrough === null ? this.eventCursor : knownThrough, { gap, olderOnDaemon });
  }
}
