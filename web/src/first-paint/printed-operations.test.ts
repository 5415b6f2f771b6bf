import { addTypenameToDocument } from '@apollo/client/utilities';
import { print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PublicProfileDocument } from '../graphql/generated/graphql';
import { PublicProfileOperation } from './generated/printed-operations';

describe('the first paint’s printed operations', () => {
  it('are the text Apollo Client sends for the same query, so its cache takes the answer', () => {
    expect(PublicProfileOperation).toEqual({
      operationName: 'PublicProfile',
      query: print(addTypenameToDocument(PublicProfileDocument)),
    });
  });
});
