// What assistive technology hears without looking: one polite live region (index.html,
// #announcer, visually hidden) that says only what matters as it happens — a command's run
// failing or timing out — never the values and versions that change all the time.
import { formatDuration } from "./format.js";

const ANNOUNCED_CODES = new Set(["failed", "timed_out"]);

export class Announcer {
  constructor(region) {
    this.region = region;
  }

  /** Says `text` (replacing what was said; the same text again is said again). */
  say(text) {
    // A region whose text is set to what it already holds announces nothing: clear it first.
    if (this.region.textContent === text) this.region.textContent = "";
    this.region.textContent = text;
  }

  /** Says the failures among newly arrived `events` (one line for several). */
  failures(events) {
    const failed = events.filter((event) => event && event.kind === "fail" && ANNOUNCED_CODES.has(event.code || "failed"));
    if (!failed.length) return;
    const words = failed.map((event) => `${event.vm}.${event.name} ${event.code === "timed_out" ? "timed out" : "failed"}` +
      `${typeof event.durationMs === "number" ? ` after ${formatDuration(event.durationMs)}` : ""}${event.error ? `: ${event.error}` : ""}`);
    this.say(words.join("; "));
  }
}
