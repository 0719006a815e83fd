import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { DESIRED_AESTHETICS, FOOD_PREFERENCES } from '@evolution/shared';
import { oneRowPerMember } from './ownedByMember.ts';
import { decimal, timestamps } from './properties.ts';

/** A member's fact-find: body measures (inches, kg), goal, diet and day rhythm; step 2 of setup. */
export const FactFinding = defineEntity({
  name: 'FactFinding',
  tableName: 'fact_findings',
  properties: {
    ...oneRowPerMember(),
    dateOfBirth: p.date(),
    height: decimal(6, 2),
    weight: decimal(6, 2),
    wristCircumference: decimal(6, 2),
    ankleCircumference: decimal(6, 2),
    desiredAesthetic: p.enum(DESIRED_AESTHETICS),
    /** Body fat % the aesthetic aims at (Warrior 7, Titan 10.5, Tank 15); the macro calculation reads it. */
    desiredBodyFat: decimal(5, 2),
    foodPreference: p.enum(FOOD_PREFERENCES),
    wakingTime: p.string().length(8),
    workStart: p.string().length(8),
    breakTimeStartFinish: p.string().length(255),
    workFinish: p.string().length(8),
    timeOfSlumber: p.string().length(8),
    physicalActivities: p.text(),
    ...timestamps(),
  },
});
export type IFactFinding = InferEntity<typeof FactFinding>;
