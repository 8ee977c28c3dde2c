/**
 * A tiny stand-in for the provider (node:http on 127.0.0.1:0) with just what the CLI calls: OIDC
 * discovery, device authorization, token (device code, refresh with rotation, client credentials),
 * revocation, GET /api/v1/me, user search, the status PATCH, a subscriber's details and the bulk users call
 * (which can be made to fail). It answers the way oidc-provider and the provider API do
 * ({ error, error_description } and { status, code, message }).
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ManagedUser } from "../../core/administration/api.js";
import type { SubscriberUser } from "../../core/administration/api.js";
import type { Me } from "../../core/identity/api.js";
import { versionOfIfMatch } from "../../core/shared/versions.js";

export type DevicePollAnswer = "authorization_pending" | "slow_down" | "access_denied" | "expired_token" | "approve";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  form?: Record<string, string>;
  json?: unknown;
}

interface IssuedToken {
  grantId: string;
  expiresAt: number;
}

export const SCRIPT_CLIENT = { id: "script-ashdown", secret: "s3cret value+/=" };

export function user(overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    subscriberUserId: "user-jane",
    firstName: "Jane",
    middleName: null,
    lastName: "Smith",
    preferredName: null,
    email: "jane.smith@ashdown.example",
    jobTitle: null,
    status: "Active",
    subscriberId: "sub-ashdown",
    subscriber: "Ashdown Legal",
    roleNames: ["Workspace User"],
    authenticationType: "AUTH0_DATABASE_CONNECTION",
    version: 1,
    invitationSentAt: null,
    ...overrides,
  };
}

/** A subscriber user as /me describes them: without the administration fields (version, invitation). */
function person(overrides: Partial<ManagedUser>): SubscriberUser {
  const { version: _version, invitationSentAt: _invitationSentAt, ...rest } = user(overrides);
  return rest;
}

export const HELPDESK_ME: Me = {
  user: person({
    subscriberUserId: "user-helen",
    firstName: "Helen",
    lastName: "Desk",
    email: "helen.desk@convey.example",
    subscriberId: null,
    subscriber: null,
    roleNames: ["Helpdesk Administrator"],
  }),
  selectedSubscriber: null,
  roles: ["Helpdesk Administrator"],
  permissions: ["create:subscriber_users", "edit:subscriber_users", "view:subscriber_users"],
};

export class FakeProvider {
  readonly requests: RecordedRequest[] = [];
  /** Answers to successive device-code polls; "approve" issues the tokens. */
  devicePolls: DevicePollAnswer[] = ["approve"];
  deviceInterval: number | undefined = 5;
  accessDeniedDescription = "user is suspended";
  tokenLifetimeSeconds = 300;
  me: Me = HELPDESK_ME;
  users: ManagedUser[] = [user()];
  /** When set, the status PATCH is refused with this status and message. */
  patchRefusal: { status: number; message: string } | undefined;
  /**
   * How successive bulk users calls fail: an HTTP status, "network" (the connection is cut without an
   * answer), or "ok" to answer; calls beyond the list answer. Every row of an answered call is created.
   */
  bulkAnswers: (number | "network" | "ok")[] = [];
  /** Grant ids that have been revoked (logout or suspension). */
  readonly revokedGrants = new Set<string>();
  readonly revokedTokens: string[] = [];
  private readonly accessTokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, string>();
  private deviceGrantId = "grant-device-1";

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeProvider> {
    const holder: { provider?: FakeProvider } = {};
    const server = createServer((request, response) => {
      void holder.provider!.handle(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    holder.provider = new FakeProvider(server, `http://127.0.0.1:${port}`);
    return holder.provider;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The next device login gets a new grant (as a login for another subscriber would). */
  newDeviceGrant(): void {
    this.deviceGrantId = `grant-device-${randomUUID()}`;
  }

  requestsTo(path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  isValidRefreshToken(token: string): boolean {
    return this.refreshTokens.has(token);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", this.url);
    const text = await readBody(request);
    const recorded: RecordedRequest = { method: request.method ?? "GET", path: url.pathname, headers: request.headers };
    if (request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded")) {
      recorded.form = Object.fromEntries(new URLSearchParams(text));
    } else if (text) {
      recorded.json = JSON.parse(text);
    }
    this.requests.push(recorded);
    const route = `${recorded.method} ${url.pathname}`;
    const patch = /^PATCH \/api\/subscriber\/v1\/subscriber-users\/([^/]+)$/.exec(route);
    const single = /^GET \/api\/subscriber\/v1\/subscriber-users\/([^/]+)$/.exec(route);
    const details = /^GET \/api\/subscriber\/v1\/subscribers\/([^/]+)\/details$/.exec(route);
    const bulk = /^POST \/api\/subscriber\/v1\/subscribers\/([^/]+)\/subscriber-users\/bulk$/.exec(route);

    if (route === "GET /oidc/.well-known/openid-configuration") {
      return send(response, 200, {
        issuer: `${this.url}/oidc`,
        token_endpoint: `${this.url}/oidc/token`,
        device_authorization_endpoint: `${this.url}/oidc/device/auth`,
        revocation_endpoint: `${this.url}/oidc/token/revocation`,
      });
    }
    if (route === "POST /oidc/device/auth") return this.deviceAuthorization(response, recorded.form ?? {});
    if (route === "POST /oidc/token") return this.token(response, recorded);
    if (route === "POST /oidc/token/revocation") return this.revocation(response, recorded.form ?? {});
    if (url.pathname.startsWith("/api/")) {
      if (!this.authorised(request)) {
        return send(response, 401, { status: 401, code: "UNAUTHORIZED", message: "The access token is not valid" });
      }
      if (route === "GET /api/v1/me") return send(response, 200, this.me);
      if (route === "POST /api/subscriber/v1/subscriber-users/search") return this.search(response, recorded.json);
      if (route === "GET /api/subscriber/v1/subscribers") return this.subscribersOf(response, url.searchParams.get("subscriber-user-id") ?? "");
      if (patch) return this.patchUser(response, decodeURIComponent(patch[1]!), recorded);
      if (single) return this.getUser(response, decodeURIComponent(single[1]!));
      if (details) return this.subscriberDetails(response, decodeURIComponent(details[1]!));
      if (bulk) return this.bulkUsers(request, response, recorded.json);
    }
    return send(response, 404, { status: 404, code: "NOT_FOUND", message: "Not found" });
  }

  private deviceAuthorization(response: ServerResponse, form: Record<string, string>) {
    if (form.client_id !== "convey-cli") return send(response, 401, { error: "invalid_client" });
    return send(response, 200, {
      device_code: "device-code-1",
      user_code: "BCDF-GHJK",
      verification_uri: `${this.url}/oidc/device`,
      verification_uri_complete: `${this.url}/oidc/device?user_code=BCDF-GHJK`,
      expires_in: 600,
      ...(this.deviceInterval === undefined ? {} : { interval: this.deviceInterval }),
    });
  }

  private token(response: ServerResponse, request: RecordedRequest) {
    const form = request.form ?? {};
    switch (form.grant_type) {
      case "urn:ietf:params:oauth:grant-type:device_code": {
        if (form.client_id !== "convey-cli" || form.device_code !== "device-code-1") {
          return send(response, 400, { error: "invalid_grant" });
        }
        const answer = this.devicePolls.shift() ?? "approve";
        if (answer === "approve") return send(response, 200, this.issue(this.deviceGrantId, true));
        const descriptions: Record<string, string> = {
          authorization_pending: "authorization request is still pending as the end-user hasn't yet completed the user interaction steps",
          slow_down: "you are polling too quickly and should back off at a reasonable rate",
          access_denied: this.accessDeniedDescription,
          expired_token: "device code is expired",
        };
        return send(response, 400, { error: answer, error_description: descriptions[answer] });
      }
      case "refresh_token": {
        if (form.scope !== undefined) return send(response, 400, { error: "invalid_scope", error_description: "scope not allowed" });
        const grantId = this.refreshTokens.get(form.refresh_token ?? "");
        if (!grantId || this.revokedGrants.has(grantId)) {
          return send(response, 400, { error: "invalid_grant", error_description: "grant request is invalid" });
        }
        this.refreshTokens.delete(form.refresh_token!);
        return send(response, 200, this.issue(grantId, true));
      }
      case "client_credentials": {
        const [id, secret] = basicCredentials(request.headers.authorization);
        if (id !== SCRIPT_CLIENT.id || secret !== SCRIPT_CLIENT.secret) {
          return send(response, 401, { error: "invalid_client", error_description: "client authentication failed" });
        }
        if (form.resource !== "urn:convey:api") return send(response, 400, { error: "invalid_target" });
        return send(response, 200, this.issue(`grant-${id}`, false));
      }
      default:
        return send(response, 400, { error: "unsupported_grant_type" });
    }
  }

  private issue(grantId: string, withRefreshToken: boolean) {
    const accessToken = fakeJwt({ sub: this.me.user.subscriberUserId, gid: grantId, jti: randomUUID() });
    this.accessTokens.set(accessToken, { grantId, expiresAt: Date.now() + this.tokenLifetimeSeconds * 1000 });
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: this.tokenLifetimeSeconds,
      scope: "openid offline_access profile email",
    };
    if (withRefreshToken) {
      const refreshToken = `refresh-${randomUUID()}`;
      this.refreshTokens.set(refreshToken, grantId);
      body.refresh_token = refreshToken;
    }
    return body;
  }

  private revocation(response: ServerResponse, form: Record<string, string>) {
    if (form.client_id !== "convey-cli") return send(response, 401, { error: "invalid_client" });
    const token = form.token ?? "";
    this.revokedTokens.push(token);
    const grantId = this.refreshTokens.get(token);
    if (grantId) {
      this.revokedGrants.add(grantId);
      this.refreshTokens.delete(token);
    }
    response.writeHead(200).end();
  }

  private authorised(request: IncomingMessage): boolean {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    const issued = token ? this.accessTokens.get(token) : undefined;
    return Boolean(issued && issued.expiresAt > Date.now() && !this.revokedGrants.has(issued.grantId));
  }

  private search(response: ServerResponse, body: unknown) {
    const { email, subscriberId } = body as { email?: string; subscriberId?: string };
    const records = this.users.filter(
      (candidate) =>
        (!email || candidate.email.toLowerCase() === email.toLowerCase()) &&
        (!subscriberId || candidate.subscriberId === subscriberId),
    );
    return send(response, 200, {
      records,
      page: { page: 1, limit: 1, totalRecords: records.length, pageRecords: records.length },
    });
  }

  /** The subscribers a user belongs to: those of their records here (one record per subscriber). */
  private subscribersOf(response: ServerResponse, subscriberUserId: string) {
    const records = this.users
      .filter((candidate) => candidate.subscriberUserId === subscriberUserId && candidate.subscriberId)
      .map((candidate, index) => ({
        subscriberId: candidate.subscriberId!,
        name: candidate.subscriber ?? candidate.subscriberId!,
        entityType: "Law Firm",
        status: "Active",
        isPrimary: index === 0,
        authenticationType: "AUTH0_DATABASE_CONNECTION",
      }));
    return send(response, 200, { records, page: { page: 1, limit: 20, totalRecords: records.length, pageRecords: records.length } });
  }

  private subscriberDetails(response: ServerResponse, subscriberId: string) {
    return send(response, 200, {
      subscriberId,
      name: "Ashdown Legal",
      entityType: "Law Firm",
      status: "Active",
      version: 1,
      userAuthentication: null,
      ipAllow: null,
    });
  }

  private bulkUsers(request: IncomingMessage, response: ServerResponse, body: unknown) {
    const answer = this.bulkAnswers.shift() ?? "ok";
    if (answer === "network") {
      request.socket.destroy();
      return;
    }
    if (answer !== "ok") {
      return send(response, answer, { status: answer, code: "HTTP_ERROR", message: `The bulk call failed with ${answer}` });
    }
    const { rows, dryRun } = body as { rows: { email: string }[]; dryRun: boolean };
    return send(response, 200, {
      dryRun,
      results: rows.map((row, index) => ({
        index,
        email: row.email.toLowerCase(),
        outcome: "created",
        changes: [],
        reason: null,
        subscriberUserId: `user-${index}`,
      })),
    });
  }

  private getUser(response: ServerResponse, id: string) {
    const found = this.users.find((candidate) => candidate.subscriberUserId === id);
    return found ? send(response, 200, found) : send(response, 404, { status: 404, code: "NOT_FOUND", message: "User not found" });
  }

  /** A status change, made against the version in If-Match as the provider requires (428 without, 409 stale). */
  private patchUser(response: ServerResponse, id: string, request: RecordedRequest) {
    if (this.patchRefusal) {
      const { status, message } = this.patchRefusal;
      return send(response, status, { status, code: status === 403 ? "FORBIDDEN" : "REFUSED", message });
    }
    const index = this.users.findIndex((candidate) => candidate.subscriberUserId === id);
    if (index < 0) return send(response, 404, { status: 404, code: "NOT_FOUND", message: "User not found" });
    const version = versionOfIfMatch(request.headers["if-match"]);
    if (typeof version !== "number") return send(response, 428, { status: 428, code: "VERSION_REQUIRED", message: "Send If-Match" });
    const current = this.users[index]!;
    if (version !== current.version) return send(response, 409, { status: 409, code: "CONFLICT", message: "Someone else changed this user" });
    const { status } = request.json as { status: SubscriberUser["status"] };
    this.users[index] = { ...current, status, version: current.version + 1 };
    return send(response, 200, this.users[index]);
  }
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", () => resolve(text));
    request.on("error", reject);
  });
}

/** RFC 6749 section 2.3.1, as oidc-provider decodes it. */
function basicCredentials(header: string | undefined): [string?, string?] {
  const encoded = /^Basic (.+)$/.exec(header ?? "")?.[1];
  if (!encoded) return [];
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const part = (value: string) => decodeURIComponent(value.replace(/\+/g, "%20"));
  return [part(decoded.slice(0, colon)), part(decoded.slice(colon + 1))];
}

function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${encode({ alg: "none", typ: "at+jwt" })}.${encode(claims)}.signature`;
}
