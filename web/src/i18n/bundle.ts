/** A language's strings: namespace → its JSON (locales/<lng>/<ns>.json). */
export type Bundle = Readonly<Record<string, Record<string, unknown>>>;

/** The files of one language, as an eager `import.meta.glob` gives them, by namespace. */
export function bundle(files: Record<string, Record<string, unknown>>): Bundle {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [path, strings] of Object.entries(files)) {
    const m = /\/([a-z-]+)\.json$/.exec(path);
    if (m) out[m[1]!] = strings;
  }
  return out;
}
