import type { Resolvers } from '../generated/resolvers-types.js';
import { AddressScalar, DateTimeScalar } from '../scalars.js';
import { Mutation } from './mutation.js';
import { Query } from './query.js';
import { Subscription } from './subscription.js';
import { Account, AccountEvent, Session, SignIn } from './types.js';

export const resolvers: Resolvers = {
  DateTime: DateTimeScalar,
  Address: AddressScalar,
  Query,
  Mutation,
  Subscription,
  Account,
  Session,
  SignIn,
  AccountEvent,
};
