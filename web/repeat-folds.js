// Repeats a timer makes, folded (issue 40): a view model polling on a timer logs the same
// run again and again — start, finish with the same result (or the same failure, or refused)
// — and one entry each would fill the log. Runs in a row whose events are identical but for
// their version, time and duration are one group: the newest run's entries are listed, and
// under them one line "×N, last at T" stands for the older ones, which it lists when opened.
// As in binderyctl's `watch` (RepeatFolding.swift), a group is up to LONGEST events (a run's
// start and its end) that come again in order; the page folds only runs a timer started, so a
// client's or a binding's runs are always listed one by one.
import { h, timeElement } from "./dom.js";

// The most events in one repeated group.
const LONGEST = 4;

/** What repeats of `event` share, or null for an event that is never folded (not a timer's run). */
export function repeatKey(event) {
  const timed = event.by === "timer" || event.via === "timer";
  if (!timed || !["start", "finish", "fail"].includes(event.kind)) return null;
  const { kind, vm, name, by, via, arg, value, error, code } = event;
  const digest = event.valueSummary ? event.valueSummary.digest || JSON.stringify(event.valueSummary) : undefined;
  return JSON.stringify([kind, vm, name, by, via, arg, value, digest, error, code]);
}

/**
 * The repeats among `entries` (oldest first, as listed): a Map from each folded entry (an
 * older repetition's) to its group's fold; `entries[i].segment` (a number) keeps groups from
 * reaching across a divider. A fold is kept on its group's oldest entry, so its line survives
 * the group growing: {count (repetitions, the listed one included), period, hidden (oldest
 * first), newest (the listed repetition's last entry), expanded}.
 */
export function findRepeats(entries, segmentOf) {
  // Each entry's key is worked out once (the log refreshes at every new event).
  const keys = entries.map((entry) => {
    if (entry.repeatKey === undefined) entry.repeatKey = repeatKey(entry.event);
    return entry.repeatKey;
  });
  const folded = new Map();
  const same = (a, b) => keys[a] !== null && keys[a] === keys[b] && segmentOf(entries[a]) === segmentOf(entries[b]);
  let index = 0;
  while (index < entries.length) {
    let best = null;
    for (let period = 1; period <= LONGEST; period += 1) {
      let count = 1;
      const repeats = (offset) => {
        for (let step = 0; step < period; step += 1) if (!same(index + step, index + offset + step)) return false;
        return true;
      };
      while (index + (count + 1) * period <= entries.length && repeats(count * period)) count += 1;
      if (count > 1 && (!best || count * period > best.count * best.period)) best = { period, count };
    }
    if (!best) { index += 1; continue; }
    const span = best.count * best.period;
    const hidden = entries.slice(index, index + span - best.period);
    const owner = hidden[0];
    owner.fold = owner.fold || { item: null, expanded: false };
    Object.assign(owner.fold, { count: best.count, period: best.period, hidden, newest: entries[index + span - 1] });
    for (const entry of hidden) folded.set(entry, owner.fold);
    index += span;
  }
  return folded;
}

/** The fold's line: "×5, last at 10:00:08 — 4 earlier identical runs of ticker.refresh", a button opening it. */
export function foldItem(fold, onToggle) {
  if (!fold.item) {
    const button = h("button", { type: "button", class: "fold-toggle", "aria-expanded": "false" });
    button.addEventListener("click", () => {
      fold.expanded = !fold.expanded;
      onToggle();
    });
    fold.item = h("li", { class: "event-fold" }, button);
  }
  const newest = fold.newest.event;
  // The log refreshes at every event: the line is rewritten only when what it says changed.
  const said = `${fold.count}|${fold.expanded}|${newest.version}`;
  if (fold.said === said) return fold.item;
  fold.said = said;
  const earlier = fold.count - 1;
  const runs = fold.period === 1 ? `${earlier} earlier identical ${newest.kind} event${earlier === 1 ? "" : "s"}`
    : `${earlier} earlier identical repeat${earlier === 1 ? "" : "s"} of these ${fold.period} events`;
  const button = fold.item.firstElementChild;
  button.setAttribute("aria-expanded", String(fold.expanded));
  button.replaceChildren(h("span", { class: "fold-count" }, `×${fold.count}`), ", last at ",
    timeElement(newest.at, "full"), h("span", { class: "fold-what" }, ` — ${runs} of ${newest.vm}.${newest.name} by a timer, folded (${fold.expanded ? "hide" : "show"})`));
  fold.item.dataset.version = String(fold.hidden[fold.hidden.length - 1].event.version);
  return fold.item;
}
