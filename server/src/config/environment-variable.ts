import { z } from 'zod';

/** What docs/configuration.md says about a variable, kept on its schema. */
export type VariableDocumentation = {
  /** What it means: one cell of the table. */
  meaning: string;
  /** The value used when it is unset, as an operator would write it; it passes the same checks. */
  default?: string;
  /** What leaving it unset means, when no value stands in (e.g. `off`); `none` when absent. */
  unset?: string;
};

/** The documentation of every variable's schema; the renderer of docs/configuration.md reads it. */
export const variableDocumentation = z.registry<VariableDocumentation>();

/** Surrounding spaces dropped, and empty counts as unset: `PORT=` is no port at all. */
const blankAsUnset = (value: unknown) =>
  typeof value === 'string' ? value.trim() || undefined : value;

/** Surrounding spaces dropped; empty stays a value, for a variable whose empty value means something (`SOLANA_CLUSTERS=`: off). */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

type StringSchema = z.ZodType<unknown, string>;

export type EnvironmentVariableOptions = {
  /** Empty is a value the schema reads, not "unset". @default false */
  blankIsAValue?: boolean;
};

/**
 * One environment variable: what it accepts, and its default or what unset
 * means. A default is written as the operator would write it and passes the
 * same checks as their value.
 */
export function environmentVariable<T extends StringSchema>(
  schema: T,
  documentation: VariableDocumentation & { default: string },
  options?: EnvironmentVariableOptions,
): z.ZodPreprocess<z.ZodPrefault<T>>;
export function environmentVariable<T extends StringSchema>(
  schema: T,
  documentation: VariableDocumentation & { default?: undefined },
  options?: EnvironmentVariableOptions,
): z.ZodPreprocess<z.ZodOptional<T>>;
export function environmentVariable(
  schema: StringSchema,
  documentation: VariableDocumentation,
  options: EnvironmentVariableOptions = {},
) {
  const withDefault =
    documentation.default === undefined
      ? schema.optional()
      : schema.prefault(documentation.default);
  return z
    .preprocess(options.blankIsAValue ? trimmed : blankAsUnset, withDefault)
    .register(variableDocumentation, documentation);
}

/**
 * A family of variables, one per key: `RPC_URL_<chainId>` is `RPC_URL_1`,
 * `RPC_URL_8453`, …. Its name in the environment schema is the pattern, and
 * its value the members that are set, by key (`{ '1': 'https://…' }`),
 * trimmed, blank ones left out. Each member's value is checked where the
 * family is used, which knows the keys that matter (RPC URLs: the enabled
 * chains' only).
 */
export function variableFamily(documentation: VariableDocumentation) {
  return z
    .record(z.string(), z.string().optional())
    .transform((members) => {
      const set: Record<string, string> = {};
      for (const [key, value] of Object.entries(members)) {
        const text = blankAsUnset(value);
        if (typeof text === 'string') set[key] = text;
      }
      return set;
    })
    .register(variableDocumentation, documentation);
}

/** `RPC_URL_<chainId>`: a family's name, and the prefix its members share. */
const FAMILY_NAME = /^([A-Z][A-Z0-9_]*)<[A-Za-z]+>$/;

/** The prefix of a family's members (`RPC_URL_`), or undefined for a single variable. */
export function familyPrefix(name: string): string | undefined {
  return FAMILY_NAME.exec(name)?.[1];
}

/**
 * The schema of the whole environment, from its variables: each family's
 * members are gathered under the family's name first, so the one object
 * schema reads every variable; anything else in the environment is ignored.
 */
export function defineEnvironment<Shape extends z.ZodRawShape>(variables: Shape) {
  const families = Object.keys(variables).flatMap((name) => {
    const prefix = familyPrefix(name);
    return prefix ? [{ name, prefix }] : [];
  });
  return z.preprocess((environment) => {
    if (typeof environment !== 'object' || environment === null) return environment;
    const gathered: Record<string, unknown> = { ...environment };
    for (const { name, prefix } of families) {
      gathered[name] = Object.fromEntries(
        Object.entries(environment)
          .filter(([key]) => key.startsWith(prefix) && key.length > prefix.length)
          .map(([key, value]) => [key.slice(prefix.length), value]),
      );
    }
    return gathered;
  }, z.object(variables));
}
