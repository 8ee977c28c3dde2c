/**
 * Subscriber administration (document 3 section 7.3; issue 5): creating users one at a time and in bulk,
 * roles per subscriber type, subscriber details and connection settings, lodgement and authority
 * identifiers, the audit log (/api/subscriber/v1) and notification registrations (/api/notification/v2).
 * Suspend, unsuspend, edit and the user search are in subscribers.ts.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AuditEventsQuerySchema,
  AuditEventsResponseSchema,
  BulkUsersRequestSchema,
  BulkUsersResponseSchema,
  ConnectionMetadataParamsSchema,
  ExternalAuthorityIdentifiersResponseSchema,
  IpAllowListUpdateSchema,
  LodgementIdentifiersQuerySchema,
  LodgementIdentifiersResponseSchema,
  LodgementIdentifiersSaveSchema,
  CreatedUserSchema,
  NotificationRegistrationRequestSchema,
  NotificationRegistrationSchema,
  NotificationRegistrationsQuerySchema,
  NotificationRegistrationsResponseSchema,
  RolesQuerySchema,
  RolesResponseSchema,
  SsoSecretQuerySchema,
  SsoSecretUpdateSchema,
  SubscriberDetailsSchema,
  UserCreateRequestSchema,
} from "../../core/administration/api.js";
import { badRequest, notFound } from "../platform/errors.js";
import { requestMeta } from "../platform/http/auth.js";
import { errorResponses } from "../platform/http/errors.js";
import { listAuditEvents } from "../platform/audit.js";
import {
  getLodgementIdentifiers,
  listExternalAuthorityIdentifiers,
  saveLodgementIdentifiers,
} from "./identifiers.js";
import {
  createNotificationRegistration,
  listNotificationRegistrations,
  updateNotificationRegistration,
} from "./notification-registrations.js";
import { getSubscriberDetails, updateIpAllowList, updateSsoClientSecret } from "./organisation.js";
import { bulkSubscriberUsers, createSubscriberUser, listRoles } from "./user-administration.js";
import type { ApiDeps } from "../platform/route-deps.js";
import { requiredVersion, versionIfGiven } from "../platform/versions.js";
import { IF_MATCH_HEADER, IfMatchHeadersSchema } from "../../core/shared/versions.js";

const SubscriberParamsSchema = z.object({ id: z.string().min(1).max(200) });
const SubscriberIdParamsSchema = z.object({ subscriberId: z.string().min(1).max(200) });
const RegistrationParamsSchema = z.object({ registrationId: z.string().min(1).max(200) });
const tags = ["Subscriber administration"];

export const administrationRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db, oidc, config, activation }) => {
  app.get(
    "/roles",
    {
      schema: {
        tags,
        summary: "The roles users of a subscriber type may be given",
        description: "Without subscriber_type: the caller's subscriber's type (a helpdesk administrator gets every assignable role).",
        querystring: RolesQuerySchema,
        response: { 200: RolesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listRoles(db, request.caller, request.query.subscriber_type),
  );

  app.post(
    "/subscribers/:id/subscriber-users",
    {
      schema: {
        tags,
        summary: "Add a user to a subscriber: Pending until they activate, invited by email",
        description:
          "A helpdesk administrator adding the email of a user outside this subscriber makes them a user of this one too (their names stay theirs; `invited` false: no invitation is sent); anyone else is refused with 409 USER_OF_ANOTHER_SUBSCRIBER. A user of this subscriber with this email: 409 USER_EXISTS (A user with this email already exists at <subscriber>.). invitationFailure: why the invitation email was not sent (the user is created all the same).",
        params: SubscriberParamsSchema,
        body: UserCreateRequestSchema,
        response: { 201: CreatedUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = await createSubscriberUser(
        { db, oidc, activation, log: request.log },
        request.caller,
        request.params.id,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(user);
    },
  );

  app.post(
    "/subscribers/:id/subscriber-users/bulk",
    {
      // 500 rows of a few hundred characters each, with room to spare.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        summary: "Create, update, suspend or unsuspend up to 500 users, matched by email",
        description:
          "Each row is checked like the user form; one result per row, in order: created, updated, suspended, unsuspended, unchanged, or refused with the reason. A refused row does not stop the others. Sending the same rows again changes nothing. dryRun: say what would happen, change nothing.",
        params: SubscriberParamsSchema,
        body: BulkUsersRequestSchema,
        response: { 200: BulkUsersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      bulkSubscriberUsers(
        { db, oidc, activation, log: request.log },
        request.caller,
        request.params.id,
        request.body,
        requestMeta(request),
      ),
  );

  app.get(
    "/subscribers/:id/details",
    {
      schema: {
        tags,
        summary: "A subscriber's details: user authentication (SSO connections, never their secrets) and IP allow list",
        params: SubscriberParamsSchema,
        response: { 200: SubscriberDetailsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSubscriberDetails(db, request.caller, request.params.id),
  );

  app.patch(
    "/idp-metadata/:subscriberId/:type",
    {
      schema: {
        tags,
        summary: "Set a subscriber's IP allow list (type USER_IP_WHITELIST); an empty list removes the restriction",
        description: "With the subscriber's version (from GET) as If-Match: 428 without it, 409 when stale.",
        params: ConnectionMetadataParamsSchema,
        headers: IfMatchHeadersSchema,
        body: IpAllowListUpdateSchema,
        response: { 200: SubscriberDetailsSchema, ...errorResponses(400, 401, 403, 404, 409, 428) },
      },
    },
    async (request) => {
      if (request.params.type !== "USER_IP_WHITELIST") {
        throw notFound(`There is no connection metadata of type ${request.params.type}.`);
      }
      if (request.body.type !== request.params.type) {
        throw badRequest("The type in the body must be the type in the path.");
      }
      const version = requiredVersion(request.headers[IF_MATCH_HEADER]);
      return updateIpAllowList(
        db,
        request.caller,
        request.params.subscriberId,
        { addresses: request.body.data.metadata, version },
        requestMeta(request),
      );
    },
  );

  app.patch(
    "/idp-sso/:subscriberId",
    {
      schema: {
        tags,
        summary: "Set the client secret of a subscriber's single sign-on connection (stored encrypted, never returned)",
        description: "With the subscriber's version (from GET) as If-Match: 428 without it, 409 when stale.",
        params: SubscriberIdParamsSchema,
        querystring: SsoSecretQuerySchema,
        headers: IfMatchHeadersSchema,
        body: SsoSecretUpdateSchema,
        response: { 200: SubscriberDetailsSchema, ...errorResponses(400, 401, 403, 404, 409, 428) },
      },
    },
    async (request) =>
      updateSsoClientSecret(
        db,
        config.encryptionKey,
        request.caller,
        request.params.subscriberId,
        request.query.connection_id,
        request.body.clientSecret,
        requiredVersion(request.headers[IF_MATCH_HEADER]),
        requestMeta(request),
      ),
  );

  app.get(
    "/lodging-party/:subscriberId/ext-authority-identifiers",
    {
      schema: {
        tags,
        summary: "A subscriber's land registry and revenue authority identifiers (passwords never returned)",
        params: SubscriberIdParamsSchema,
        response: { 200: ExternalAuthorityIdentifiersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listExternalAuthorityIdentifiers(db, request.caller, request.params.subscriberId),
  );

  app.get(
    "/lodgement-identifiers",
    {
      schema: {
        tags,
        summary: "A subscriber's lodgement identifiers (user names; passwords never returned)",
        querystring: LodgementIdentifiersQuerySchema,
        response: { 200: LodgementIdentifiersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getLodgementIdentifiers(db, request.caller, request.query.subscriberId),
  );

  app.post(
    "/lodgement-identifiers",
    {
      schema: {
        tags,
        summary: "Create (201) or update (200) a subscriber's lodgement identifiers",
        description:
          "Without If-Match, creates them (409 when they exist). With the version from GET as If-Match, updates them (409 when stale); a password left out (or sent as the five-asterisk mask) keeps the stored one. 'Usernames cannot be same'.",
        headers: IfMatchHeadersSchema,
        body: LodgementIdentifiersSaveSchema,
        response: {
          200: LodgementIdentifiersResponseSchema,
          201: LodgementIdentifiersResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { created, identifiers } = await saveLodgementIdentifiers(
        db,
        config.encryptionKey,
        request.caller,
        request.body,
        versionIfGiven(request.headers[IF_MATCH_HEADER]),
        requestMeta(request),
      );
      return reply.status(created ? 201 : 200).send(identifiers);
    },
  );

  app.get(
    "/audit-events",
    {
      schema: {
        tags,
        summary: "The audit log of administrative changes, newest first",
        description:
          "A helpdesk administrator reads every subscriber's (or one's, with subscriberId); a User Manager reads their own subscriber's.",
        querystring: AuditEventsQuerySchema,
        response: { 200: AuditEventsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listAuditEvents(db, request.caller, request.query),
  );
};

const notificationTags = ["Notification service"];

export const notificationRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { db }) => {
  const SubscriberQuerySchema = z.object({ subscriberId: z.string().min(1).max(200).optional() });

  app.post(
    "/notification-registrations",
    {
      schema: {
        tags: notificationTags,
        summary: "Register where a subscriber's notifications go (one registration per notification type)",
        querystring: SubscriberQuerySchema,
        body: NotificationRegistrationRequestSchema,
        response: { 201: NotificationRegistrationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const registration = await createNotificationRegistration(
        db,
        request.caller,
        request.query.subscriberId,
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send(registration);
    },
  );

  app.get(
    "/notification-registrations",
    {
      schema: {
        tags: notificationTags,
        summary: "A subscriber's notification registrations",
        querystring: NotificationRegistrationsQuerySchema,
        response: { 200: NotificationRegistrationsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listNotificationRegistrations(db, request.caller, request.query),
  );

  app.put(
    "/notification-registrations/:registrationId",
    {
      schema: {
        tags: notificationTags,
        summary: "Update a notification registration",
        description: "With the registration's version (from GET) as If-Match: 428 without it, 409 when stale.",
        params: RegistrationParamsSchema,
        headers: IfMatchHeadersSchema,
        body: NotificationRegistrationRequestSchema,
        response: { 200: NotificationRegistrationSchema, ...errorResponses(400, 401, 403, 404, 409, 428) },
      },
    },
    async (request) =>
      updateNotificationRegistration(
        db,
        request.caller,
        request.params.registrationId,
        request.body,
        requiredVersion(request.headers[IF_MATCH_HEADER]),
        requestMeta(request),
      ),
  );
};
