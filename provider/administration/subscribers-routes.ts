/** The subscriber service, /api/subscriber/v1 (document 1 section 7, document 3 section 7.3). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ManagedUserSchema,
  ManagedUserSearchResponseSchema,
  SubscriberCreateRequestSchema,
  SubscribersQuerySchema,
  UserPatchRequestSchema,
} from "../../core/administration/api.js";
import { AssociatedSubscriberSchema, AssociatedSubscribersResponseSchema, SubscriberUserNamesQuerySchema, SubscriberUserNamesResponseSchema, UserSearchRequestSchema } from "../../core/administration/api.js";
import { SUBSCRIBER_ENTITY_TYPES, type SubscriberEntityType } from "../../core/administration/subscribers.js";
import { subscriberTypeFrom } from "../../core/administration/roles.js";
import { requestMeta } from "../platform/http/auth.js";
import { badRequest } from "../platform/errors.js";
import { errorResponses } from "../platform/http/errors.js";
import {
  changeSubscriberUserStatus,
  getSubscriberUser,
  searchSubscriberUsers,
  unblockSubscriberUser,
} from "./subscriber-users.js";
import { editSubscriberUser, resendInvitation } from "./user-administration.js";
import { createSubscriber, getSubscriberUserNames, listAssociatedSubscribers } from "./subscribers.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { requiredVersion } from "../platform/versions.js";
import { IF_MATCH_HEADER, IfMatchHeadersSchema } from "../../core/shared/versions.js";

const SubscriberUserParamsSchema = z.object({ id: z.string().min(1).max(200) });
const tags = ["Subscriber service"];

/** `type=Lender&type=Law Firm` or `type=Lender,Law Firm`; LAW_FIRM-style spellings are accepted too. */
function subscriberTypes(type: string | string[] | undefined): SubscriberEntityType[] | undefined {
  if (type === undefined) return undefined;
  const names = (Array.isArray(type) ? type : [type]).flatMap((value) => value.split(",")).map((value) => value.trim());
  return names.filter(Boolean).map((name) => {
    const known = subscriberTypeFrom(name);
    if (!known) throw badRequest(`Unknown subscriber type ${name}: use ${SUBSCRIBER_ENTITY_TYPES.join(", ")}.`);
    return known;
  });
}

export const subscriberRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db, oidc, activation, clock }) => {
  app.get(
    "/subscribers",
    {
      schema: {
        tags,
        summary: "The associated subscribers of a user, primary first then by name",
        description:
          "Without subscriber-user-id, a helpdesk administrator gets every subscriber sorted by name (the subscriber selector: page 1, limit up to 1000), optionally of the given types.",
        querystring: SubscribersQuerySchema,
        response: { 200: AssociatedSubscribersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, limit, "subscriber-user-id": subscriberUserId, type, name } = request.query;
      // The shell sends `subscriber-user-id=` empty before it knows the user: that means "myself".
      return listAssociatedSubscribers(db, request.caller, {
        page,
        limit,
        subscriberUserId: subscriberUserId || undefined,
        types: subscriberTypes(type),
        name: name?.trim() || undefined,
      });
    },
  );

  app.post(
    "/subscribers",
    {
      schema: {
        tags,
        summary: "Add a subscriber (helpdesk administrator): Active, without users yet",
        description: "Names are unique whatever their case (409 SUBSCRIBER_EXISTS); entityType is Lender, Law Firm or Conveyancing Firm.",
        body: SubscriberCreateRequestSchema,
        response: { 201: AssociatedSubscriberSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await createSubscriber(db, request.caller, request.body, requestMeta(request))),
  );

  app.get(
    "/subscribers/subscriber-users",
    {
      schema: {
        tags,
        summary: "First and last names of users who share a subscriber with the caller",
        querystring: SubscriberUserNamesQuerySchema,
        response: { 200: SubscriberUserNamesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      records: await getSubscriberUserNames(db, request.caller, request.query.ids.split(",")),
    }),
  );

  app.post(
    "/subscriber-users/search",
    {
      schema: {
        tags,
        summary: "Search the users of a subscriber",
        body: UserSearchRequestSchema,
        response: { 200: ManagedUserSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => searchSubscriberUsers(db, request.caller, request.body),
  );

  app.get(
    "/subscriber-users/:id",
    {
      schema: {
        tags,
        summary: "One subscriber user, with the roles held at the caller's selected subscriber",
        params: SubscriberUserParamsSchema,
        response: { 200: ManagedUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSubscriberUser(db, request.caller, request.params.id),
  );

  app.post(
    "/subscriber-users/:id/unblock",
    {
      schema: {
        tags,
        summary: "Lift the lock of a user's login after too many failed passwords (shown as Blocked)",
        description:
          "For whoever may suspend the user (edit:subscriber_users, and sees them). The lock ends by itself 15 minutes after it was set; this lifts it at once and forgets the failures. Recorded in the audit log. A user who is not blocked is answered as they are. Unsuspending a user lifts it too.",
        params: SubscriberUserParamsSchema,
        response: { 200: ManagedUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => unblockSubscriberUser(db, request.caller, request.params.id, clock.now(), requestMeta(request)),
  );

  app.patch(
    "/subscriber-users/:id",
    {
      schema: {
        tags,
        summary: "Suspend or unsuspend a user, edit their names and roles (PATCH_USER), or re-send their activation email (RESEND_INVITATION)",
        description:
          "`{status}`: Active ↔ Suspended. A helpdesk administrator suspends the account (every session ends at once) and unsuspends the user everywhere, or with `subscriberId` suspends or unsuspends them at that subscriber only (404 when they are not one of its users; 409 SUSPENDED_EVERYWHERE to unsuspend there an account suspended everywhere); anyone else suspends or unsuspends at their selected subscriber only (the sessions there end), and cannot lift the support's suspension (403 SUSPENDED_BY_SUPPORT). A Pending user cannot be suspended or unsuspended. " +
          "`{requestType: PATCH_USER, firstName, middleName, lastName, roleNames}`: names are locked for single sign-on users, and only a helpdesk administrator renames a user of several subscribers (403 NAMES_SHARED) or adds or removes User Manager. " +
          "`{requestType: RESEND_INVITATION, email}`: Pending users only; a refusal by the mail service answers 502 INVITATION_NOT_SENT with its reason. Every change carries the user's version (from GET) as If-Match: 428 without it, 409 when stale.",
        params: SubscriberUserParamsSchema,
        headers: IfMatchHeadersSchema,
        body: UserPatchRequestSchema,
        response: { 200: ManagedUserSchema, ...errorResponses(400, 401, 403, 404, 409, 428, 502) },
      },
    },
    async (request) => {
      const { body, caller } = request;
      const { id } = request.params;
      const version = requiredVersion(request.headers[IF_MATCH_HEADER]);
      switch (body.requestType) {
        case "PATCH_USER":
          return editSubscriberUser(db, caller, id, body, version, requestMeta(request));
        case "RESEND_INVITATION":
          return resendInvitation({ db, activation }, caller, id, body.email, version, requestMeta(request));
        default:
          return changeSubscriberUserStatus(
            { db, oidc, log: request.log },
            caller,
            id,
            body.status,
            requestMeta(request),
            version,
            body.subscriberId,
          );
      }
    },
  );
};
