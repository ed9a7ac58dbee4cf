// Whether what the page shows is current: the header's status, and while binderyd cannot be
// reached a banner saying since when the values are stale; the cards are greyed out then
// (style.css, body[data-connection="down"]), from the first failed request on.
import { clockTime } from "./format.js";
import { h, setData, setHidden, setText } from "./dom.js";
import { RETRY_MS } from "./feed.js";

export class ConnectionView {
  constructor(elements) {
    this.status = elements.status;
    this.detail = elements.detail;
    this.updated = elements.updated;
    this.version = elements.version;
    this.banner = elements.banner;
    this.lastContact = null; // when the daemon last answered
    this.viewing = null;     // the past version the scrubber shows (null: the live one)
    this.staleTime = h("time");
    this.reason = h("span", { class: "stale-reason" });
    // The daemon's program name, from /api/surface (binderyd, or a program of DaemonMain).
    this.daemonName = h("span", { class: "daemon-name" }, "The daemon");
    this.banner.replaceChildren(h("strong", {}, this.daemonName, " is unreachable"), " — the values shown are stale since ",
      this.staleTime, ". ", this.reason, ` Retrying every ${RETRY_MS / 1000} s.`);
    this.setState("connecting");
  }

  setState(state) {
    // While a past version is shown the header does not say "live": what is on screen is not.
    const live = this.viewing === null ? "live" : `past version ${this.viewing} shown`;
    const text = { live, down: "unreachable", connecting: "connecting…" }[state];
    if (this.status.dataset.state !== state) this.status.dataset.state = state;
    setText(this.status, text);
    setData(this.status, "viewing", this.viewing === null ? "live" : "past");
    setData(document.body, "connection", state);
  }

  /** The scrubber shows `version` (null: the live one). */
  setViewing(version) {
    this.viewing = version;
    this.setState(this.status.dataset.state || "connecting");
  }

  /** Names the daemon in the banner (`daemon` of /api/surface). */
  setDaemonName(name) {
    if (typeof name === "string" && name) setText(this.daemonName, name);
  }

  /** The daemon answered. */
  live() {
    this.lastContact = new Date();
    this.setState("live");
    if (this.detail.textContent) this.detail.textContent = "";
    setHidden(this.banner, true);
  }

  /** A request failed for `reason`. */
  down(reason) {
    if (this.lastContact === null) {
      // Never reached: nothing on screen is stale, there is just nothing yet.
      this.setState("connecting");
      this.detail.textContent = `${reason}; retrying`;
      return;
    }
    this.setState("down");
    this.detail.textContent = reason;
    this.staleTime.textContent = clockTime(this.lastContact);
    this.staleTime.dateTime = this.lastContact.toISOString();
    this.reason.textContent = `(${reason})`;
    setHidden(this.banner, false);
  }

  /** The version on screen moved (the last-update time is when the page took it in). */
  showVersion(version) {
    const now = new Date();
    const clock = clockTime(now);
    if (this.updated.textContent !== clock) {
      this.updated.textContent = clock;
      this.updated.dateTime = now.toISOString();
    }
    setText(this.version, `version ${version}`);
    setData(document.body, "version", String(version));
  }
}
