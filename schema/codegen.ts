import type { CodegenConfig } from '@graphql-codegen/cli';

// One schema, two typed consumers: resolver signatures for the server and
// typed documents for the web app. Generated files are never edited by hand.
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  overwrite: true,
  errorsOnly: true,
  ignoreNoDocuments: true,
  generates: {
    'server/src/graphql/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        contextType: '../context.js#GraphQLContext',
        mapperTypeSuffix: 'Model',
        // What resolvers pass around: each module's own rows and views, which
        // its field resolvers shape for the API (docs/architecture.md, "How to add a module").
        mappers: {
          Account: '../../accounts/account-store.js#AccountRow as Account',
          Session: '../../sessions/session-store.js#SessionRow as Session',
          SignIn: '../../accounts/sign-in-store.js#SignInRow as SignIn',
          AccountEvent: '../../events/account-events.js#AccountEventMessage as AccountEvent',
          Wallet: '../../accounts/wallet-store.js#WalletView as Wallet',
          ConnectedApp: '../../oidc/connected-app-store.js#ConnectedAppView as ConnectedApp',
          Profile: '../../profiles/profile-store.js#ProfileRow as Profile',
          Image: '../../images/image-store.js#ImageMeta as Image',
          PublicProfile:
            '../../profiles/public-profile-store.js#PublicProfileModel as PublicProfile',
          PublicWallet: '../../profiles/public-profile-store.js#PublishedWallet as PublicWallet',
          WebhookDelivery:
            '../../webhooks/webhook-delivery-store.js#WebhookDeliveryRow as WebhookDelivery',
          Admin: '../../admin/admin-models.js#AdminModel as Admin',
          AdminStats: '../../admin/admin-models.js#AdminStatsModel as AdminStats',
          Suspension: '../../accounts/suspension-store.js#SuspensionRow as Suspension',
          AuditEvent: '../../audit/audit-event-store.js#AuditEventRow as AuditEvent',
          Passkey: '../../passkeys/passkey-view.js#PasskeyView as Passkey',
        },
        scalars: {
          DateTime: { input: 'Date', output: 'Date | number' },
          // In: what AddressScalar hands a resolver: an EIP-55 checksummed
          // Ethereum address or a base58 Solana one. Out: any address text
          // (rows keep theirs as strings); the scalar checks it, and
          // checksums an Ethereum one, on the way out.
          Address: { input: 'string', output: 'string' },
          File: 'File',
        },
        enumsAsTypes: true,
        avoidOptionals: false,
      },
    },
    // The schema's enums alone, as types that import nothing: errors.ts and
    // the audit actions sit below every module (docs/architecture.md,
    // "Layers") and name the codes and actions from here, where
    // resolvers-types.ts would pull in the GraphQL context and with it a circle.
    'server/src/graphql/generated/schema-enums.ts': {
      plugins: ['typescript'],
      config: { onlyEnums: true, enumsAsTypes: true, useTypeImports: true },
    },
    // What the first paint asks for, as printed text: the small entry fetches it without Apollo.
    'web/src/first-paint/generated/printed-operations.ts': {
      documents: ['web/src/**/*.graphql'],
      plugins: ['./schema/codegen/printed-operations.cjs'],
      config: { operations: ['PublicProfile', 'Me'] },
    },
    // Every enum of the schema as a value, not only those the documents use:
    // the app lists them (the audit log's action filter) and types the codes
    // it reads (`readRefusal`) from here, so no list is spelled by hand.
    'web/src/graphql/generated/schema-enums.ts': {
      plugins: ['typescript'],
      config: { onlyEnums: true, enumsAsConst: true, useTypeImports: true },
    },
    // The server suites' requests, written in place as graphql(`…`) and
    // sent by the test client (testing/graphql-client.ts): their results and
    // variables are typed from the schema, not by hand.
    'server/test/generated/': {
      documents: ['server/test/**/*.ts', '!server/test/generated/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        importExtension: '.js',
        scalars: {
          // As JSON carries them: DateTime as RFC 3339 text, Address as
          // checksummed text (and any text the test sends).
          DateTime: 'string',
          Address: 'string',
          File: 'unknown',
        },
      },
    },
    'web/src/graphql/generated/': {
      documents: ['web/src/**/*.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: {
          DateTime: 'string',
          // What the server sends is always a checksummed address; what the app
          // sends may be text a person typed, which the server checks.
          Address: 'string',
          File: 'File',
        },
      },
    },
  },
};

export default config;
