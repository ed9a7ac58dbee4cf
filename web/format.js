// Text for values, times and durations: the one place the dashboard turns data into words.

const pad = (number, width = 2) => String(number).padStart(width, "0");

/** "23:41:07": the local wall-clock time of `date`. */
export function clockTime(date) {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** "2026-12-01 23:41:07.123": the local date and time of `date`, to the millisecond. */
export function fullTimestamp(date) {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${clockTime(date)}.${pad(date.getMilliseconds(), 3)}`;
}

export function formatDuration(ms) {
  if (typeof ms !== "number" || !Number.isFinite(ms)) return "";
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** "1 row", "3 rows". */
export function counted(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** A one-line rendering of any JSON value: strings quoted, null as null (as the REPL and the JSON say it), lists counted. */
export function formatValue(value) {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${counted(value.length, "item")}]`;
  if (typeof value === "object") {
    const text = JSON.stringify(value);
    return text.length > 120 ? `${text.slice(0, 117)}…` : text;
  }
  return String(value);
}

/** What kind of value it is, for styling: null, list, string, number, boolean or object. */
export function valueKind(value) {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "list";
  return typeof value;
}

/** Whether a member named `name` holding `value` is a colour (gets a swatch). */
export function looksLikeColour(name, value) {
  return typeof value === "string" && value !== "" && /colou?r$/i.test(name);
}

/** `text` cut to `max` characters with an ellipsis. */
export function clip(text, max) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
