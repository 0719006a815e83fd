import { p } from '@mikro-orm/core';
import { User } from './User.ts';

/** One row per member (contact details, fact-find, subscription…): its id and its member, deleted with them. */
export const oneRowPerMember = () => ({
  id: p.integer().primary(),
  user: () => p.oneToOne(User).owner().unique().deleteRule('cascade'),
});

/**
 * A row among a member's many (flags, tokens, devices, logged results): its id and its member, deleted with them.
 * `indexed: false` where a unique key or index that starts with the member already finds their rows.
 */
export const ownedByMember = ({ indexed = true } = {}) => ({
  id: p.integer().primary(),
  user: () => {
    const member = p.manyToOne(User).deleteRule('cascade');
    return indexed ? member.index() : member;
  },
});
