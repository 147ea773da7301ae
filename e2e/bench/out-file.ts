/**
 * Where `npm run bench -- --out <path>` keeps its JSON. A path ending in `/`, or an existing folder,
 * gets a file named after the day and the commit measured (`2026-11-28-4dd30f4.json`), so the results
 * folder lists runs in date order; any other path is the file itself.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The file a run's JSON goes to. `date` is the run's start; `commit` may be null outside a git checkout. */
export function resultsFile(out: string, date: Date, commit: string | null): string {
  const isFolder = out.endsWith('/') || out.endsWith(path.sep) || (fs.existsSync(out) && fs.statSync(out).isDirectory());
  if (!isFolder) return path.resolve(out);
  const day = date.toISOString().slice(0, 10);
  return path.resolve(out, `${day}-${commit ? commit.slice(0, 7) : 'unknown'}.json`);
}

/** Writes the JSON (folders made as needed) and returns the file's path. */
export function writeResults(file: string, results: unknown): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
