/**
 * The provider API under /api. The OpenAPI document is public; the web app's session store answers only the
 * web client authenticated with its secret; every other route requires an access token. Unknown /api paths
 * and every error answer `{ status, code, message }`.
 */
import type { FastifyInstance } from "fastify";
import { requireAuthentication } from "./http/auth.js";
import { errorHandler, notFoundHandler } from "./http/errors.js";
import { enforceIpAllowList } from "./http/ip-allow-list.js";
import { appSessionRoutes } from "../identity/app-sessions-routes.js";
import { administrationRoutes, notificationRoutes } from "../administration/routes.js";
import type { ApiDeps } from "./route-deps.js";
import { clockRoutes } from "./clock-routes.js";
import { mailRoutes } from "./mail-routes.js";
import { docsRoutes } from "./docs-routes.js";
import { featureFlagRoutes } from "./feature-flags-routes.js";
import { jobRoutes } from "./jobs/routes.js";
import { meRoutes } from "../identity/me-routes.js";
import { subscriberRoutes } from "../administration/subscribers-routes.js";
import { workspaceRoutes } from "../workspaces/routes.js";
import { workspaceV1Routes } from "../workspaces/participants-routes.js";
import { partyRoutes } from "../parties/routes.js";
import { titleRoutes } from "../title/routes.js";
import { settlementRoutes } from "../financials/routes.js";
import { bankHolidayRoutes } from "../financials/bank-holidays-routes.js";
import { financialAccountRoutes } from "../financials/accounts-routes.js";
import { lodgementRoutes } from "../documents/lodgement-routes.js";
import { sdltRoutes } from "../sdlt/routes.js";
import { fileDownloadRoutes, fileRoutes } from "../documents/file-routes.js";

export type { ApiDeps } from "./route-deps.js";

export async function registerApi(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  await app.register(
    async (api) => {
      api.setErrorHandler(errorHandler);
      api.setNotFoundHandler(notFoundHandler);
      await api.register(docsRoutes);
      await api.register(appSessionRoutes, { prefix: "/v1", ...deps });
      // Signed download links carry their own authority (a 60-second HMAC), no bearer token.
      await api.register(fileDownloadRoutes, { prefix: "/lodgement/v1", ...deps });
      await api.register(async (secured) => {
        requireAuthentication(secured, deps.oidc);
        enforceIpAllowList(secured);
        await secured.register(meRoutes, { prefix: "/v1", ...deps });
        await secured.register(featureFlagRoutes, { prefix: "/v1", ...deps });
        await secured.register(jobRoutes, { prefix: "/v1", ...deps });
        if (!deps.config.production) await secured.register(clockRoutes, { prefix: "/v1", ...deps });
        if (!deps.config.production) await secured.register(mailRoutes, { prefix: "/v1", ...deps });
        await secured.register(subscriberRoutes, { prefix: "/subscriber/v1", ...deps });
        await secured.register(administrationRoutes, { prefix: "/subscriber/v1", ...deps });
        await secured.register(notificationRoutes, { prefix: "/notification/v2", ...deps });
        await secured.register(workspaceRoutes, { prefix: "/workspace/v1", ...deps });
        await secured.register(workspaceV1Routes, { prefix: "/v1", ...deps });
        await secured.register(partyRoutes, { prefix: "/workspace/v1", ...deps });
        await secured.register(titleRoutes, { prefix: "/v1", ...deps });
        await secured.register(settlementRoutes, { prefix: "/settlement/v1", ...deps });
        await secured.register(bankHolidayRoutes, { prefix: "/settlement/v1", ...deps });
        await secured.register(financialAccountRoutes, { prefix: "/settlement/v1", ...deps });
        await secured.register(fileRoutes, { prefix: "/lodgement/v1", ...deps });
        await secured.register(lodgementRoutes, { prefix: "/lodgement/v1", ...deps });
        await secured.register(sdltRoutes, { prefix: "/lodgement/v1", ...deps });
      });
    },
    { prefix: "/api" },
  );
}
