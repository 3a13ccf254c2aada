import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * Starts `script` (a tsx file beside the tests) as a process of its own on this test file's
 * database, as a second worker or app server would be, and resolves once it prints "ready". It
 * waits for a line on stdin ("go": several start together; or "stop"); `result()` waits for it to
 * exit 0 and is the JSON it printed after "ready" (undefined when it printed nothing).
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
    stop: () => child.stdin!.write("stop\n"),
    result: async (): Promise<T> => {
      const [code] = await exited;
      expect(code).toBe(0);
      const printed = out.slice("ready\n".length).trim();
      return (printed ? JSON.parse(printed) : undefined) as T;
    },
  };
}
