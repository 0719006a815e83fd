import type { EntitySchema } from '@mikro-orm/core';
import { ApplicationDetails } from './ApplicationDetails.ts';
import { AuditLog } from './AuditLog.ts';
import { Channel } from './Channel.ts';
import { ContactDetails } from './ContactDetails.ts';
import { Evolution } from './Evolution.ts';
import { FactFinding } from './FactFinding.ts';
import { PasswordReset } from './PasswordReset.ts';
import { PaymentEvent } from './PaymentEvent.ts';
import { Plan } from './Plan.ts';
import { RevokedToken } from './RevokedToken.ts';
import { Subscription } from './Subscription.ts';
import { User } from './User.ts';
import { Calibration } from './Calibration.ts';
import { ChamberSnapshot } from './ChamberSnapshot.ts';
import { ExerciseType } from './ExerciseType.ts';
import { Form } from './Form.ts';
import { FormGroup } from './FormGroup.ts';
import { Meal } from './Meal.ts';
import { MealGroup } from './MealGroup.ts';
import { Media } from './Media.ts';
import { MemberForm } from './MemberForm.ts';
import { MuscleGroup } from './MuscleGroup.ts';
import { Page } from './Page.ts';
import { PageCategory } from './PageCategory.ts';
import { PhaseClass } from './PhaseClass.ts';
import { PhaseSubmission } from './PhaseSubmission.ts';
import { Vo2MaxLevel } from './Vo2MaxLevel.ts';
import { Vo2Test } from './Vo2Test.ts';
import { WorkoutResult } from './WorkoutResult.ts';

export { Channel, Evolution, Plan, RevokedToken, Subscription, User };
export { ApplicationDetails, AuditLog, ContactDetails, FactFinding, PasswordReset, PaymentEvent };
export type { IUser } from './User.ts';
export { Meal, MealGroup };
export {
  Calibration,
  ChamberSnapshot,
  ExerciseType,
  Form,
  FormGroup,
  Media,
  MemberForm,
  MuscleGroup,
  Page,
  PageCategory,
  PhaseClass,
  PhaseSubmission,
  Vo2MaxLevel,
  Vo2Test,
  WorkoutResult,
};

/** Every entity the ORM knows; later domains add theirs here. Typed loosely: the inferred union is too large to emit. */
export const entities: EntitySchema<any, any>[] = [
  User,
  RevokedToken,
  Channel,
  Plan,
  Subscription,
  Evolution,
  ContactDetails,
  ApplicationDetails,
  FactFinding,
  PasswordReset,
  PaymentEvent,
  AuditLog,
  // Training programme (content) and the member's training record.
  MuscleGroup,
  ExerciseType,
  Media,
  FormGroup,
  Form,
  Calibration,
  Vo2MaxLevel,
  PageCategory,
  PhaseClass,
  Page,
  MemberForm,
  PhaseSubmission,
  WorkoutResult,
  Vo2Test,
  ChamberSnapshot,
  // Nutrition (superhuman channel).
  MealGroup,
  Meal,
];
import { AssistanceFlag } from './AssistanceFlag.ts';
export { AssistanceFlag };
entities.push(AssistanceFlag);
import { FlagResponse } from './FlagResponse.ts';
export { FlagResponse };
entities.push(FlagResponse);
import { Message } from './Message.ts';
export { Message };
entities.push(Message);
import { MessageRecipient } from './MessageRecipient.ts';
export { MessageRecipient };
entities.push(MessageRecipient);
import { RateLimit } from './RateLimit.ts';
export { RateLimit };
entities.push(RateLimit);
import { PushSubscription } from './PushSubscription.ts';
export { PushSubscription };
entities.push(PushSubscription);
import { RowCount } from './RowCount.ts';
export { RowCount };
entities.push(RowCount);
import { PersonalAccessToken } from './PersonalAccessToken.ts';
export { PersonalAccessToken };
entities.push(PersonalAccessToken);
import { RememberedToken } from './RememberedToken.ts';
export { RememberedToken };
entities.push(RememberedToken);
