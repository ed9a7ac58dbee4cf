// Bindery dashboard: follows binderyd's read-only JSON endpoint (docs/HTTP.md) and renders
// every view model's bound state. ES modules, no framework, no build step; data only ever
// reaches the page through textContent and attributes, never as markup.
//
// This file wires the parts together: the feed (network) brings resets, changes and events;
// the bound state applies them; the history keeps what each change replaced, for the
// scrubber and the event log's per-event changes; the deck of cards shows the live state, or
// the version the scrubber chose.
import { Announcer } from "./announcer.js";
import { ConnectionView } from "./connection.js";
import { Deck } from "./cards.js";
import { EventLog } from "./event-log.js";
import { FailureMemory } from "./run-state.js";
import { Feed } from "./feed.js";
import { History } from "./history.js";
import { daemonSteps } from "./daemon-history.js";
import { Scrubber } from "./scrubber.js";
import { Sparklines } from "./sparklines.js";
import { RunTiming } from "./run-timing.js";
import { RunTimeline } from "./run-timeline.js";
import { recentRunEvents } from "./run-history.js";
import { VersionTimes } from "./version-times.js";
import { BoundState } from "./state.js";
import { showReadOnlyNote } from "./read-only-note.js";
import { showImportedSession } from "./imported-session.js";
import { pointSessionLink } from "./session-link.js";

const byId = (id) => document.getElementById(id);

const connection = new ConnectionView({
  status: byId("status"), detail: byId("status-detail"), updated: byId("updated"),
  version: byId("version"), banner: byId("stale-banner"),
});
const deck = new Deck(byId("cards"));
const history = new History();
const times = new VersionTimes();
const sparklines = new Sparklines(times);
const runTiming = new RunTiming();
const runTimeline = new RunTimeline({ root: byId("runs"), lanes: byId("run-lanes"), axis: byId("run-axis"), status: byId("runs-status") }, times);
const announcer = new Announcer(byId("announcer"));
const failures = new FailureMemory();
const eventLog = new EventLog({
  list: byId("event-list"), empty: byId("events-empty"), status: byId("event-status"),
  search: byId("event-search"), vmFilter: byId("event-vm"), kindFilter: byId("event-kind"),
  pause: byId("event-pause"), export: byId("event-export"),
});
const scrubber = new Scrubber({
  range: byId("scrub-range"), older: byId("scrub-older"), newer: byId("scrub-newer"),
  label: byId("scrub-label"), banner: byId("viewing-banner"),
}, showVersion);

let surface = {};
let attach = "binderyctl"; // how binderyctl attaches to this daemon (the page's inline data says)
let live = null;      // BoundState: the daemon's state as last heard
let viewing = null;   // the version shown instead of the live one, or null
let eventsSeen = false;

/**
 * The failure before a command's current run (run-state.js), as of `version` (null: the live
 * version; the event log may already hold events of versions whose changes come next).
 */
const earlierFailure = (version) => (vm, name) => failures.latest(vm, name, version === null ? live.version : version);

/** Shows `version` from the history, or the live state (null). */
function showVersion(version) {
  viewing = version;
  pointSessionLink(byId("session-export"), version);
  if (!live) return;
  const viewModels = version === null ? live.viewModels : history.stateAt(version, live);
  deck.render(viewModels, earlierFailure(version), true);
  eventLog.setViewing(version);
  connection.setViewing(version);
  sparklines.setViewing(version);
  runTimeline.setViewing(version);
  // A version older than every event held has no time yet: ask the daemon around it.
  if (version !== null) {
    times.ensure(version).then((learned) => {
      if (learned && viewing === version) { sparklines.drawAll(); runTimeline.draw(); }
    });
  }
}

/** Reads the daemon's newest failures and finishes (run-history.js), older than the page's events. */
async function loadRunHistory() {
  const events = await recentRunEvents();
  if (!events.length || !live) return;
  times.note(events);
  sparklines.drawAll();
  runTiming.record(events);
  runTimeline.record(events);
  const commands = failures.record(events);
  if (viewing === null && commands.size) deck.refreshCommands(commands, live.viewModels, earlierFailure(null));
}

// Clicking an event's version shows the state at that version.
byId("event-list").addEventListener("click", (click) => {
  const button = click.target.closest("[data-jump]");
  if (button) scrubber.choose(Number(button.dataset.jump));
});

/** Puts the daemon's history behind what the page saw: a scrubber stop per kept version. */
async function loadDaemonHistory() {
  let steps;
  try { steps = await daemonSteps(); } catch { return; }
  const put = history.prepend(steps);
  if (!put.length || !live) return;
  sparklines.seed(put);
  if (eventsSeen) {
    history.attribute(eventLog.eventVersions(), live.version, giveEffects, put);
  }
  afterNewVersion();
}

function giveEffects(versions, step, relation, lines) {
  const span = step.from !== null && step.to - step.from > 1
    ? `versions ${step.from + 1}–${step.to} arrived together; their changes:` : null;
  eventLog.addEffects(versions, relation, lines, span);
}

function afterNewVersion() {
  connection.showVersion(live.version);
  scrubber.update(history.versions(), live.version);
}

const feed = new Feed({
  surface(viewModels, document) {
    if (document) connection.setDaemonName(document.daemon);
    surface = viewModels;
    if (document) runTiming.setTimeoutMs(document.commandTimeoutMs);
    deck.setSurface(viewModels);
    eventLog.setViewModels(Object.keys(viewModels));
  },

  reset(document, { first, anotherState }) {
    const previous = live;
    live = new BoundState(document);
    if (anotherState) {
      // Versions went back: another state directory. Nothing the page kept applies.
      history.clear();
      times.clear();
      sparklines.clear();
      runTiming.clear();
      runTimeline.clear();
      eventLog.clear();
      failures.clear();
    } else if (!first) {
      // Another run of the daemon: it restored the command states and the event log, so the
      // failures the page remembers still apply.
      eventLog.markReset(live.version, `whole state reloaded at version ${live.version}: binderyd's change feed ` +
        "started over (another run of the daemon)");
    }
    history.recordReset(anotherState ? null : previous, live);
    if (first || anotherState) { loadDaemonHistory(); loadRunHistory(); showImportedSession(byId("imported-session"), attach); }
    if (viewing === null) deck.render(live.viewModels, earlierFailure(null), !first);
    sparklines.drawAll(); // the cards may be new (another surface)
    runTiming.drawAll();
    showReadOnlyNote(byId("read-only-note"), surface, live.viewModels, attach);
    afterNewVersion();
  },

  changes(from, to, entries) {
    times.arrived(to, Date.now()); // its events, if any, date it more exactly
    const records = live.apply(to, entries);
    history.recordChanges(from, to, records);
    sparklines.record(records, to);
    if (viewing === null) deck.applyRecords(records, live.viewModels, earlierFailure(null));
    runTiming.tick(); // a command started or ended: its clock starts or stops
    afterNewVersion();
  },

  events(events, knownThrough, page) {
    times.note(events);
    const commands = failures.record(events);
    runTiming.record(events);
    runTimeline.record(events);
    // A page of the log dates the versions of the daemon's history: the lines can place them.
    if (!eventsSeen || page.gap) sparklines.drawAll();
    // Only what happens while the page is open is announced, not the log it opens with.
    if (eventsSeen && !page.gap) announcer.failures(events);
    eventLog.add(events, eventsSeen, page);
    eventsSeen = true;
    history.attribute(eventLog.eventVersions(), knownThrough, giveEffects);
    if (viewing === null && commands.size) deck.refreshCommands(commands, live.viewModels, earlierFailure(null));
  },

  live() { connection.live(); },
  transport(name) { document.body.dataset.transport = name; },
  down(reason) { connection.down(reason); },
});

/** The state, surface, feed id and attach line binderyd served the page with, or null (a static copy). */
function inlineData() {
  const block = byId("bindery-initial");
  if (!block) return null;
  try { return JSON.parse(block.textContent); } catch { return null; }
}

// The first paint shows the state the page was built with; the feed follows on from there.
const initial = inlineData();
if (initial) {
  if (typeof initial.attach === "string") attach = initial.attach;
  feed.adopt(initial.surface, initial.state, initial.feed);
}
feed.run();
