// Which state a command's current run is in, so that a previous failure never looks like
// the current run's. From the command's state object (docs/HTTP.md: `executing`, and
// `lastError`, which binderyd clears on the next success) and the failures the page saw in
// the event log (`fail` events; binderyd's codes: `failed`, `timed_out`, `interrupted` for a
// run interrupted by a client, the daemon stopping or a crash, `cancelled` for a run its view
// model cut short, and `disabled` for a refused run, which is not a run at all):
//
//   running         an execution is running now (an earlier failure is shown as "failed before")
//   failed-now      the most recent run failed or timed out
//   cancelled       the most recent run was cancelled by its view model
//   interrupted     the most recent run was interrupted (a client's interrupt, a daemon stop)
//   failed-before   the most recent run succeeded, and an earlier one failed
//   idle            no failure: never ran, or every run seen succeeded
//
// The command states and the event log survive a restart of the daemon, so the failures
// remembered do too; they start over only with another state (FailureMemory.clear).

export const RUN_STATE_LABELS = {
  "running": "running",
  "failed-now": "failed now",
  "cancelled": "cancelled",
  "interrupted": "interrupted",
  "failed-before": "failed before",
  "idle": "idle",
};

const REAL_FAILURE_CODES = new Set(["failed", "timed_out"]);
// Failures remembered per command.
const FAILURES_KEPT = 20;

/** The state of a command's current run; see the table above. */
export function runStateOf(command, earlierFailure) {
  const lastError = command && command.lastError ? normalised(command.lastError) : null;
  if (command && command.executing === true) {
    // lastError, if any, is the previous run's: it is history while this one runs.
    const previous = lastError && REAL_FAILURE_CODES.has(lastError.code) ? lastError : earlierFailure;
    return { state: "running", previousFailure: previous || null, failure: null };
  }
  if (lastError) {
    if (lastError.code === "interrupted" || lastError.code === "cancelled") {
      return { state: lastError.code, failure: lastError, previousFailure: null };
    }
    return { state: "failed-now", failure: lastError, previousFailure: null };
  }
  if (earlierFailure) return { state: "failed-before", failure: null, previousFailure: earlierFailure };
  return { state: "idle", failure: null, previousFailure: null };
}

function normalised(lastError) {
  if (typeof lastError === "string") return { message: lastError, at: null, code: "failed" };
  return { message: lastError.message || JSON.stringify(lastError), at: lastError.at || null, code: lastError.code || "failed" };
}

/** The failed runs (fail events with code failed or timed_out) the page saw, per command. */
export class FailureMemory {
  constructor() {
    this.byCommand = new Map(); // "vm.name" -> [{version, at, message, code}], oldest first
  }

  clear() {
    this.byCommand.clear();
  }

  /**
   * Remembers the failures among `events` (in any order: those read at open may be older than
   * those already seen; each is kept once, in version order); returns the commands
   * ("vm.name") they concern.
   */
  record(events) {
    const touched = new Set();
    for (const event of events) {
      if (event.kind !== "fail" || !REAL_FAILURE_CODES.has(event.code || "failed")) continue;
      const key = `${event.vm}.${event.name}`;
      const list = this.byCommand.get(key) || [];
      if (list.some((known) => known.version === event.version && known.at === event.at)) continue;
      list.push({ version: event.version, at: event.at, message: String(event.error || ""), code: event.code || "failed" });
      if (list.length > 1 && list[list.length - 2].version > event.version) list.sort((a, b) => a.version - b.version);
      if (list.length > FAILURES_KEPT) list.shift();
      this.byCommand.set(key, list);
      touched.add(key);
    }
    return touched;
  }

  /** The latest failure of vm.name at or before `version` (null: any version), or null. */
  latest(vm, name, version) {
    const list = this.byCommand.get(`${vm}.${name}`) || [];
    for (let index = list.length - 1; index >= 0; index -= 1) {
      if (version === null || list[index].version <= version) return list[index];
    }
    return null;
  }
}
