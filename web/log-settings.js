// The event log's search, filters and pause, kept in localStorage so they survive a reload
// (per origin: each daemon's dashboard keeps its own). A browser that refuses storage (a
// private window's quota, a policy) just starts with none: the log works the same.
const KEY = "bindery.eventLog";

/** The saved {query, vm, kind, paused}, or {} when none. */
export function loadLogSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "{}");
    return saved && typeof saved === "object" ? saved : {};
  } catch {
    return {};
  }
}

/** Saves `settings` ({query, vm, kind, paused}). */
export function saveLogSettings(settings) {
  try { localStorage.setItem(KEY, JSON.stringify(settings)); } catch { /* storage refused: not kept */ }
}
