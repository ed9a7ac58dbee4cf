// The event log's "Export session" link: the daemon's session file (docs/HTTP.md,
// `/api/session`) of every kept version up to the one shown. The page builds nothing itself,
// so the file is the one `binderyctl export` saves, and it stays read-only: a link reads.

/** Points `link` at the session of the kept versions up to `version` (null: the live one). */
export function pointSessionLink(link, version) {
  link.href = version === null ? "api/session" : `api/session?to=${version}`;
  link.title = version === null ? "Every version the daemon keeps, with each event and its effects, as one JSON file"
    : `The versions the daemon keeps up to ${version}, with each event and its effects, as one JSON file`;
}
