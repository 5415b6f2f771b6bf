import type { FastifyInstance } from 'fastify';
import type { ChangeConsumer } from './changes/change-committer.js';
import type { Closer } from './create-disposal-stack.js';
import type { AccountEventMessage } from './events/account-events.js';
import type { SchemaPart } from './graphql/schema-part.js';
import type { HousekeepingStep } from './housekeeping/housekeeping-step.js';
import type { MetricsSources } from './metrics/metrics.js';
import type { Services } from './services.js';

/** What a module's `openServices` is handed while the services are being built. */
export type OpenServices = {
  /**
   * The services opened so far: the platform's, and those of the modules
   * listed before this one in modules.ts. `changes` may be held but not yet
   * used: its consumers are known once every module has opened.
   */
  services: Services;
  /** Pushes a closer on the disposal stack: closed last opened first (create-disposal-stack.ts). */
  defer(resource: string, close: Closer): void;
  /** The deadline of a contract-wallet check, and of an access rules check. */
  chainTimeoutMs: number;
};

/**
 * One module's part of the server, everything it adds in one place
 * (docs/architecture.md, "How to add a module"). modules.ts lists them; the
 * composition root, GraphQL, the app and housekeeping read that list, so
 * none of them names a module. Its tables join `Database` from its own
 * `*-tables.ts`, its services join `Services` from this descriptor's file,
 * both by declaration merging.
 */
export type SigilModule = SchemaPart & {
  /** For logs and the docs: the module's folder. */
  name: string;
  /** Opens the services this module adds, pushing each closer as it opens it. */
  openServices?(p: OpenServices): Promise<Partial<Services>> | Partial<Services>;
  /** Parts that hear of every change (changes/change-committer.ts), in this module's order. */
  changeConsumers?(services: Services): ChangeConsumer<AccountEventMessage>[];
  /** Registers its HTTP routes (encapsulated plugins), after the GraphQL endpoint. */
  routes?(app: FastifyInstance, services: Services): void;
  /** Registers what runs beside the requests, started and stopped with the app. */
  background?(app: FastifyInstance, services: Services): void;
  /** The rows it deletes on housekeeping's schedule. */
  housekeeping?: readonly HousekeepingStep[];
  /** Live readings taken at each scrape (metrics/metrics.ts). */
  metrics?(services: Services): Partial<MetricsSources>;
};
