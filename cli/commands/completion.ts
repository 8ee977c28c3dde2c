/** `convey completion bash|zsh|fish`: prints the shell's completion script on stdout. */
import type { Command } from "commander";
import { z } from "zod";
import { parseOptions } from "../errors.js";
import type { Io } from "../io.js";

const SHELLS = ["bash", "zsh", "fish"] as const;

export function registerCompletion(program: Command, io: Io): void {
  program
    .command("completion <shell>")
    .description(`print the completion script for ${SHELLS.join(", ")}`)
    .action(async (shell: string) => {
      const { shell: chosen } = parseOptions(z.object({ shell: z.enum(SHELLS, { error: `use ${SHELLS.join(", ")}` }) }), { shell });
      const { completionScript } = await import("../completion.js");
      io.stdout.write(completionScript(program, chosen));
    });
}
