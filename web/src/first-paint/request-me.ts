import type { MeQuery } from '../graphql/generated/graphql';
import { MeOperation } from './generated/printed-operations';
import { postPrintedOperation } from './post-printed-operation';

let request: Promise<MeQuery | undefined> | undefined;
let answer: MeQuery | undefined;

/**
 * Who this browser's session belongs to (`me`), asked by the small entry
 * when it starts loading the wallet stack, so that on a slow network the
 * answer is in hand when the stack has loaded and the app starts with the
 * session settled, one round trip sooner (docs/web-app.md, "First-visit delivery"). Once per
 * page load; never rejects: undefined when the request failed.
 */
export function requestMe(): Promise<MeQuery | undefined> {
  request ??= postPrintedOperation<MeQuery>(MeOperation).then(
    (data) => {
      answer = data;
      return data;
    },
    () => undefined,
  );
  return request;
}

/**
 * The answer to requestMe if it has arrived, else undefined: the app never
 * waits for it (a slow answer must not hold the page back; Apollo asks then).
 */
export function meAnsweredSoFar(): MeQuery | undefined {
  return answer;
}
