/**
 * A build written aside (docs/operations.md, "Builds and restarts"): each
 * build of the web app or the server goes to a directory of its own beside the
 * path that is served, named after that path, when the build started and the
 * process that ran it: `web/dist-1764230100123-4567` beside `web/dist`. The
 * served path is a symlink, switched to a build once it is complete.
 *
 * The start time is in the name so that what a build is older than can be
 * read from the pointer alone, whatever later copies do to modification times.
 */
const BUILD_NAME = /^(?<pointer>.+)-(?<startedAt>\d{13,})-(?<pid>\d+)$/;

export type BuildName = {
  /** The served path's name: `dist`. */
  pointer: string;
  /** When the build started (ms since the epoch): sources changed later are not in it. */
  startedAt: number;
  /** The process that wrote it. */
  pid: number;
};

export function formatBuildName({ pointer, startedAt, pid }: BuildName): string {
  return `${pointer}-${startedAt}-${pid}`;
}

/** The parts of a build directory's name; undefined for anything else (a plain `dist/`, a source folder). */
export function parseBuildName(name: string): BuildName | undefined {
  const groups = BUILD_NAME.exec(name)?.groups;
  if (!groups?.pointer || !groups.startedAt || !groups.pid) return undefined;
  return { pointer: groups.pointer, startedAt: Number(groups.startedAt), pid: Number(groups.pid) };
}
