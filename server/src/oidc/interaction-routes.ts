import type { InteractionDetails } from '@sigil/schema/interaction-details';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { changeSourceOfRequest } from '../changes/change-source.js';
import { AccountSuspendedError } from '../errors.js';
import { isAllowedOrigin } from '../http/allowed-origins.js';
import { markSessionDependent } from '../http/keep-out-of-shared-caches.js';
import type { Services } from '../services.js';
import { type ResolveSessionServices, resolveSession } from '../sessions/resolve-session.js';
import type { SessionRow } from '../sessions/session-store.js';
import { amrOfSession } from './amr-of-session.js';
import { describeInteraction } from './describe-interaction.js';
import { grantConsentAndNotify } from './grant-consent-and-notify.js';
import { OIDC_MOUNT_PATH } from './oidc-paths.js';
import { requestedScopes } from './requested-scopes.js';

/** What the interaction routes read of the services, with what the session's resolution and the consent do. */
export type InteractionRoutesServices = Pick<Services, 'changes' | 'clock' | 'config' | 'db'>;

const UID = /^[A-Za-z0-9_-]{1,64}$/;

class InteractionError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

/** oidc-provider's own errors carry a 4xx status and an OAuth error code; anything else is ours to log. */
function sendError(reply: FastifyReply, error: unknown) {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const e = error as { error?: string; error_description?: string; message: string };
    return reply.code(status).send({
      error: e.error ?? 'invalid_request',
      error_description: e.error_description ?? e.message,
    });
  }
  throw error;
}

/**
 * The interaction's state changes come from Sigil's own page only: the
 * browser sends Origin on every POST, and a cross-site form (CSRF) or a
 * request without one is refused, as GraphQL's are.
 */
function requireSameOrigin(services: Pick<Services, 'config'>, req: FastifyRequest) {
  const origin = req.headers.origin;
  if (!origin || !isAllowedOrigin(services.config, origin)) {
    throw new InteractionError(
      403,
      'invalid_request',
      'Requests from this origin are not allowed.',
    );
  }
}

async function requireSigilSession(
  services: ResolveSessionServices,
  req: FastifyRequest,
): Promise<SessionRow> {
  const { session } = await resolveSession(services, req);
  if (!session) throw new InteractionError(401, 'login_required', 'Sign in to Sigil first.');
  return session;
}

/**
 * The interaction endpoints the web app's page (`/oidc/interaction/<uid>`)
 * calls, authenticated by Sigil's session cookie and bound to the browser by
 * oidc-provider's interaction cookie: the details to show, Allow (sign-in and
 * consent in one result) and Deny (`access_denied` to the client). Allow and
 * Deny answer `{ redirectTo }`, where the page sends the browser on.
 */
export function registerInteractionRoutes(
  app: FastifyInstance,
  services: InteractionRoutesServices,
  provider: Provider,
) {
  const details = async (req: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
    if (!UID.test(req.params.uid)) {
      throw new InteractionError(400, 'invalid_request', 'The interaction id is malformed.');
    }
    const interaction = await provider.interactionDetails(req.raw, reply.raw);
    if (interaction.uid !== req.params.uid) {
      throw new InteractionError(
        400,
        'invalid_request',
        'This interaction is not the browser’s current one.',
      );
    }
    return interaction;
  };

  const handle =
    <T>(
      fn: (req: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => Promise<T>,
    ) =>
    async (req: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
      markSessionDependent(reply);
      try {
        return await fn(req, reply);
      } catch (error) {
        if (error instanceof InteractionError) {
          return reply
            .code(error.statusCode)
            .send({ error: error.error, error_description: error.message });
        }
        if (error instanceof AccountSuspendedError) {
          // The page shows why and until when, as sign-in's refusal does.
          return reply.code(403).send({
            error: 'access_denied',
            error_description: error.message,
            code: error.code,
            ...error.details,
          });
        }
        return sendError(reply, error);
      }
    };

  const base = `${OIDC_MOUNT_PATH}/interaction/:uid`;

  app.get(
    `${base}/details`,
    handle(async (req, reply): Promise<InteractionDetails> => {
      const interaction = await details(req, reply);
      const { session } = await resolveSession(services, req);
      return describeInteraction(services, { interaction, session });
    }),
  );

  app.post(
    `${base}/confirm`,
    handle(async (req, reply) => {
      requireSameOrigin(services, req);
      const session = await requireSigilSession(services, req);
      const interaction = await details(req, reply);
      const accountId = session.account_id;
      const { grantId } = await grantConsentAndNotify(services, provider, {
        accountId,
        sessionId: session.id,
        clientId: String(interaction.params.client_id),
        scopes: requestedScopes(interaction.params.scope),
        missingClaims: (interaction.prompt.details as { missingOIDCClaims?: string[] })
          .missingOIDCClaims,
        source: changeSourceOfRequest(req, accountId),
      });
      const redirectTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        // `amr`: how the person signed in, a wallet or a passkey (amr-of-session.ts).
        {
          login: { accountId, amr: await amrOfSession(services.db, session) },
          consent: { grantId },
        },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    }),
  );

  app.post(
    `${base}/abort`,
    handle(async (req, reply) => {
      requireSameOrigin(services, req);
      await details(req, reply);
      const redirectTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        {
          error: 'access_denied',
          error_description: 'The person declined to sign in to this app.',
        },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    }),
  );
}
