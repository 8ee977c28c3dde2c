/**
 * The product's login page at the interaction route (docs/architecture.md):
 *   GET  <mount>/interaction/:uid        the login form; or, when the provider's session already holds the
 *                                        login (prompt "consent": a subscriber switch or a device login),
 *                                        completes at once without showing a page
 *   POST <mount>/interaction/:uid/login  email + password
 * Every refusal finishes the interaction with access_denied and the spec's error_description, so the browser
 * returns to the client's redirect URI (or, in the device flow, the terminal is told).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import type { InteractionResults } from "oidc-provider";
import { z } from "zod";
import { LOGIN_REFUSALS, notPartOfOrganization } from "../../core/identity/login-errors.js";
import type { DB } from "../platform/db/index.js";
import { decideAccess, findUserById, type UserRecord } from "./access-policy.js";
import { loginTicketFrom, notActivatedRefusal, redeemLoginTicket, type Clock } from "./activation.js";
import { issueGrant, requestedOrganization } from "./grants.js";
import { PRODUCT_NAME } from "./html.js";
import type { LoginThrottle } from "./login-throttle.js";
import { INCORRECT_CREDENTIALS, loginPage, messagePage, TOO_MANY_ATTEMPTS, type LoginError } from "./pages.js";
import { checkPassword } from "./password-login.js";

type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;
type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

const LoginFormSchema = z.object({
  email: z.string().trim().max(320).catch(""),
  password: z.string().max(1024).catch(""),
});

export interface InteractionDeps {
  provider: Provider;
  db: DB;
  /** Failed passwords per email and per client address (login-throttle.ts). */
  throttle: LoginThrottle;
  log: FastifyBaseLogger;
  /** The product clock, on which the login tickets of newly activated users expire. */
  clock: Clock;
  mountPath: string;
  appUrl: string;
  pageHeaders: Record<string, string>;
}

export function registerInteractionRoutes(scope: FastifyInstance, deps: InteractionDeps): void {
  const { provider, db, throttle, log, mountPath } = deps;
  const assetsPath = `${mountPath}/assets`;
  const loginAction = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}/login`;

  function sendPage(reply: FastifyReply, status: number, html: string) {
    return reply
      .code(status)
      .headers({ ...deps.pageHeaders, "cache-control": "no-store" })
      .type("text/html; charset=utf-8")
      .send(html);
  }

  /** The interaction this browser is in, or undefined after answering with the "expired" page. */
  async function interactionFor(request: UidRequest, reply: FastifyReply): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      if (interaction.uid === request.params.uid) return interaction;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== "SessionNotFound") throw error;
    }
    await sendPage(
      reply,
      400,
      messagePage({
        assetsPath,
        title: "Your login has expired",
        paragraphs: ["The login took too long or was already completed. Go back and log in again."],
        link: { href: `${deps.appUrl}/`, text: `Go to ${PRODUCT_NAME}` },
      }),
    );
    return undefined;
  }

  async function finish(request: UidRequest, reply: FastifyReply, result: InteractionResults) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
    return reply.headers({ "cache-control": "no-store", "referrer-policy": "no-referrer" }).redirect(returnTo, 303);
  }

  function refuse(request: UidRequest, reply: FastifyReply, userId: string | null, description: string) {
    log.info({ userId, refusal: description }, "login refused");
    return finish(request, reply, { error: "access_denied", error_description: description });
  }

  /** A grant for the user at the requested (or primary) subscriber, or the refusal. */
  async function grantOrRefuse(request: UidRequest, reply: FastifyReply, interaction: Interaction, user: UserRecord, login: boolean) {
    const organization = requestedOrganization(interaction.params);
    const decision = await decideAccess(db, user, { organization, ip: request.ip });
    if (!decision.allowed) return refuse(request, reply, user.id, decision.description);
    const grantId = await issueGrant(provider, db, {
      accountId: user.id,
      clientId: String(interaction.params.client_id),
      params: interaction.params,
      details: interaction.prompt.details,
      subscriberId: decision.subscriber?.subscriberId ?? null,
    });
    log.info({ userId: user.id, subscriberId: decision.subscriber?.subscriberId ?? null, clientId: interaction.params.client_id }, login ? "login" : "login reused");
    return finish(request, reply, { ...(login ? { login: { accountId: user.id } } : {}), consent: { grantId } });
  }

  scope.get<{ Params: { uid: string } }>(`${mountPath}/interaction/:uid`, async (request, reply) => {
    const interaction = await interactionFor(request, reply);
    if (!interaction) return reply;
    const accountId = interaction.session?.accountId;
    if (interaction.prompt.name === "consent" && accountId) {
      // The provider's session holds the login: a new grant (another subscriber, or a device login).
      const user = await findUserById(db, accountId);
      if (!user) {
        const organization = requestedOrganization(interaction.params);
        return refuse(request, reply, accountId, notPartOfOrganization(accountId, organization ?? PRODUCT_NAME));
      }
      return grantOrRefuse(request, reply, interaction, user, false);
    }
    // A user who has just set their password by their activation link is logged in by its ticket.
    const ticket = interaction.prompt.name === "login" ? loginTicketFrom(request.headers.cookie) : undefined;
    const activatedUserId = ticket ? await redeemLoginTicket(db, deps.clock, ticket) : undefined;
    const activatedUser = activatedUserId ? await findUserById(db, activatedUserId) : undefined;
    if (activatedUser) return grantOrRefuse(request, reply, interaction, activatedUser, true);
    return sendPage(reply, 200, loginPage({ assetsPath, action: loginAction(interaction.uid) }));
  });

  scope.post<{ Params: { uid: string } }>(`${mountPath}/interaction/:uid/login`, async (request, reply) => {
    if (request.headers["sec-fetch-site"] === "cross-site") {
      return sendPage(reply, 403, messagePage({ assetsPath, title: "Request refused", paragraphs: ["This form can only be sent from its own page."] }));
    }
    const interaction = await interactionFor(request, reply);
    if (!interaction) return reply;
    if (interaction.prompt.name !== "login") return reply.redirect(`${mountPath}/interaction/${encodeURIComponent(interaction.uid)}`, 303);

    const { email, password } = LoginFormSchema.parse(request.body ?? {});
    const errors: LoginError[] = [];
    if (!email) errors.push({ fields: ["email"], message: "Enter your email address" });
    if (!password) errors.push({ fields: ["password"], message: "Enter your password" });
    if (errors.length) {
      return sendPage(reply, 400, loginPage({ assetsPath, action: loginAction(interaction.uid), email, errors }));
    }

    const attempt = { email, address: request.ip, meta: { correlationId: request.id, ipAddress: request.ip } };
    const checked = await checkPassword(db, throttle, attempt, password);
    if (checked.outcome === "blocked") return refuse(request, reply, checked.userId ?? null, LOGIN_REFUSALS.blocked);
    if (checked.outcome === "throttled") {
      log.info({ userId: checked.userId ?? null, address: request.ip }, "login refused: too many failed logins from this address");
      return sendPage(
        reply,
        429,
        loginPage({ assetsPath, action: loginAction(interaction.uid), email, errors: [{ fields: ["email", "password"], message: TOO_MANY_ATTEMPTS }] }),
      );
    }
    if (checked.outcome === "incorrect") {
      // A Pending user has no password to match yet: they are told their account is not activated.
      const notActivated = await notActivatedRefusal(db, email);
      if (notActivated) return refuse(request, reply, notActivated.userId, notActivated.description);
      log.info({ userId: checked.userId ?? null }, "login failed: incorrect email address or password");
      return sendPage(
        reply,
        401,
        loginPage({
          assetsPath,
          action: loginAction(interaction.uid),
          email,
          errors: [{ fields: ["email", "password"], message: INCORRECT_CREDENTIALS }],
        }),
      );
    }
    return grantOrRefuse(request, reply, interaction, checked.user, true);
  });
}
