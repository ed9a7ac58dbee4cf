// What an applied change entry changed, as lines "name: old → new" (undo records of state.js).
// A list patch is described row by row and field by field ("products[3].isSelected: false →
// true"); a command's state object by the fields that changed ("login.enabled: false →
// true"; its lastValue and lastError by the new value only). Each line is {vm, part, name,
// before, after}: text, never markup (`before` null: the line shows the new value alone).
import { counted, formatValue } from "./format.js";

// A list patch of many rows is summed up after this many rows.
const ROWS_DESCRIBED = 5;

function same(a, b) {
  return JSON.stringify(a === undefined ? null : a) === JSON.stringify(b === undefined ? null : b);
}

function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Lines for the fields of two records that differ; `prefix` names the record. */
function fieldLines(base, prefix, before, after) {
  const lines = [];
  const keys = new Set([...Object.keys(before || {}), ...Object.keys(after || {})]);
  for (const key of keys) {
    const old = (before || {})[key];
    const now = (after || {})[key];
    if (same(old, now)) continue;
    lines.push(...valueLines(base, `${prefix}.${key}`, old, now, describeField(key, old), describeField(key, now)));
  }
  return lines;
}

/**
 * The line for a value that changed from `old` to `now`, shown as `before` and `after`; when
 * those read the same (a record shown by its message whose time changed, a long value cut
 * short the same way), what differs instead: the record's changed fields, or the text around
 * the first difference — never "x → x".
 */
function valueLines(base, name, old, now, before, after) {
  if (before !== after) return [{ ...base, name, before, after }];
  if (isRecord(old) && isRecord(now)) return fieldLines(base, name, old, now);
  const oldText = typeof old === "string" ? old : JSON.stringify(old === undefined ? null : old);
  const nowText = typeof now === "string" ? now : JSON.stringify(now === undefined ? null : now);
  const [beforePart, afterPart] = aroundDifference(oldText, nowText);
  return [{ ...base, name, before: beforePart, after: afterPart }];
}

// Characters of context shown before the first difference of two texts that read the same.
const CONTEXT = 12;
const SHOWN = 40;

/** The two texts from a little before where they first differ ("…" marking what is left out). */
export function aroundDifference(a, b) {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at += 1;
  const from = Math.max(0, at - CONTEXT);
  const cut = (text) => `${from > 0 ? "…" : ""}${text.slice(from, from + SHOWN)}${text.length > from + SHOWN ? "…" : ""}`;
  return [cut(a), cut(b)];
}

function describeField(key, value) {
  if (key === "lastError" && isRecord(value)) return value.message ? JSON.stringify(value.message) : formatValue(value);
  return formatValue(value);
}

// A command's state fields shown by their new value only: the old one was shown when it came.
const NEW_ONLY = new Set(["lastValue", "lastError"]);

/**
 * A command's state object that changed, once, by what changed: a line per changed field,
 * `lastValue` and `lastError` by their new value alone ("refresh.lastValue = [5 rows]", the
 * line's `before` null), never the old and new objects in full.
 */
function commandLines(base, name, before, after) {
  return fieldLines(base, name, before, after).map((line) =>
    (NEW_ONLY.has(line.name.slice(name.length + 1)) ? { ...line, before: null } : line));
}

/** The lines of one undo record (see state.js), in the order a person reads them. */
export function describeRecord(record) {
  const { vm, part, name } = record.change;
  const base = { vm, part };
  if (!("oldRows" in record)) {
    const now = record.change.value;
    if (part === "command" && isRecord(record.old) && isRecord(now)) return commandLines(base, name, record.old, now);
    if (Array.isArray(now) || Array.isArray(record.old)) {
      return [{ ...base, name, before: record.had ? formatValue(record.old) : "—", after: formatValue(now) }];
    }
    if (same(record.old, now) && record.had) return [];
    if (!record.had) return [{ ...base, name, before: "—", after: formatValue(now) }];
    return valueLines(base, name, record.old, now, formatValue(record.old), formatValue(now));
  }
  const lines = [];
  const length = record.change.length;
  if (length !== record.oldLength) {
    lines.push({ ...base, name, before: counted(record.oldLength, "row"), after: counted(length, "row") });
  }
  const oldRows = new Map(record.oldRows);
  let described = 0;
  let more = 0;
  for (const [index, row] of record.change.rows) {
    if (!oldRows.has(index)) continue; // an appended row: counted in the length line
    if (described === ROWS_DESCRIBED) { more += 1; continue; }
    const old = oldRows.get(index);
    const rowLines = isRecord(old) && isRecord(row)
      ? fieldLines(base, `${name}[${index}]`, old, row)
      : [{ ...base, name: `${name}[${index}]`, before: formatValue(old), after: formatValue(row) }];
    lines.push(...rowLines);
    described += 1;
  }
  if (more) lines.push({ ...base, name, before: "", after: `and ${counted(more, "more row")} changed`, summary: true });
  return lines;
}

/**
 * The lines of one effect the daemon stored with an event (docs/HTTP.md, "/api/events"): a
 * value before and after, a command's state by the fields that changed, or a list's length and
 * how many of its rows changed.
 */
export function describeEffect(effect) {
  const base = { vm: effect.vm, part: effect.part };
  const { name } = effect;
  if ("rowsBefore" in effect || "rowsAfter" in effect) {
    const before = "rowsBefore" in effect ? counted(effect.rowsBefore, "row") : formatValue(effect.before);
    const after = "rowsAfter" in effect ? counted(effect.rowsAfter, "row") : formatValue(effect.after);
    const lines = before === after ? [] : [{ ...base, name, before, after }];
    for (const [index, old, row] of effect.rows || []) {
      lines.push(...(isRecord(old) && isRecord(row)
        ? fieldLines(base, `${name}[${index}]`, old, row)
        : [{ ...base, name: `${name}[${index}]`, before: formatValue(old), after: formatValue(row) }]));
    }
    const unnamed = (effect.rowsChanged || 0) - (effect.rows || []).length;
    if (unnamed > 0 && (effect.rows || []).length) lines.push({ ...base, name, before: "", after: `and ${counted(unnamed, "more row")} changed`, summary: true });
    else if (unnamed > 0) lines.push({ ...base, name, before: "", after: `${name}: ${counted(unnamed, "row")} changed`, summary: true });
    if (!lines.length) lines.push({ ...base, name, before: "", after: `${name}: rows changed`, summary: true });
    return lines;
  }
  if (effect.part === "command" && isRecord(effect.before) && isRecord(effect.after)) return commandLines(base, name, effect.before, effect.after);
  // A long value is stored as the start of its JSON text: the daemon kept no more of it.
  const shown = (side) => (`${side}Text` in effect ? effect[`${side}Text`] : formatValue(effect[side]));
  if ("beforeText" in effect && "afterText" in effect && effect.beforeText === effect.afterText) {
    return [{ ...base, name, before: "", after: `${name}: changed after the first ${effect.afterText.length} characters (not stored)`, summary: true }];
  }
  return valueLines(base, name, effect.before, effect.after, shown("before"), shown("after"));
}
