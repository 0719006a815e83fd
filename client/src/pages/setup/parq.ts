/** The seven questions of the standard Physical Activity Readiness Questionnaire (PAR-Q), in its own words. */
export const PARQ_QUESTIONS = [
  'Has your doctor ever said that you have a heart condition and that you should only do physical activity recommended by a doctor?',
  'Do you feel pain in your chest when you do physical activity?',
  'In the past month, have you had chest pain when you were not doing physical activity?',
  'Do you lose your balance because of dizziness or do you ever lose consciousness?',
  'Do you have a bone or joint problem (for example, back, knee or hip) that could be made worse by a change in your physical activity?',
  'Is your doctor currently prescribing drugs (for example, water pills) for your blood pressure or heart condition?',
  'Do you know of any other reason why you should not do physical activity?',
] as const;

/** The PAR-Q's guidance around the questions (spec sections 4, 5 and 9: ages 15 to 69, 12 months, 144/94). */
export const PARQ_TEXT = {
  intro:
    'Regular physical activity is fun and healthy, and more people are becoming more active every day. Being more active is very safe for most people. However, some people should check with their doctor before they start becoming much more physically active.',
  ages: 'If you are between the ages of 15 and 69, the PAR-Q will tell you if you should check with your doctor before you start. If you are over 69 years of age and you are not used to being very active, check with your doctor.',
  answerHonestly:
    'Common sense is your best guide when you answer these questions. Please read them carefully and answer each one honestly: check YES or NO.',
  seekAdvice:
    'You answered YES to one or more questions: seek medical advice. Talk with your doctor by phone or in person BEFORE you start becoming much more physically active or BEFORE you have a fitness appraisal. Tell your doctor about the PAR-Q and which questions you answered YES.',
  goodToGo:
    'You answered NO to all questions: you are good to go. You can be reasonably sure that you can start becoming much more physically active (begin slowly and build up gradually) and take part in a fitness appraisal.',
  bloodPressure:
    'If your blood pressure is 144/94 or higher, talk with your doctor before you start becoming much more physically active.',
  delay:
    'Delay becoming much more active if you are not feeling well because of a temporary illness such as a cold or a fever, or if you are or may be pregnant: talk to your doctor first.',
  clearance:
    'Note: this physical activity clearance is valid for a maximum of 12 months from the date it is completed and becomes invalid if your condition changes so that you would answer YES to any of the seven questions.',
} as const;

/** An answer per question: 1 yes, 0 no, null not yet answered. */
export type ParQAnswers = readonly (0 | 1 | null)[];

/** The submission section appears only once all seven questions are answered. */
export const allAnswered = (answers: ParQAnswers): boolean =>
  answers.length === PARQ_QUESTIONS.length && answers.every((a) => a !== null);

/** 'seek medical advice' when any answer is yes, 'good to go' when all are no, nothing until all are answered. */
export function parqVerdict(answers: ParQAnswers): 'seek-advice' | 'good-to-go' | null {
  if (!allAnswered(answers)) return null;
  return answers.includes(1) ? 'seek-advice' : 'good-to-go';
}
