import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Starts `script` (a tsx file beside the tests) as a process of its own on this test file's
 * database, as a second worker or app server would be, and resolves once it prints "ready". It
 * waits for "go" on stdin, so several start together; `result()` is the JSON it prints last.
 */
export async function startWorker<T>(script: string, args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL(script, import.meta.url)), ...args], {
    cwd: root,
    env: process.env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.setEncoding("utf8");
  child.stdout!.on("data", (chunk: string) => (out += chunk));
  const exited = once(child, "exit");
  while (!out.startsWith("ready\n")) {
    await Promise.race([
      once(child.stdout!, "data"),
      exited.then(() => Promise.reject(new Error(`${script} exited before it was ready`))),
    ]);
  }
  return {
    go: () => child.stdin!.write("go\n"),
    result: async (): Promise<T> => {
      const [code] = await exited;
      expect(code).toBe(0);
      return JSON.parse(out.slice("ready\n".length)) as T;
    },
  };
}
