/**
 * The provider: one Fastify server holding the REST API (/api), the identity provider (/oidc) and /health,
 * over one database. Every route validates its request and response with the zod schemas of core/, from
 * which the OpenAPI document at /api/docs/openapi.json is generated.
 */
import fastifySwagger from "@fastify/swagger";
import Fastify, { LogController, type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { ProductClock } from "./clock.js";
import type { ProviderConfig } from "./config.js";
import { openDatabase, type DB } from "./db/index.js";
import { proxyTrust } from "./http/client-address.js";
import { correlationIdOf, echoCorrelationId } from "./http/correlation.js";
import { errorHandler, frameworkErrorHandler, notFoundHandler } from "./http/errors.js";
import { loggerOptions } from "./http/logging.js";
import { answerHeaders } from "./http/response-headers.js";
import { refusingUnstorableText } from "./http/unstorable-text.js";
import { PRODUCT_JOBS } from "./jobs/product-jobs.js";
import { JobQueue, type JobDefinition } from "./jobs/queue.js";
import { createMailSandbox, type Mailer } from "./mail.js";
import { createOidc, mountPathOf, type Oidc } from "../identity/oidc.js";
import { registerMailboxPages } from "./mail-routes.js";
import { createActivationSender } from "../identity/activation.js";
import { registerLoginRateLimits } from "../identity/rate-limits.js";
import { healthRoutes } from "./health-routes.js";
import { registerApi } from "./routes.js";

export interface ProviderServer {
  app: FastifyInstance;
  db: DB;
  oidc: Oidc;
  clock: ProductClock;
  jobs: JobQueue;
  /** Stops the server and the job queue, and closes the database (when the server opened it). */
  close(): Promise<void>;
}

/** Only our own routes belong in the OpenAPI document; the identity provider publishes its own discovery. */
const documentOnly: typeof jsonSchemaTransform = (input) =>
  input.url === "/health" || input.url.startsWith("/api/")
    ? jsonSchemaTransform(input)
    : { schema: { ...input.schema, hide: true }, url: input.url };

export async function buildServer(options: {
  config: ProviderConfig;
  db?: DB;
  /** Where log lines go instead of stdout (tests that read them). */
  logStream?: { write(line: string): void };
  /** The mail service for users' activation emails; the mail sandbox when left out. */
  mailer?: Mailer;
  /** Jobs the queue runs besides the product's own (tests' jobs). */
  jobs?: readonly JobDefinition[];
  /** How often an idle job worker looks for due jobs (tests shorten it). */
  jobPollingIntervalSeconds?: number;
}): Promise<ProviderServer> {
  const { config } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: proxyTrust(config),
    requestIdHeader: false,
    genReqId: correlationIdOf,
    logController: new LogController({ requestIdLogLabel: "correlationId" }),
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  const ownsDb = options.db === undefined;
  const db = options.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  let clock: ProductClock | undefined;
  let jobs: JobQueue | undefined;
  const stopJobsAndClock = async () => {
    await jobs?.stop();
    clock?.close();
  };

  try {
    clock = await ProductClock.open(db, { settable: !config.production });
    jobs = await JobQueue.start({
      db,
      clock,
      log: app.log,
      definitions: [...PRODUCT_JOBS, ...(options.jobs ?? [])],
      pollingIntervalSeconds: options.jobPollingIntervalSeconds,
    });

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler(errorHandler);
    app.setNotFoundHandler(notFoundHandler);
    echoCorrelationId(app);
    answerHeaders(app, clock);
    refusingUnstorableText(app);

    await app.register(fastifySwagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Conveyancing workspace provider API",
          description:
            "The provider services of the conveyancing workspace product. Every call needs a bearer access token from the identity provider at /oidc, and may send x-correlation-id.",
          version: "1.0.0",
        },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: {
            bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
            // The web app's server (its OAuth client id and secret), for the session store alone.
            webClientBasic: { type: "http", scheme: "basic" },
          },
        },
        security: [{ bearerAuth: [] }],
      },
      transform: documentOnly,
    });

    const oidc = await createOidc({ config, db, log: app.log, clock });
    const mailer = options.mailer ?? createMailSandbox({ log: app.log, db, clock });
    const activation = createActivationSender({ db, clock, mailer, issuer: config.issuer });
    await app.register(healthRoutes, { db });
    await registerLoginRateLimits(app, { mountPath: mountPathOf(config.issuer), webClient: config.webClient });
    await oidc.register(app);
    await registerApi(app, { config, db, oidc, mailer, activation, clock, jobs });
    if (!config.production) registerMailboxPages(app, { db, assetsPath: `${mountPathOf(config.issuer)}/assets` });
    await app.ready();

    return {
      app,
      db,
      oidc,
      clock,
      jobs,
      async close() {
        await app.close();
        await stopJobsAndClock();
        if (ownsDb) await db.destroy();
      },
    };
  } catch (error) {
    await app.close().catch(() => undefined);
    await stopJobsAndClock().catch(() => undefined);
    if (ownsDb) await db.destroy().catch(() => undefined);
    throw error;
  }
}
