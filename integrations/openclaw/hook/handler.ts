// memscribe session-end hook for OpenClaw: on compaction, /stop and /reset, run the batch job
// on this session's transcript (incremental and exactly-once; see HOOK.md). Never blocks.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const EVENTS = new Set(["session:compact:before", "command:stop", "command:reset"]);

type HookEvent = {
  type: string;
  action?: string;
  sessionKey?: string;
  context?: {
    agentId?: string;
    workspaceDir?: string;
    sessionFile?: string;
    sessionId?: string;
    sessionEntry?: { sessionFile?: string; sessionId?: string };
  };
};

function agentOf(event: HookEvent): string {
  const fromKey = event.sessionKey?.match(/^agent:([^:]+):/)?.[1];
  return event.context?.agentId ?? fromKey ?? "main";
}

function transcriptOf(event: HookEvent, agent: string): string | undefined {
  const ctx = event.context ?? {};
  const file = ctx.sessionFile ?? ctx.sessionEntry?.sessionFile;
  if (file && existsSync(file)) return file;
  const id = ctx.sessionId ?? ctx.sessionEntry?.sessionId;
  if (!id) return undefined;
  const state = process.env.OPENCLAW_STATE_DIR ?? join(homedir(), ".openclaw");
  const guess = join(state, "agents", agent, "sessions", `${id}.jsonl`);
  return existsSync(guess) ? guess : undefined;
}

const handler = async (event: HookEvent): Promise<void> => {
  const name = event.action ? `${event.type}:${event.action}` : event.type;
  if (!EVENTS.has(name)) return;
  const agent = agentOf(event);
  const transcript = transcriptOf(event, agent);
  if (!transcript) return;
  const workspace = event.context?.workspaceDir ?? process.cwd();
  const args = [
    "batch", transcript,
    "--memory-dir", workspace,
    "--agent", agent,
    "--timeout", process.env.MEMSCRIBE_TIMEOUT_S ?? "120",
    "--json", "--no-progress",
  ];
  const child = spawn(process.env.MEMSCRIBE_BIN ?? "memscribe", args, {
    detached: true,
    stdio: "ignore",
    env: process.env,
  });
  child.unref();
};

export default handler;
