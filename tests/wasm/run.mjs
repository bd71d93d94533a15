// Runs Python code inside CPython compiled to WebAssembly (Pyodide) under Node.js, with the
// project's pure-Python packages (the rules core, game/fast.py, game/ai) copied into Pyodide's
// in-memory file system. Why: the browser build cannot start its own runtime on these machines,
// but Pyodide from npm can, offline, so this is how we prove that everything below the pygame
// layer works in WebAssembly and measure how fast it is there.
//
// Usage:
//   node run.mjs [--repo DIR] [--module FILE.py]... [--code PYTHON | --file PATH] [--quiet]
//   (without --code/--file the Python code is read from standard input)
//
// The code runs as a module named "__wasm__" with the repository's game package importable,
// and each --module FILE.py importable under its base name (e.g. tests/wasm/scenarios.py).
// Whatever it leaves in the global `result` (anything json.dumps accepts) is returned.
// Output: one JSON object on stdout:
//   {"ok": true, "result": ..., "stdout": "...", "stderr": "...", "python": "3.14...",
//    "platform": "emscripten", "startup_ms": ..., "run_ms": ..., "files": [...],
//    "network": []}
// or {"ok": false, "error": "<traceback or message>", ...} with exit status 1.
// Exit status 2: bad arguments or the runtime failed to load.
//
// Offline by construction: Pyodide's runtime and its standard library are read from
// node_modules/pyodide; no package is loaded (pure Python needs none). Every network API that
// Pyodide could use (fetch, WebSocket) is replaced by a stub that records the attempt and throws,
// so a load that tries to reach a CDN fails loudly and shows up in "network".

import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_REPO = path.resolve(HERE, "..", "..");
// What goes into WebAssembly: the game package minus the pygame layer (game/ui). game/cli is
// copied because the benchmark's workloads live in game/cli/wasm_bench.py, so that the very same
// code runs natively and in WebAssembly; nothing there imports pygame.
const EXCLUDED_DIRS = new Set(["ui", "__pycache__"]);
const MOUNT = "/home/pyodide/brisca";

// Writes one JSON line and exits once it is flushed (a large result must not be cut short).
function emit(obj, code) {
  process.stdout.write(JSON.stringify(obj) + "\n", () => process.exit(code));
}

function fail(message, code = 2) {
  emit({ ok: false, error: message }, code);
  throw new Exit();
}

class Exit extends Error {}

function parseArgs(argv) {
  const opts = { repo: DEFAULT_REPO, code: null, file: null, quiet: false, modules: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--repo") opts.repo = path.resolve(value());
    else if (a === "--code") opts.code = value();
    else if (a === "--file") opts.file = value();
    else if (a === "--module") opts.modules.push(path.resolve(value()));
    else if (a === "--quiet") opts.quiet = true;
    else if (a === "-h" || a === "--help") {
      process.stdout.write("usage: node run.mjs [--repo DIR] [--module FILE.py]... [--code PYTHON | --file PATH] [--quiet]\n");
      process.exit(0);
    } else fail(`unknown argument ${JSON.stringify(a)}`);
  }
  return opts;
}

function readStdin() {
  try {
    return fs.readFileSync(0, "utf8");
  } catch (err) {
    fail(`cannot read Python code from standard input: ${err.message}`);
  }
}

// The pure-Python files of game/ (relative paths), skipping the excluded subpackages, and the
// networks of game/ai/nets the web build ships: every one but those game/cli/build_web.py's
// NOT_SHIPPED leaves out (the arena's sparring networks), read from that file so that the two
// lists cannot drift apart (a network a level uses is then in WebAssembly as in the browser).
function notShipped(repo) {
  const file = path.join(repo, "game", "cli", "build_web.py");
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const m = text.match(/^NOT_SHIPPED = \(([^)]*)\)/m);
  if (!m) fail(`cannot read NOT_SHIPPED from ${file}`);
  return new Set([...m[1].matchAll(/"([^"]+)"/g)].map((q) => q[1]));
}
function gameFiles(repo) {
  const root = path.join(repo, "game");
  if (!fs.existsSync(path.join(root, "__init__.py"))) fail(`no game package at ${root}`);
  const skipped = notShipped(repo);
  const out = [];
  const walk = (dir, rel) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (rel === "" && EXCLUDED_DIRS.has(entry.name)) continue;
        if (entry.name === "__pycache__") continue;
        walk(path.join(dir, entry.name), relPath);
      } else if (entry.isFile() && (entry.name.endsWith(".py") ||
          (rel === "ai/nets" && entry.name.endsWith(".bin") && !skipped.has(`game/${relPath}`)))) {
        out.push(relPath);
      }
    }
  };
  walk(root, "");
  return out.map((p) => `game/${p}`);
}

const network = [];
function blockNetwork() {
  const blocked = (kind) =>
    function (target) {
      const url = typeof target === "string" ? target : (target && (target.url || target.href)) || String(target);
      network.push(`${kind} ${url}`);
      throw new Error(`network access blocked in the WebAssembly harness: ${kind} ${url}`);
    };
  globalThis.fetch = blocked("fetch");
  globalThis.WebSocket = blocked("WebSocket");
}

const DRIVER = `
import json, sys, time, traceback
def __brisca_run(code):
    ns = {"__name__": "__wasm__", "__builtins__": __builtins__}
    t0 = time.perf_counter()
    try:
        exec(compile(code, "<wasm-input>", "exec"), ns)
        out = {"ok": True, "result": ns.get("result")}
    except BaseException:
        out = {"ok": False, "error": traceback.format_exc()}
    out["run_ms"] = (time.perf_counter() - t0) * 1000.0
    out["python"] = sys.version
    out["platform"] = sys.platform
    try:
        return json.dumps(out)
    except (TypeError, ValueError) as exc:
        return json.dumps({"ok": False, "error": f"result is not JSON-serialisable: {exc}",
                           "run_ms": out["run_ms"], "python": sys.version, "platform": sys.platform})
__brisca_run
`;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  let code;
  if (opts.code !== null) code = opts.code;
  else if (opts.file !== null) {
    try {
      code = fs.readFileSync(opts.file, "utf8");
    } catch (err) {
      fail(`cannot read ${opts.file}: ${err.message}`);
    }
  } else code = readStdin();

  const files = gameFiles(opts.repo);
  for (const m of opts.modules) {
    if (!m.endsWith(".py") || !fs.existsSync(m)) fail(`--module ${m}: no such Python file`);
  }
  blockNetwork();

  const require = createRequire(import.meta.url);
  const indexURL = path.dirname(require.resolve("pyodide/package.json")) + path.sep;
  const stdout = [];
  const stderr = [];
  const t0 = performance.now();
  let pyodide;
  try {
    pyodide = await loadPyodide({
      indexURL,
      packageCacheDir: indexURL,
      stdout: (s) => stdout.push(s),
      stderr: (s) => stderr.push(s),
    });
  } catch (err) {
    emit({ ok: false, error: `Pyodide failed to load: ${err && err.stack ? err.stack : err}`, network }, 2);
    return;
  }
  pyodide.setStdout({ batched: (s) => stdout.push(s) });
  pyodide.setStderr({ batched: (s) => stderr.push(s) });

  const FS = pyodide.FS;
  for (const rel of files) {
    const dest = `${MOUNT}/${rel}`;
    FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
    FS.writeFile(dest, fs.readFileSync(path.join(opts.repo, rel)));
  }
  for (const m of opts.modules) {
    FS.writeFile(`${MOUNT}/${path.basename(m)}`, fs.readFileSync(m));
    files.push(path.basename(m));
  }
  pyodide.runPython(`import sys, os\nsys.path.insert(0, ${JSON.stringify(MOUNT)})\nos.chdir(${JSON.stringify(MOUNT)})`);
  const startupMs = performance.now() - t0;

  const run = pyodide.runPython(DRIVER);
  const raw = run(code);
  run.destroy();
  const out = JSON.parse(raw);
  out.stdout = stdout.join("\n");
  out.stderr = stderr.join("\n");
  out.startup_ms = startupMs;
  out.files = files;
  out.network = network;
  out.pyodide = pyodide.version;
  if (network.length && out.ok) {
    out.ok = false;
    out.error = `the run tried to use the network: ${network.join(", ")}`;
  }
  if (!opts.quiet || !out.ok) emit(out, out.ok ? 0 : 1);
  else emit({ ok: true, result: out.result, run_ms: out.run_ms, startup_ms: startupMs }, 0);
}

main().catch((err) => {
  if (!(err instanceof Exit)) emit({ ok: false, error: `harness error: ${err && err.stack ? err.stack : err}` }, 2);
});
