/**
 * The CSRF matrix: every route module of the app that exports an `action` is posted its own form (as the
 * page renders it) three ways a forged request would come: from another site (a cross-site Origin), without
 * the CSRF token, and with another session's token. Each is refused with 403 and changes nothing (the
 * pages that show what it would change read the same before and after). The same form with the session's
 * own token then passes the gate (it is not refused with 403), so the refusals are about the forgery.
 *
 * The routes are read from app/routes: an action added later joins without being listed, and fails here
 * until ACTIONS says where its form is and who may post it.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SUBSCRIBERS, USER_IDS } from "./administration-support";
import { APP_URL, login, USERS } from "./support";
import { DEMO_WORKSPACES } from "./workspaces-support";

type Who = "manager" | "helpdesk" | "lender";

interface ActionRoute {
  /** Who posts it (their session, their token). */
  who: Who;
  /** The page to take the form from, when not the action's own URL (the form must post to the action). */
  page?: string;
  /** The form's fields, for an action whose form no page shows this user. */
  fields?: Record<string, string>;
  /** Which of the page's forms that post to the action (by its submit button's value), when there are several. */
  intent?: string;
  /** The pages that show what the action changes (besides its own page), read before and after. */
  witnesses?: string[];
  /** The action ends the session it is posted in: its allowed post is made in a session of its own. */
  endsSession?: true;
  /** What the allowed post answers when not "anything but 403" (with the reason in a comment). */
  allowed?: number;
  /** What a same-site forgery answers when not 403 (with the reason in a comment); a cross-site one is always 403. */
  refused?: number;
}

const HARPER_VALE = SUBSCRIBERS.harperVale.subscriberId;
const KEYSTONE = SUBSCRIBERS.keystone.subscriberId;
const VIEWER = "5a000000-0000-4000-8000-000000000004";
const PENDING = "5a000000-0000-4000-8000-000000000006";
const READY = DEMO_WORKSPACES.remortgageReady.workspaceId;

/** Dynamic segments of the route files, filled from the seeded world. */
const PARAMS: Record<string, string> = {
  workspaceId: READY,
  subscriberId: HARPER_VALE,
  userId: VIEWER,
  // Northgate Bank's seeded Redemption account (Lena North, the lender, is its Financial Administrator).
  financialAccountId: "fa000000-0000-4000-8000-000000000001",
  // No such file: the Documents modals that name a file answer 404 to the allowed post (after the CSRF gate).
  fileId: "f0000000-0000-4000-8000-00000000dead",
};

/** Every route module that exports an action, keyed by its file name. */
const ACTIONS: Record<string, ActionRoute> = {
  // The catch-all answers 404 to any post from a signed-in user: it reads no form and changes nothing, so a
  // post without the token is not found like any other (a cross-site one is refused before it, 403).
  "$.tsx": { who: "manager", fields: { anything: "x" }, allowed: 404, refused: 404 },
  // The frequently used accounts: no witnesses, as the accounts spec changes Northgate's list meanwhile. The add
  // form as the page shows it, empty: the allowed post is answered with the form's errors. The review posted
  // with version 0: the allowed post is refused as stale (or the account is gone), a redirect, not a 403.
  "add-financial-account.tsx": { who: "lender" },
  "edit-financial-account.$financialAccountId.tsx": {
    who: "lender",
    fields: { intent: "verify", version: "0", displayName: "Northgate redemptions" },
  },
  "create-workspace.tsx": { who: "manager", witnesses: ["/workspaces"] },
  "lodgement.identifiers.tsx": {
    who: "helpdesk",
    page: `/lodgement/identifiers?subscriberId=${HARPER_VALE}`,
  },
  "logout.tsx": { who: "manager", witnesses: ["/workspaces"], endsSession: true },
  // Only while the notification flag is on does /organisation show its form; the action reads the same form
  // as a subscriber's page shows the helpdesk.
  "organisation.tsx": {
    who: "manager",
    fields: { intent: "save-ip-allow-list", ipAllowList: "203.0.113.7" },
    witnesses: [`/users?subscriberId=${HARPER_VALE}`],
  },
  "subscribers.$subscriberId.tsx": {
    who: "helpdesk",
    page: `/subscribers/${HARPER_VALE}?tab=connection&edit=ip-allow-list`,
    intent: "save-ip-allow-list",
  },
  "switch-subscriber.tsx": {
    who: "manager",
    page: `/switch-subscriber?subscriberId=${SUBSCRIBERS.ashdown.subscriberId}`,
    witnesses: ["/workspaces"],
  },
  "users.$userId.tsx": {
    who: "helpdesk",
    page: `/users/${PENDING}?subscriberId=${KEYSTONE}`,
    witnesses: [`/users/${PENDING}?subscriberId=${KEYSTONE}`],
  },
  "users.$userId_.edit.tsx": {
    who: "manager",
    page: `/users/${USER_IDS.suspended}/edit`,
    witnesses: [`/users/${USER_IDS.suspended}`],
  },
  "users.$userId_.suspend.tsx": {
    who: "helpdesk",
    page: `/users/${VIEWER}/suspend?subscriberId=${KEYSTONE}`,
    witnesses: [`/users/${VIEWER}?subscriberId=${KEYSTONE}`],
  },
  "users.$userId_.unsuspend.tsx": {
    who: "manager",
    page: `/users/${USER_IDS.suspended}/unsuspend`,
    witnesses: [`/users/${USER_IDS.suspended}`],
  },
  "users.new.tsx": { who: "manager", witnesses: ["/users"] },
  "workspaces.$workspaceId.cancel.tsx": { who: "manager", witnesses: [`/workspaces/${READY}`] },
  // The index route answers the same page's forms posted without JavaScript (its URL ends in ?index).
  "workspaces.$workspaceId._index.tsx": {
    who: "manager",
    page: `/workspaces/${READY}`,
    intent: "approve-workspace",
    witnesses: [`/workspaces/${READY}/overview`],
  },
  "workspaces.$workspaceId.tsx": {
    who: "manager",
    intent: "approve-workspace",
    witnesses: [`/workspaces/${READY}/overview`],
  },
  // The add-party form as the page shows it, empty: the allowed post is answered with the form's errors.
  "workspaces.$workspaceId.participants.tsx": {
    who: "manager",
    page: `/workspaces/${READY}/participants?view=add-party&role=BORROWER`,
    intent: "add-party",
    witnesses: [`/workspaces/${READY}/participants`],
  },
  // The amount payable on completion left empty: the allowed post is answered with the form's errors, so the
  // schedule other specs use is not written to.
  "workspaces.$workspaceId.financials.tsx": {
    who: "manager",
    fields: { intent: "amount-payable", version: "0", amountPayableOnCompletion: "" },
    witnesses: [`/workspaces/${READY}/financials`],
  },
  // The Documents tab (decision 0720): the allowed post (the token alone) names no intent, a bad request (400),
  // nothing written; the multipart upload has its own forgery checks (tests/e2e/workspaces-tabs-documents.spec.ts,
  // app/documents/read-upload.server.test.ts).
  "workspaces.$workspaceId.documents.tsx": {
    who: "manager",
    fields: { intent: "application", documentId: "no-such-application", version: "0", transactionValue: "" },
    allowed: 400,
    witnesses: [`/workspaces/${READY}/documents`],
  },
  // The modals that name a file: no such file, so the allowed post is not found after the CSRF gate.
  "workspaces.$workspaceId.documents.attach.$fileId.tsx": {
    who: "manager",
    fields: { certificationType: "ORIGINAL" },
    allowed: 404,
  },
  "workspaces.$workspaceId.documents.delete.$fileId.tsx": { who: "manager", fields: {}, allowed: 404 },
  "workspaces.$workspaceId.documents.permissions.$fileId.tsx": {
    who: "manager",
    fields: { version: "0" },
    allowed: 404,
  },
  // Approve in a case whose applications still need their values: the allowed post passes the gate and is
  // refused by the rule (400), nothing written.
  "workspaces.$workspaceId.documents.approve.tsx": {
    who: "manager",
    fields: { version: "0" },
    allowed: 400,
    witnesses: [`/workspaces/${READY}/documents`],
  },
  // Unapprove, submit, resubmit and prepare resubmission are not offered in a case in preparation: the allowed
  // post passes the CSRF gate (readForm runs first) and is refused as not offered to this user now (403),
  // nothing written.
  "workspaces.$workspaceId.documents.unapprove.tsx": {
    who: "manager",
    fields: { version: "0" },
    allowed: 403,
    witnesses: [`/workspaces/${READY}/documents`],
  },
  "workspaces.$workspaceId.documents.submit.tsx": {
    who: "manager",
    fields: { version: "0" },
    allowed: 403,
    witnesses: [`/workspaces/${READY}/documents`],
  },
  "workspaces.$workspaceId.documents.resubmit.tsx": {
    who: "manager",
    fields: { version: "0" },
    allowed: 403,
    witnesses: [`/workspaces/${READY}/documents`],
  },
  "workspaces.$workspaceId.documents.prepare-resubmission.tsx": {
    who: "manager",
    fields: { version: "0" },
    allowed: 403,
    witnesses: [`/workspaces/${READY}/documents`],
  },
  // The Stamp duty tab (decision 0820): the flag is off and the workspace a remortgage, so the allowed post passes
  // the CSRF gate (readForm runs first) and then meets the tab's rule: not found, nothing written.
  "workspaces.$workspaceId.stamp-duty.tsx": {
    who: "manager",
    fields: { intent: "questions", version: "0", needStampDutySubmission: "false", questionsShown: "1" },
    allowed: 404,
  },
  // The security address form without a postcode: the allowed post is answered with the form's errors, so
  // the workspace other specs approve is not written to.
  "workspaces.$workspaceId.property-details.tsx": {
    who: "manager",
    fields: {
      intent: "update-security-address",
      buildingNumber: "1",
      street: "High Street",
      town: "Bath",
      postcode: "",
    },
    witnesses: [`/workspaces/${READY}/property-details`],
  },
};

/** The route files that export an action, read from the source. */
function actionRoutes(): string[] {
  const dir = join(process.cwd(), "app", "routes");
  return readdirSync(dir)
    .filter((file) => /\.(tsx?|jsx?)$/.test(file))
    .filter((file) =>
      /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/.test(
        readFileSync(join(dir, file), "utf8"),
      ),
    )
    .sort();
}

/** The URL a Remix flat route file answers, its dynamic segments filled from PARAMS. */
function urlOf(file: string): string {
  const segments = file
    .replace(/\.(tsx?|jsx?)$/, "")
    .split(".")
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replace(/_$/, ""))
    .map((segment) => {
      if (segment === "$") return "no-such-page";
      if (segment.startsWith("$")) {
        const value = PARAMS[segment.slice(1)];
        if (!value)
          throw new Error(
            `${file}: say which seeded record fills $${segment.slice(1)} (PARAMS in tests/e2e/csrf-matrix.spec.ts)`,
          );
        return value;
      }
      return segment;
    });
  return `/${segments.join("/")}${file.includes("._index.") ? "?index" : ""}`;
}

interface Session {
  context: BrowserContext;
  page: Page;
  request: APIRequestContext;
}

async function signIn(browser: Browser, who: Who): Promise<Session> {
  // Without JavaScript: the forms as the server renders them, every button enabled.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await login(page, USERS[who].email);
  return { context, page, request: context.request };
}

/** The session's CSRF token, as any of its pages carries it. */
async function tokenOf(session: Session): Promise<string> {
  const response = await session.request.get(`${APP_URL}/workspaces`);
  const match = /name="csrf" value="([^"]+)"/.exec(await response.text());
  if (!match) throw new Error("No CSRF token on /workspaces");
  return match[1]!;
}

/** The pattern of the paths a Remix flat route file answers. */
function patternOf(file: string): string {
  const segments = file
    .replace(/\.(tsx?|jsx?)$/, "")
    .split(".")
    .filter((segment) => segment !== "_index")
    .map((segment) => segment.replace(/_$/, ""))
    .map((segment) =>
      segment === "$" ? ".*" : segment.startsWith("$") ? "[^/]+" : segment.replace(/[-]/g, "\\-"),
    );
  return `^/${segments.join("/")}$`;
}

/**
 * The page's form that posts to the route (as the browser would send it, its button included): where it
 * posts (path and query) and its fields.
 */
async function formOf(
  session: Session,
  pageUrl: string,
  file: string,
  intent?: string,
): Promise<{ action: string; fields: [string, string][] }> {
  await session.page.goto(pageUrl);
  const forms = await session.page.evaluate(
    ({ pattern, index }) => {
      return [...document.querySelectorAll("form")]
        .filter((form) => {
          const target = new URL(form.action, location.href);
          return (
            form.method.toLowerCase() === "post" &&
            new RegExp(pattern).test(target.pathname) &&
            target.searchParams.has("index") === index
          );
        })
        .flatMap((form) => {
          const target = new URL(form.action, location.href);
          const action = `${target.pathname}${target.search}`;
          const buttons = [...form.querySelectorAll<HTMLButtonElement>("button[name]")];
          const submissions = buttons.length
            ? buttons.map((button) => new FormData(form, button))
            : [new FormData(form)];
          return submissions.map((data) => ({
            action,
            fields: [...data.entries()].map(([name, value]) => [name, String(value)] as [string, string]),
          }));
        });
    },
    { pattern: patternOf(file), index: false },
  );
  // An index route answers the same forms posted to its URL with ?index (as they are without JavaScript).
  if (file.includes("._index.")) {
    for (const form of forms) form.action = `${form.action}${form.action.includes("?") ? "&" : "?"}index`;
  }
  const chosen = intent
    ? forms.find(({ fields }) => fields.some(([name, value]) => name === "intent" && value === intent))
    : forms[0];
  if (!chosen)
    throw new Error(
      `${pageUrl} shows no form posting to ${file}${intent ? ` with intent ${intent}` : ""}: say in ACTIONS where its form is`,
    );
  return chosen;
}

/** What the witness pages show (their main content), to compare before and after. */
async function snapshot(session: Session, pages: string[]): Promise<string[]> {
  const texts: string[] = [];
  for (const url of pages) {
    const response = await session.request.get(`${APP_URL}${url}`, { maxRedirects: 0 });
    const html = await response.text();
    const main = /<main\b[\s\S]*<\/main>/i.exec(html)?.[0] ?? html;
    // Tokens and nonces differ on every render; what the page shows is the rest.
    texts.push(`${response.status()} ${main.replace(/\b(?:nonce|value)="[^"]*"/g, "").replace(/\s+/g, " ")}`);
  }
  return texts;
}

function post(session: Session, url: string, fields: [string, string][], headers: Record<string, string>) {
  return session.request.post(`${APP_URL}${url}`, {
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    data: new URLSearchParams(fields).toString(),
    maxRedirects: 0,
  });
}

test.describe.configure({ mode: "serial" });

test("every action is described: a new one fails until ACTIONS says where its form is", () => {
  const routes = actionRoutes();
  expect(routes.length).toBeGreaterThan(10);
  expect(
    routes
      .filter((file) => !(file in ACTIONS))
      .map(
        (file) => `${file}: describe its form and who posts it in ACTIONS (tests/e2e/csrf-matrix.spec.ts)`,
      ),
  ).toEqual([]);
  expect(
    Object.keys(ACTIONS).filter((file) => !routes.includes(file)),
    "described actions that no longer exist",
  ).toEqual([]);
});

test("a cross-site post, a post without the token and a post with another session's token are refused by every action, and change nothing", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const sessions: Record<Who, Session> = {
    manager: await signIn(browser, "manager"),
    helpdesk: await signIn(browser, "helpdesk"),
    lender: await signIn(browser, "lender"),
  };
  // The same person logged in a second time: a token that is real, but not this session's.
  const otherSession = await signIn(browser, "manager");
  const otherToken = await tokenOf(otherSession);
  const failures: string[] = [];
  try {
    for (const file of actionRoutes()) {
      const route = ACTIONS[file]!;
      const session = sessions[route.who];
      const token = await tokenOf(session);
      const form = route.fields
        ? {
            action: urlOf(file),
            fields: [...Object.entries(route.fields), ["csrf", token] as [string, string]],
          }
        : await formOf(session, route.page ?? urlOf(file), file, route.intent);
      const { action: url, fields } = form;
      const witnesses = [...(route.fields ? [] : [route.page ?? url]), ...(route.witnesses ?? [])];
      const withToken = (value: string | undefined) =>
        value === undefined
          ? fields.filter(([name]) => name !== "csrf")
          : fields.map(([name, current]) => [name, name === "csrf" ? value : current] as [string, string]);

      const forgeries: [string, [string, string][], Record<string, string>][] = [
        [
          "from another site",
          withToken(token),
          { origin: "https://attacker.example", "sec-fetch-site": "cross-site" },
        ],
        [
          "from another site, by the browser's word alone",
          withToken(token),
          { "sec-fetch-site": "cross-site" },
        ],
        ["with no origin at all", withToken(token), {}],
        ["without the token", withToken(undefined), { origin: APP_URL }],
        ["with an empty token", withToken(""), { origin: APP_URL }],
        ["with another session's token", withToken(otherToken), { origin: APP_URL }],
        [
          "with another user's token",
          withToken(await tokenOf(sessions[route.who === "manager" ? "helpdesk" : "manager"])),
          { origin: APP_URL },
        ],
      ];
      for (const [how, body, headers] of forgeries) {
        const before = await snapshot(session, witnesses);
        const response = await post(session, url, body, headers);
        const expected = "origin" in headers && headers.origin === APP_URL ? (route.refused ?? 403) : 403;
        if (response.status() !== expected)
          failures.push(`${file} (POST ${url}) ${how}: answered ${response.status()}, not ${expected}`);
        const after = await snapshot(session, witnesses);
        witnesses.forEach((witness, index) => {
          if (before[index] !== after[index])
            failures.push(`${file} (POST ${url}) ${how}: ${witness} changed`);
        });
      }

      // The session's own token from its own site passes the gate (in a session of its own when it ends one).
      const own = route.endsSession ? await signIn(browser, route.who) : session;
      const ownFields = route.endsSession ? withToken(await tokenOf(own)) : withToken(token);
      const allowed = await post(
        own,
        url,
        route.endsSession ? ownFields : ownFields.filter(([name]) => name === "csrf"),
        { origin: APP_URL },
      );
      const passed = route.allowed
        ? allowed.status() === route.allowed
        : allowed.status() !== 403 && allowed.status() < 500;
      if (!passed)
        failures.push(`${file} (POST ${url}) with the session's own token: answered ${allowed.status()}`);
      if (route.endsSession) await own.context.close();
    }
  } finally {
    await Promise.all([...Object.values(sessions), otherSession].map((session) => session.context.close()));
  }
  expect(failures).toEqual([]);
});
