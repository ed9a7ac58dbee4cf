// The event log's export: the entries the filters show, with what each changed, downloaded
// as a JSON file through a Blob URL (a download, which `default-src 'self'` does not restrict).
import { fullTimestamp } from "./format.js";
import { h } from "./dom.js";

/** Downloads `entries` (oldest first) and the `filter` that chose them; returns how many. */
export function downloadEvents(entries, filter) {
  const now = new Date();
  const exported = {
    exported: now.toISOString(),
    filter,
    events: entries.map((entry) => ({ ...entry.event, changed: entry.effects.at, then: entry.effects.then })),
  };
  const blob = new Blob([JSON.stringify(exported, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = h("a", { href: url, download: `bindery-events-${fullTimestamp(now).replace(/[ :.]/g, "-")}.json`, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has read the URL by the next task; free the blob then.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return exported.events.length;
}
