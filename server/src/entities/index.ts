import { Channel } from './Channel.ts';
import { Evolution } from './Evolution.ts';
import { Plan } from './Plan.ts';
import { RevokedToken } from './RevokedToken.ts';
import { Subscription } from './Subscription.ts';
import { User } from './User.ts';

export { Channel, Evolution, Plan, RevokedToken, Subscription, User };
export type { IUser } from './User.ts';

/** Every entity the ORM knows; later domains add theirs here. */
export const entities = [User, RevokedToken, Channel, Plan, Subscription, Evolution];
