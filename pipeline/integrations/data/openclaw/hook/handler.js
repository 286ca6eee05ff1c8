// memscribe hook pack for OpenClaw: memories out on compaction, /stop, /reset and /new; group
// flush on pre-compaction and /remem; memories (and, after compaction, the task snapshot) in at
// agent bootstrap. All the logic lives in `memscribe hook openclaw`, which reads the event on
// stdin: it resolves the agent workspace as OpenClaw's session-memory hook does, takes
// previousSessionEntry on reset (and the renamed *.reset.<ts> file), reads the SQLite session
// store, and logs every run to <workspace>/.reflexio/.logs/hooks.log.
//
// This handler never throws and never lets a child process crash the gateway: spawn errors
// ('error' events: a wrong MEMSCRIBE_BIN, memscribe not on PATH) and broken stdin pipes are
// caught and logged to the console and to <state>/hooks/memscribe/errors.log.
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const BACKGROUND = new Set([
  "session:compact:before",
  "session:compact:after",
  "command:stop",
  "command:reset",
  "command:new",
]);
const BOOTSTRAP = "agent:bootstrap";
const BOOTSTRAP_FILE = "MEMSCRIBE_MEMORY.md";
const BOOTSTRAP_TIMEOUT_MS = Number(process.env.MEMSCRIBE_BOOTSTRAP_TIMEOUT_MS ?? 8000);

function stateDir() {
  return process.env.OPENCLAW_STATE_DIR || join(homedir(), ".openclaw");
}

function logError(message) {
  const line = `${new Date().toISOString()} ERROR ${message}\n`;
  console.error(`[memscribe] ${message}`);
  try {
    const dir = join(stateDir(), "hooks", "memscribe");
    mkdirSync(dir, { recursive: true });
    appendFileSync(join(dir, "errors.log"), line);
  } catch {
    // Logging must never fail the hook either.
  }
}

function pick(entry) {
  if (!entry || typeof entry !== "object") return undefined;
  return { sessionId: entry.sessionId, sessionFile: entry.sessionFile, chatType: entry.chatType };
}

/** What memscribe needs from the event: ids, files, workspace, the agents config (no secrets). */
function payloadOf(event, name) {
  const ctx = event.context ?? {};
  const agents = ctx.cfg && typeof ctx.cfg === "object" ? ctx.cfg.agents : undefined;
  const context = {
    sessionId: ctx.sessionId,
    sessionFile: ctx.sessionFile,
    workspaceDir: ctx.workspaceDir,
    sessionEntry: pick(ctx.sessionEntry),
    previousSessionEntry: pick(ctx.previousSessionEntry),
    cfg: agents ? { agents } : undefined,
  };
  if (name === "message:received" && typeof ctx.content === "string") context.content = ctx.content;
  return { type: event.type, action: event.action, sessionKey: event.sessionKey, context };
}

/** Run `memscribe hook openclaw` with the payload on stdin; resolves to its stdout ("" on failure). */
function runMemscribe(payload, { wait, timeoutMs }) {
  return new Promise((resolve) => {
    const bin = process.env.MEMSCRIBE_BIN || "memscribe";
    let child;
    try {
      child = spawn(bin, ["hook", "openclaw"], {
        detached: !wait,
        stdio: ["pipe", wait ? "pipe" : "ignore", wait ? "pipe" : "ignore"],
        env: process.env,
      });
    } catch (err) {
      logError(`cannot start ${bin}: ${err instanceof Error ? err.message : String(err)}`);
      resolve("");
      return;
    }
    let out = "";
    let settled = false;
    const done = (value) => {
      if (!settled) {
        settled = true;
        resolve(value);
      }
    };
    child.on("error", (err) => {
      const hint = err && err.code === "ENOENT" ? " (not found: put memscribe on the gateway's PATH or set MEMSCRIBE_BIN)" : "";
      logError(`cannot run ${bin}${hint}: ${err instanceof Error ? err.message : String(err)}`);
      done("");
    });
    child.stdin.on("error", () => {
      // The child died before reading its payload: the 'error' / 'exit' handlers report it.
    });
    if (wait) {
      child.stdout.on("data", (chunk) => {
        out += chunk;
      });
      child.stderr.on("data", (chunk) => {
        const text = String(chunk).trim();
        if (text) console.error(`[memscribe] ${text}`);
      });
      const timer = setTimeout(() => {
        logError(`memscribe hook took over ${timeoutMs} ms; continuing without it`);
        try {
          child.kill();
        } catch {
          // already gone
        }
        done(out);
      }, timeoutMs);
      child.on("close", () => {
        clearTimeout(timer);
        done(out);
      });
    } else {
      child.on("spawn", () => {
        child.unref();
        done("");
      });
    }
    try {
      child.stdin.end(JSON.stringify(payload));
    } catch (err) {
      logError(`cannot send the event to memscribe: ${err instanceof Error ? err.message : String(err)}`);
      done("");
    }
  });
}

const handler = async (event) => {
  try {
    const name = event.action ? `${event.type}:${event.action}` : event.type;
    const content = event.context?.content;
    const remem = name === "message:received" && typeof content === "string" && content.trim().startsWith("/remem");
    const waitAll = Boolean(process.env.MEMSCRIBE_HOOK_WAIT);
    if (name === BOOTSTRAP) {
      const text = (await runMemscribe(payloadOf(event, name), { wait: true, timeoutMs: BOOTSTRAP_TIMEOUT_MS })).trim();
      const files = event.context?.bootstrapFiles;
      if (text && Array.isArray(files)) {
        const dir = event.context?.workspaceDir ?? "";
        files.push({ name: BOOTSTRAP_FILE, path: join(dir, ".reflexio", BOOTSTRAP_FILE), content: text, missing: false });
      }
      return;
    }
    if (BACKGROUND.has(name) || remem) {
      await runMemscribe(payloadOf(event, name), { wait: waitAll, timeoutMs: 600000 });
    }
  } catch (err) {
    logError(`hook failed: ${err instanceof Error ? err.message : String(err)}`);
  }
};

export default handler;
