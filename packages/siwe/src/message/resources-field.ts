import type { InvalidMessage, LineReader } from './line-reader.js';
import type { ResourcesRule } from './message-grammar.js';

const RESOURCE_PREFIX = '- ';

/** The "Resources:" line, after every labelled field, heads a list of URIs, one "- " line each. */
export const RESOURCES_LINE = 'Resources:';

/** The rule of the resources list, whose every item is a URI by the family's rule. */
export function resourcesRule(
  invalid: InvalidMessage,
  checkUri: (value: unknown, name: string) => void,
): ResourcesRule {
  return {
    key: 'resources',
    label: 'Resources',
    optional: true,
    checkUri,
    check(value) {
      if (!Array.isArray(value)) throw invalid('resources must be a list of URIs');
      for (const [index, resource] of value.entries()) checkUri(resource, `resource ${index + 1}`);
    },
  };
}

/** Reads the resource lines after "Resources:", to the end of the message. */
export function readResources(
  reader: LineReader,
  rule: ResourcesRule,
  invalid: InvalidMessage,
): string[] {
  const resources: string[] = [];
  while (!reader.atEnd) {
    const lineNumber = reader.lineNumber;
    const resource = resourceOfLine(reader.take() ?? '');
    if (resource === undefined) {
      throw invalid(`line ${lineNumber} must be a resource ("- " followed by a URI)`);
    }
    rule.checkUri(resource, `resource ${resources.length + 1}`);
    resources.push(resource);
  }
  return resources;
}

/** The lines of a resources list, "Resources:" first. */
export function resourceLines(resources: readonly string[]): string[] {
  return [RESOURCES_LINE, ...resources.map((resource) => `${RESOURCE_PREFIX}${resource}`)];
}

/** The URI of a resource line ("- " and the URI); undefined for any other line. */
export function resourceOfLine(line: string): string | undefined {
  return line.startsWith(RESOURCE_PREFIX) ? line.slice(RESOURCE_PREFIX.length) : undefined;
}
