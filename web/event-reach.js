// Reaching the events binderyd keeps beyond what the event log holds (event-log.js holds the
// newest; the daemon 10,000): the next older page at the end of the list, a search's matches
// older than those held, and a past version's events. Each is one page at a time
// (event-pages.js), so opening or scrolling never costs the page the whole log.
import { DaemonPages, HELD_MAX, LISTED, cursorBelow } from "./event-pages.js";
import { EventEntry } from "./event-entry.js";

/** Asks the daemon for the next older page of what `log` lists; `grow`: list LISTED more. */
export async function fetchOlder(log, grow) {
  const filter = log.filter();
  const filtering = Boolean(filter.vm || filter.kind || filter.query);
  if (filtering && !log.viewed && !log.found) {
    // Nothing older is kept: what the page holds is all there is to search.
    if (!log.olderOnDaemon) return;
    log.found = new DaemonPages({ vm: filter.vm, kind: filter.kind, q: log.search.value.trim() }, cursorBelow(log.entries),
      (event) => log.wrap(event), log.fetchPage);
  }
  const { pages } = log.source(filtering);
  if (pages) {
    const loading = pages.loadOlder();
    log.refresh([]);
    const brought = await loading;
    if (log.source(filtering).pages !== pages) return; // the filters or the version changed meanwhile
    if (brought && grow) log.listed += LISTED;
    log.refresh([]);
    return;
  }
  await fetchOlderHeld(log, grow);
}

/** Loads the page of events older than those `log` holds, held from now on. */
async function fetchOlderHeld(log, grow) {
  if (log.loadingHeld || !log.olderOnDaemon) return;
  const oldest = log.entries[0];
  log.loadingHeld = true;
  log.refresh([]);
  let page = null;
  try { page = await log.fetchPage(cursorBelow(log.entries)); } catch { page = null; }
  log.loadingHeld = false;
  if (page && log.entries[0] === oldest) {
    const older = [];
    for (let index = page.events.length - 1; index >= 0; index -= 1) {
      log.olderMade -= 1;
      older.unshift(new EventEntry(page.events[index], log.olderMade, false));
    }
    log.entries = [...older, ...log.entries];
    for (const entry of older) log.index(entry);
    for (const entry of older) if (Array.isArray(entry.event.effects)) log.showStoredEffects(entry);
    // An older page may end inside a version whose changes are listed under a held event.
    for (const entry of older) log.pointToStored(entry);
    log.keep = Math.min(HELD_MAX, Math.max(log.keep, log.entries.length));
    log.olderOnDaemon = page.more;
    if (grow && older.length) log.listed += LISTED;
  }
  log.refresh([]);
}

/**
 * `log`'s scrubber shows `version` (null: live): a version older than every event held is
 * shown with its own events, asked of the daemon by version.
 */
export function viewVersion(log, version) {
  log.viewing = version;
  const held = !log.entries.length || log.entries[0].event.version <= version;
  if (version === null || !log.olderOnDaemon || held) {
    log.viewed = null;
  } else if (!log.viewed || log.viewed.version !== version) {
    const pages = new DaemonPages({}, { before: version + 1 }, (event) => log.wrap(event), log.fetchPage);
    log.viewed = { version, pages };
    log.listed = LISTED;
    pages.loadOlder().then(() => { if (log.viewed && log.viewed.pages === pages) log.refresh([]); });
  }
  log.refresh([]);
}
