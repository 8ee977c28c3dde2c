/**
 * The activation page of the identity provider (docs/decisions/0022-account-activation.md):
 *   GET  <mount>/activate?token=…  "Set your password" for a link that works; otherwise the app's
 *                                   link-expired or already-verified page (document 1 section 2.2)
 *   POST <mount>/activate          token, password, confirmation: the password rules' messages on the
 *                                   page, or the account activated and the browser sent on to the app's
 *                                   login, which completes at once with the login ticket's cookie
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { PASSWORD_HINT, passwordProblems } from "../../core/identity/password-rules.js";
import type { DB } from "../platform/db/index.js";
import { ACTIVATION_PATH, activateAccount, loginTicketCookie, readActivationLink, type Clock } from "./activation.js";
import { messagePage, setPasswordPage } from "./pages.js";

const ActivationFormSchema = z.object({
  token: z.string().max(100).catch(""),
  password: z.string().max(1024).catch(""),
  confirmation: z.string().max(1024).catch(""),
});

export interface ActivationRouteDeps {
  db: DB;
  clock: Clock;
  log: FastifyBaseLogger;
  mountPath: string;
  appUrl: string;
  /** Whether the provider is reached over HTTPS (the ticket's cookie is then Secure). */
  secure: boolean;
  pageHeaders: Record<string, string>;
}

export function registerActivationRoutes(scope: FastifyInstance, deps: ActivationRouteDeps): void {
  const { db, clock, log, mountPath, appUrl } = deps;
  const assetsPath = `${mountPath}/assets`;
  const action = `${mountPath}${ACTIVATION_PATH}`;
  const noStore = { "cache-control": "no-store", "referrer-policy": "no-referrer" };

  function sendPage(reply: FastifyReply, status: number, html: string) {
    return reply.code(status).headers({ ...deps.pageHeaders, ...noStore }).type("text/html; charset=utf-8").send(html);
  }

  function toAppPage(reply: FastifyReply, page: string) {
    return reply.headers(noStore).redirect(`${appUrl}${page}`, 303);
  }

  scope.get<{ Querystring: { token?: string } }>(action, async (request, reply) => {
    const token = typeof request.query.token === "string" ? request.query.token : "";
    const link = await readActivationLink(db, clock, token);
    if (link.state !== "valid") {
      log.info({ refusal: link.description }, "activation link refused");
      return toAppPage(reply, link.page);
    }
    return sendPage(reply, 200, setPasswordPage({ assetsPath, action, token, email: link.user.email, hint: PASSWORD_HINT }));
  });

  scope.post(action, async (request, reply) => {
    if (request.headers["sec-fetch-site"] === "cross-site") {
      return sendPage(reply, 403, messagePage({ assetsPath, title: "Request refused", paragraphs: ["This form can only be sent from its own page."] }));
    }
    const { token, password, confirmation } = ActivationFormSchema.parse(request.body ?? {});
    const link = await readActivationLink(db, clock, token);
    if (link.state !== "valid") {
      log.info({ refusal: link.description }, "activation link refused");
      return toAppPage(reply, link.page);
    }
    const problems = passwordProblems(password, confirmation);
    if (problems.length > 0) {
      return sendPage(
        reply,
        400,
        setPasswordPage({ assetsPath, action, token, email: link.user.email, hint: PASSWORD_HINT, errors: problems }),
      );
    }
    const activated = await activateAccount(db, clock, token, password, { correlationId: String(request.id), ipAddress: request.ip });
    if (activated.outcome === "refused") return toAppPage(reply, activated.page);
    log.info({ userId: activated.userId }, "account activated");
    return reply
      .header("set-cookie", loginTicketCookie(activated.loginTicket, { mountPath, secure: deps.secure }))
      .headers(noStore)
      .redirect(`${appUrl}/login`, 303);
  });
}
