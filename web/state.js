// The bound state the page follows: the /api/state document of a reset, brought forward by
// the change feed's entries (docs/HTTP.md, /api/changes). Applying an entry records what it
// replaced (an "undo record"), so history.js can take a copy of the state back to an
// earlier version without the page ever keeping whole copies of long lists.

/** The members object of `part` ("input", "output", "command") of a view model's state. */
function membersOf(vmState, part) {
  const key = `${part}s`;
  return vmState[key] || (vmState[key] = {});
}

export class BoundState {
  /** The state of a reset: `document` is an /api/state document. */
  constructor(document) {
    this.version = document.version;
    this.viewModels = document.viewModels;
  }

  /**
   * Applies change-feed entries in order (they bring the state to `version`); returns one
   * undo record per entry applied. Entries about unknown view models are skipped.
   */
  apply(version, changes) {
    const records = [];
    for (const change of changes) {
      const record = change && applyEntry(this.viewModels, change);
      if (record) records.push(record);
    }
    this.version = version;
    return records;
  }
}

/**
 * Applies one entry to `viewModels` in place. A list entry with `rows` cuts or grows the list
 * to `length` and puts each [index, row]; the record keeps the length and the rows it
 * replaced or cut, so undoing costs the rows changed, not the list.
 */
function applyEntry(viewModels, change) {
  const vmState = viewModels[change.vm];
  if (!vmState || typeof vmState !== "object") return null;
  const members = membersOf(vmState, change.part);
  const name = change.name;
  const had = Object.prototype.hasOwnProperty.call(members, name);
  const old = members[name];
  if ("value" in change || !Array.isArray(change.rows)) {
    members[name] = change.value;
    return { change, had, old };
  }
  if (!Array.isArray(old)) {
    members[name] = [];
    for (const [index, row] of change.rows) members[name][index] = row;
    members[name].length = change.length;
    return { change, had, old };
  }
  const rows = old;
  const oldLength = rows.length;
  const oldRows = [];
  for (const [index] of change.rows) if (index < oldLength) oldRows.push([index, rows[index]]);
  for (let index = change.length; index < oldLength; index += 1) oldRows.push([index, rows[index]]);
  rows.length = Math.min(oldLength, change.length);
  for (const [index, row] of change.rows) rows[index] = row;
  rows.length = change.length;
  return { change, had, oldLength, oldRows };
}

/**
 * A copy of `viewModels` that undo() may change: each view model's object and its members
 * objects are copied; lists are shared until undo() first changes one (then copied).
 */
export function writableCopy(viewModels) {
  const copy = {};
  for (const [vm, vmState] of Object.entries(viewModels || {})) {
    if (!vmState || typeof vmState !== "object") continue;
    copy[vm] = {};
    for (const [key, members] of Object.entries(vmState)) {
      copy[vm][key] = members && typeof members === "object" && !Array.isArray(members) ? { ...members } : members;
    }
  }
  return { viewModels: copy, ownLists: new Set() };
}

/** Takes `record` back in `copy` (from writableCopy): the member as it was before the entry. */
export function undo(copy, record) {
  const vmState = copy.viewModels[record.change.vm];
  if (!vmState) return;
  const members = membersOf(vmState, record.change.part);
  const name = record.change.name;
  if (!("oldRows" in record)) {
    if (record.had) members[name] = record.old;
    else delete members[name];
    return;
  }
  let rows = members[name];
  if (!copy.ownLists.has(rows)) {
    rows = rows.slice();
    members[name] = rows;
    copy.ownLists.add(rows);
  }
  rows.length = Math.min(rows.length, record.oldLength);
  for (const [index, row] of record.oldRows) rows[index] = row;
  rows.length = record.oldLength;
}
