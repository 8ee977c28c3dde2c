/**
 * /api/v1/app-sessions: the web app's session store (provider/identity/app-sessions.ts), for the web app's
 * server alone (the confidential web client with its secret). Outside production a test may also set a
 * session's times, as if time had passed, to prove the idle and absolute limits.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AppSessionCreateSchema,
  AppSessionCreatedSchema,
  AppSessionIdSchema,
  AppSessionSchema,
  AppSessionTimesSchema,
  AppSessionWriteSchema,
  RefreshLeaseSchema,
} from "../../core/identity/app-sessions.js";
import { notFound } from "../platform/errors.js";
import { errorResponses } from "../platform/http/errors.js";
import { requireWebClient } from "../platform/http/auth.js";
import type { ApiDeps } from "../platform/route-deps.js";
import {
  createAppSession,
  deleteAppSession,
  readAppSession,
  setAppSessionTimes,
  takeRefreshLease,
  updateAppSession,
} from "./app-sessions.js";

const tags = ["App sessions"];
const security = [{ webClientBasic: [] }];
const Params = z.object({ sessionId: AppSessionIdSchema });
const NO_SESSION = "There is no such session: it was never started, or it has ended.";

export const appSessionRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { config, db }) => {
  requireWebClient(app, config.webClient);
  const deps = { db, encryptionKey: config.encryptionKey };

  app.post(
    "/app-sessions",
    {
      schema: {
        tags,
        security,
        summary: "Start a web session: its data is sealed at rest, its id is answered once",
        body: AppSessionCreateSchema,
        response: { 201: AppSessionCreatedSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => reply.code(201).send({ sessionId: await createAppSession(deps, request.body) }),
  );

  app.get(
    "/app-sessions/:sessionId",
    {
      schema: {
        tags,
        security,
        summary: "Read a web session; one past its idle or absolute limit is deleted and answered once with `ended`",
        params: Params,
        response: { 200: AppSessionSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const session = await readAppSession(deps, request.params.sessionId);
      if (!session) throw notFound(NO_SESSION);
      return session;
    },
  );

  app.put(
    "/app-sessions/:sessionId",
    {
      schema: {
        tags,
        security,
        summary: "Replace a live web session's data (an ended session stays ended)",
        params: Params,
        body: AppSessionWriteSchema,
        response: { 204: z.null().describe("Written"), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      if (!(await updateAppSession(deps, request.params.sessionId, request.body))) throw notFound(NO_SESSION);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/app-sessions/:sessionId/refresh-lease",
    {
      schema: {
        tags,
        security,
        summary: "Ask to be the one app process that refreshes the session's tokens now (the next write ends the lease)",
        params: Params,
        response: { 200: RefreshLeaseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const granted = await takeRefreshLease(deps, request.params.sessionId);
      if (granted === null) throw notFound(NO_SESSION);
      return { granted };
    },
  );

  app.delete(
    "/app-sessions/:sessionId",
    {
      schema: {
        tags,
        security,
        summary: "End a web session (logout); one already gone is no error",
        params: Params,
        response: { 204: z.null().describe("Deleted"), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await deleteAppSession(deps, request.params.sessionId);
      return reply.code(204).send(null);
    },
  );

  if (config.production) return;
  app.put(
    "/app-sessions/:sessionId/times",
    {
      schema: {
        tags,
        security,
        summary: "Outside production: set a session's login and last-seen times, as if time had passed",
        params: Params,
        body: AppSessionTimesSchema,
        response: { 204: z.null().describe("Written"), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      if (!(await setAppSessionTimes(deps, request.params.sessionId, request.body))) throw notFound(NO_SESSION);
      return reply.code(204).send(null);
    },
  );
};
