// When each version happened, for the time axes (sparklines.js, run-timeline.js). The daemon
// stamps every event with its time (`at`, docs/HTTP.md) and every event carries its version,
// so a version with events has the time of its first. A version without events (a lookup
// answered later, values a run produced before it ended) has the time the page took it in
// when it came through the change feed (at most a poll interval late); one the page never saw
// arrive is placed at the latest known time before it — what the event log calls "then".
// The times of versions older than the events the page holds are asked of the daemon when a
// version among them is shown (ensure).
import { fetchEventPage } from "./event-pages.js";

// Events asked for around a version whose time is unknown.
const AROUND = 40;

export class VersionTimes {
  constructor() {
    this.times = new Map(); // version -> epoch ms
    this.sorted = null;     // the known versions, ascending (rebuilt when read after a change)
    this.asked = new Set(); // versions whose surroundings were asked for
  }

  clear() {
    this.times.clear();
    this.sorted = null;
    this.asked.clear();
  }

  /** Takes the time of each event's version (its first event's `at`). */
  note(events) {
    for (const event of events) {
      if (!event || typeof event.version !== "number") continue;
      const at = Date.parse(event.at);
      if (!Number.isFinite(at)) continue;
      const known = this.times.get(event.version);
      if (known === undefined || at < known) {
        this.times.set(event.version, at);
        this.sorted = null;
      }
    }
  }

  /** Version `version` reached the page at `ms` (taken only when no event dates it). */
  arrived(version, ms) {
    if (this.times.has(version)) return;
    this.times.set(version, ms);
    this.sorted = null;
  }

  /** The time of `version`: its own, or the latest known before it; null when none is. */
  at(version) {
    const own = this.times.get(version);
    if (own !== undefined) return own;
    const versions = this.versions();
    let low = 0, high = versions.length - 1, found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (versions[middle] <= version) { found = middle; low = middle + 1; } else { high = middle - 1; }
    }
    return found < 0 ? null : this.times.get(versions[found]);
  }

  /** Whether `version` has a time of its own or one before it within the events known. */
  knows(version) {
    const versions = this.versions();
    return versions.length > 0 && versions[0] <= version;
  }

  versions() {
    if (this.sorted === null) this.sorted = [...this.times.keys()].sort((a, b) => a - b);
    return this.sorted;
  }

  /**
   * Asks the daemon for the events around `version` when the page knows no time at or
   * before it (a past version older than the events held); resolves true when it learned any.
   */
  async ensure(version) {
    if (this.knows(version) || this.asked.has(version)) return false;
    this.asked.add(version);
    try {
      const [before, after] = await Promise.all([
        fetchEventPage({ before: version + 1, limit: AROUND }),
        fetchEventPage({ since: version, limit: AROUND }),
      ]);
      const count = this.times.size;
      this.note(before.events);
      this.note(after.events);
      return this.times.size > count;
    } catch {
      return false;
    }
  }
}
