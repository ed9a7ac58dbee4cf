// Which outputs a failed run leaves stale. A failed run produces no values, so an output the
// command sets still shows what an earlier run left; an output that derives only from inputs
// (login's avatarURL and isLoginValid derive from mobilePhone and verifyCode) is computed
// afresh from them and is current whatever the command did. From /api/surface's binding graph:
// an output is stale when the failed command is among its sources, directly or through other
// outputs, or when it names no sources at all (the view model's own state, which its commands
// set: products.products).

/** The names of `shape.outputs` that a failure of any of `failed` (command names) leaves stale. */
export function staleOutputs(shape, failed) {
  const stale = new Set();
  if (!failed.length) return stale;
  const outputs = new Map(shape.outputs.map((output) => [output.name, output.derivesFrom || []]));
  const failedSet = new Set(failed);
  const visiting = new Set();
  const reaches = (name) => {
    if (failedSet.has(name)) return true;
    if (!outputs.has(name) || visiting.has(name)) return false;
    visiting.add(name);
    const sources = outputs.get(name);
    const found = sources.length === 0 || sources.some(reaches);
    visiting.delete(name);
    return found;
  };
  for (const name of outputs.keys()) if (reaches(name)) stale.add(name);
  return stale;
}
