/** `convey login`: the device flow for people, client credentials for scripts. */
import type { Command } from "commander";
import { z } from "zod";
import { parseOptions, UsageError } from "../errors.js";
import type { Io } from "../io.js";
import { printJson, printNote } from "../output.js";
import type { LoginResult } from "../services/login.js";
import { apiUrlFor, CLIENT_SECRET_ENV, type GlobalOptions } from "../globals.js";
import { globalOptions } from "./shared.js";

const LoginOptionsSchema = z
  .object({
    subscriber: z.string().trim().min(1, "enter a subscriber id").optional(),
    clientId: z.string().trim().min(1, "enter a client id").optional(),
    clientSecret: z.string().min(1, "enter the client secret").optional(),
  })
  .strict();
type LoginOptions = z.infer<typeof LoginOptionsSchema>;

export function registerLogin(program: Command, io: Io): void {
  program
    .command("login")
    .description("log in: in a browser with a one-time code, or as a script client with its id and secret")
    .option("--subscriber <id>", "the subscriber to act for (browser login; default: your primary subscriber)")
    .option("--client-id <id>", "log in as a script client (client credentials)")
    .option("--client-secret <secret>", `the script client's secret; prefer the ${CLIENT_SECRET_ENV} environment variable`)
    .addHelpText(
      "after",
      `
Scripts: ${CLIENT_SECRET_ENV}=... convey login --client-id <id>
The secret is never stored: keep ${CLIENT_SECRET_ENV} set so that expired tokens can be renewed.`,
    )
    .action(async (options: unknown, command: Command) => {
      const globals = globalOptions(command, io);
      const result = await login(io, globals, parseOptions(LoginOptionsSchema, options));
      if (globals.json) {
        printJson(io, result);
      } else {
        const { printLoggedIn } = await import("../ui/login.js");
        printLoggedIn(io, result);
      }
    });
}

async function login(io: Io, globals: GlobalOptions, options: LoginOptions): Promise<LoginResult> {
  const apiUrl = apiUrlFor(globals);
  const service = () => import("../services/login.js");
  if (options.clientSecret !== undefined && options.clientId === undefined) {
    throw new UsageError("--client-secret needs --client-id");
  }
  if (options.clientId !== undefined) {
    if (options.subscriber !== undefined) {
      throw new UsageError("--subscriber is for the browser login: a script client acts for the subscriber it was created for");
    }
    const clientSecret = options.clientSecret ?? io.env[CLIENT_SECRET_ENV];
    if (!clientSecret) {
      throw new UsageError(`Pass the client secret in the ${CLIENT_SECRET_ENV} environment variable (or --client-secret)`);
    }
    if (options.clientSecret !== undefined) {
      printNote(io, `Note: other users of this machine can see --client-secret in the process list; prefer ${CLIENT_SECRET_ENV}.`);
    }
    const { loginWithClientCredentials } = await service();
    return loginWithClientCredentials(io, { apiUrl, profile: globals.profile, clientId: options.clientId, clientSecret });
  }

  const [{ loginWithDeviceFlow }, { showDeviceCode }] = await Promise.all([service(), import("../ui/login.js")]);
  let display: Awaited<ReturnType<typeof showDeviceCode>> | undefined;
  try {
    const result = await loginWithDeviceFlow(
      io,
      { apiUrl, profile: globals.profile, subscriberId: options.subscriber },
      (authorization) => {
        display = showDeviceCode(io, authorization);
      },
    );
    await display?.approved();
    return result;
  } catch (error) {
    await display?.failed();
    throw error;
  }
}
