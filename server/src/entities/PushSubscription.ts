import { defineEntity, p } from '@mikro-orm/core';
import { ownedByMember } from './ownedByMember.ts';
import { whenCreated } from './properties.ts';

/**
 * One device's Web Push subscription (a browser's PushSubscription): where to send and the keys that encrypt for it.
 * An endpoint belongs to one account at a time; a member or an admin may have several devices.
 */
export const PushSubscription = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscriptions',
  properties: {
    ...ownedByMember(),
    /** The push service's address for this device; registering it again updates the row, from another account moves it. */
    endpoint: p.string().length(2048).unique(),
    /** The device's P-256 public key and its 16-byte auth secret, base64url (RFC 8291). */
    p256dh: p.string().length(100),
    auth: p.string().length(32),
    createdAt: whenCreated(),
    /** When the push service last accepted a notification for it. */
    lastUsedAt: p.datetime().nullable(),
  },
});
