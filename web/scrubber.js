// The version scrubber: a range over the versions the page has seen (history.js) and buttons
// to step through them. Choosing one shows the bound state at that version, marked "viewing
// version N (live is M)" with a way back; new changes keep arriving meanwhile (the range
// grows, the version viewed stays put) and are shown on returning to live.
import { h, setData, setHidden, setText } from "./dom.js";

export class Scrubber {
  /** `onView(version)`: show that version; `onView(null)`: show the live state. */
  constructor(elements, onView) {
    this.range = elements.range;
    this.older = elements.older;
    this.newer = elements.newer;
    this.label = elements.label;
    this.banner = elements.banner;
    this.onView = onView;
    this.versions = [];
    this.viewing = null; // null: live
    this.live = null;
    this.backToLive = h("button", { type: "button", class: "back-to-live" }, "back to live");
    this.bannerText = h("span", { class: "viewing-text" });
    this.banner.replaceChildren(this.bannerText, " — ", this.backToLive);
    this.range.addEventListener("input", () => this.choose(this.versions[Number(this.range.value)]));
    this.older.addEventListener("click", () => this.step(-1));
    this.newer.addEventListener("click", () => this.step(1));
    this.backToLive.addEventListener("click", () => this.choose(null));
    this.show();
  }

  /** The versions the page can show now (oldest first, the live one last). */
  update(versions, live) {
    this.versions = versions;
    this.live = live;
    if (this.viewing !== null && !versions.includes(this.viewing)) {
      // The version viewed fell out of the kept history (or another state began): go live.
      this.viewing = null;
      this.onView(null);
    }
    this.show();
  }

  /** Index in `versions` of what is shown. */
  position() {
    if (this.viewing === null) return Math.max(0, this.versions.length - 1);
    return this.versions.indexOf(this.viewing);
  }

  step(delta) {
    const index = Math.max(0, Math.min(this.versions.length - 1, this.position() + delta));
    this.choose(this.versions[index]);
  }

  choose(version) {
    const next = version === undefined || version === null || version === this.live ? null : version;
    if (next === this.viewing) return this.show();
    this.viewing = next;
    this.onView(next);
    this.show();
  }

  show() {
    const count = this.versions.length;
    const max = String(Math.max(0, count - 1));
    if (this.range.max !== max) this.range.max = max;
    if (this.range.value !== String(this.position())) this.range.value = String(this.position());
    this.range.disabled = count < 2;
    this.older.disabled = count < 2 || this.position() === 0;
    this.newer.disabled = this.viewing === null;
    const live = this.live === null ? "—" : String(this.live);
    const first = count ? this.versions[0] : null;
    this.range.setAttribute("aria-valuetext", this.viewing === null ? `live, version ${live}` : `version ${this.viewing}`);
    setText(this.label, this.viewing === null
      ? `live · version ${live}${count > 1 ? ` · ${count} versions kept, back to ${first}` : ""}`
      : `version ${this.viewing} of ${first}–${live}`);
    setData(document.body, "viewing", this.viewing === null ? "live" : "past");
    setHidden(this.banner, this.viewing === null);
    if (this.viewing !== null) this.bannerText.textContent = `viewing version ${this.viewing} (live is ${live}), read-only`;
  }
}
