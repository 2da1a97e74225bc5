// Run a Python file in Pyodide (the runtime of xlwings Lite) under Node.js, offline.
//
//   node run.mjs PYODIDE_PACKAGE JOB.py [FILE=FS_PATH ...]
//
// PYODIDE_PACKAGE is a folder under node_modules (see package.json). Each FILE is
// copied into Pyodide's file system at FS_PATH before JOB.py runs (JOB.py is executed,
// then awaits its run() coroutine). Nothing is downloaded: fetch is disabled, and Pyodide loads its
// runtime and standard library from the local npm package.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [pkg, job, ...files] = process.argv.slice(2);
if (!pkg || !job) {
  console.error("usage: node run.mjs PYODIDE_PACKAGE JOB.py [FILE=FS_PATH ...]");
  process.exit(2);
}

globalThis.fetch = async (url) => {
  throw new Error(`offline: refused to fetch ${url}`);
};

const require = createRequire(import.meta.url);
const { loadPyodide } = require(pkg);
const indexURL = path.dirname(require.resolve(`${pkg}/package.json`)) + path.sep;
const pyodide = await loadPyodide({ indexURL });

for (const spec of files) {
  const at = spec.lastIndexOf("=");
  const [host, target] = [spec.slice(0, at), spec.slice(at + 1)];
  pyodide.FS.mkdirTree(path.posix.dirname(target));
  pyodide.FS.writeFile(target, readFileSync(host));
}

try {
  await pyodide.runPythonAsync(readFileSync(job, "utf8"), { filename: job });
  await pyodide.runPythonAsync("await run()");
} catch (err) {
  console.error(String(err.message || err));
  process.exit(1);
}
