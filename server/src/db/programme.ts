/**
 * The warrior programme seeded on a fresh database: muscle groups, exercise types, eight form-group ladders with
 * their calibrations, the VO2 levels, phase classes, the content tree and its pages. Ids are fixed so the spec's
 * ids hold (introduction pages 97, 1, 2; technique guides category 4) and so links between rows are readable here.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { VO2_SEED_LEVELS } from '../domain/vo2.ts';
import {
  Calibration,
  ExerciseType,
  Form,
  FormGroup,
  MuscleGroup,
  Page,
  PageCategory,
  PhaseClass,
  Vo2MaxLevel,
} from '../entities/index.ts';
import { db, type Database } from './kysely.ts';

const MUSCLE_GROUPS = [
  { id: 1, name: 'Chest', shortHandle: 'CH' },
  { id: 2, name: 'Back', shortHandle: 'BK' },
  { id: 3, name: 'Shoulders', shortHandle: 'SH' },
  { id: 4, name: 'Triceps', shortHandle: 'TR' },
  { id: 5, name: 'Biceps', shortHandle: 'BI' },
  { id: 6, name: 'Core', shortHandle: 'CO' },
  { id: 7, name: 'Quads', shortHandle: 'QD' },
  { id: 8, name: 'Hamstrings', shortHandle: 'HS' },
  { id: 9, name: 'Glutes', shortHandle: 'GL' },
];
const M = {
  chest: 1,
  back: 2,
  shoulders: 3,
  triceps: 4,
  biceps: 5,
  core: 6,
  quads: 7,
  hamstrings: 8,
  glutes: 9,
} as const;

const EXERCISE_TYPES = [
  { id: 1, name: 'Strength' },
  { id: 2, name: 'Isometric hold' },
  { id: 3, name: 'Skill' },
  { id: 4, name: 'Conditioning' },
];
const T = { strength: 1, hold: 2, skill: 3 } as const;

const REPS = 1;
const TIME = 2;

type Rung = [name: string, muscle: number, level: number, progress: number, min: number, max: number];
interface Ladder {
  id: number;
  name: string;
  exerciseType: number;
  repsOrTime: 1 | 2;
  rungs: Rung[];
  calibration: { form: string; max: number; muscle: number };
  guide: string;
}

/** Eight movement patterns, each a ladder from a first session to an advanced skill. Form ids are group * 10 + rung. */
const LADDERS: Ladder[] = [
  {
    id: 1,
    name: 'Push',
    exerciseType: T.strength,
    repsOrTime: REPS,
    rungs: [
      ['Wall push-up', M.chest, 1, 1, 12, 20],
      ['Incline push-up', M.chest, 1, 2, 10, 15],
      ['Knee push-up', M.chest, 1, 3, 8, 15],
      ['Push-up', M.chest, 2, 1, 8, 15],
      ['Diamond push-up', M.triceps, 2, 2, 6, 12],
      ['Decline push-up', M.chest, 2, 3, 6, 12],
      ['Archer push-up', M.chest, 3, 1, 5, 10],
      ['One-arm push-up negative', M.chest, 3, 2, 3, 6],
    ],
    calibration: { form: 'Push-up max test', max: 50, muscle: M.chest },
    guide: `The push-up is a moving plank. Everything from heels to head stays in one straight line for every rep.

## Set-up
- Hands just outside shoulder width, fingers spread, index fingers pointing forward.
- Squeeze glutes and brace the stomach as if about to be punched; the hips neither sag nor pike.
- Shoulder blades wide at the top: push the floor away.

## The rep
- Lower under control for two seconds; elbows travel back at about 45 degrees from the body, not flared out to a T.
- Chest (not chin, not hips) touches the floor or the fist of a partner.
- Press back up and finish with the arms straight and the upper back rounded slightly.

## Common faults
- Half reps: a rep that does not reach the bottom does not count.
- Head poking forward: keep a fist-sized gap between chin and chest.
- Hips first: if the hips rise before the chest, go back a rung.

## Moving up the ladder
Incline and knee push-ups build the same pattern with less load. Diamond push-ups shift the work to the triceps; decline push-ups load the front of the shoulders; archer push-ups put most of your weight through one arm and prepare the one-arm negative, where you lower on one arm for five seconds and return on two.`,
  },
  {
    id: 2,
    name: 'Pull',
    exerciseType: T.strength,
    repsOrTime: REPS,
    rungs: [
      ['Incline inverted row', M.back, 1, 1, 8, 15],
      ['Inverted row', M.back, 1, 2, 8, 15],
      ['Pull-up negative', M.back, 1, 3, 3, 6],
      ['Chin-up', M.biceps, 2, 1, 4, 8],
      ['Pull-up', M.back, 2, 2, 5, 10],
      ['Wide-grip pull-up', M.back, 2, 3, 5, 10],
      ['Archer pull-up', M.back, 3, 1, 3, 6],
      ['One-arm pull-up negative', M.back, 3, 2, 2, 5],
    ],
    calibration: { form: 'Pull-up max test', max: 20, muscle: M.back },
    guide: `Pulling balances all the pushing in the programme and keeps the shoulders healthy. Own the bottom position before chasing reps.

## Rows
- Under a bar or table edge, body straight from heels to head, arms straight.
- Pull the chest to the bar by driving the elbows back and squeezing the shoulder blades together; pause for a second.
- The steeper the body, the easier: walk the feet forward as you get stronger, then go horizontal.

## Pull-ups and chin-ups
- Start from a dead hang with the arms fully straight, then set the shoulders down away from the ears.
- Pull until the chin clears the bar without reaching for it with the neck.
- Lower for two to three seconds all the way to straight arms. No kipping, no swinging: a rep with momentum does not count.
- Chin-ups (palms facing you) use more biceps and are usually a little easier than pull-ups (palms away).

## Negatives
Jump or step to the top position and lower as slowly as you can, aiming for five seconds. They build the strength to do full reps.

## Common faults
- Half reps at the bottom: straight arms every rep.
- Shrugging: the shoulders stay away from the ears.
- Kicking the legs: keep them together and slightly in front.`,
  },
  {
    id: 3,
    name: 'Squat',
    exerciseType: T.strength,
    repsOrTime: REPS,
    rungs: [
      ['Box squat', M.quads, 1, 1, 12, 20],
      ['Bodyweight squat', M.quads, 1, 2, 15, 25],
      ['Split squat', M.quads, 1, 3, 8, 15],
      ['Bulgarian split squat', M.quads, 2, 1, 8, 15],
      ['Assisted pistol squat', M.quads, 2, 2, 5, 10],
      ['Shrimp squat', M.quads, 3, 1, 5, 10],
      ['Pistol squat', M.quads, 3, 2, 3, 8],
    ],
    calibration: { form: 'Bodyweight squat max test', max: 100, muscle: M.quads },
    guide: `A squat is sitting between your heels, not behind them. Depth and control come before speed.

## Set-up
- Feet shoulder width, toes turned out 15 to 30 degrees.
- Whole foot on the floor: big toe, little toe and heel.

## The rep
- Break at the hips and knees together; the knees track over the middle toes.
- Sit down until the hip crease is below the top of the knee, chest proud, spine long.
- Stand by pushing the floor away; finish with the hips fully extended.

## Single-leg progressions
- Split and Bulgarian split squats (rear foot on a bench): the front shin stays close to vertical, the back knee kisses the floor.
- Assisted pistol: hold a door frame or a strap and use only as much help as you need.
- Shrimp squat: the rear knee touches down behind the standing heel while you hold the rear foot.
- Pistol: the free leg straight out in front; counterbalance with the arms.

Reps are counted per leg.

## Common faults
- Knees caving in: push them out over the toes.
- Heels lifting: elevate the heels on a small plate while mobility improves, and work the calf stretch in the flexibility phase.
- Bouncing out of the bottom: pause for one second at depth when in doubt.`,
  },
  {
    id: 4,
    name: 'Hinge',
    exerciseType: T.strength,
    repsOrTime: REPS,
    rungs: [
      ['Glute bridge', M.glutes, 1, 1, 12, 20],
      ['Single-leg glute bridge', M.glutes, 1, 2, 10, 15],
      ['Single-leg hip thrust', M.glutes, 1, 3, 10, 15],
      ['Single-leg Romanian deadlift', M.hamstrings, 2, 1, 8, 12],
      ['Slider hamstring curl', M.hamstrings, 2, 2, 8, 12],
      ['Nordic curl negative', M.hamstrings, 3, 1, 3, 6],
      ['Nordic curl', M.hamstrings, 3, 2, 3, 6],
    ],
    calibration: { form: 'Single-leg glute bridge max test', max: 50, muscle: M.glutes },
    guide: `The hinge trains the back of the body: glutes and hamstrings. It protects the lower back and powers running and jumping.

## Bridges and hip thrusts
- Lie on your back, heels under the knees, ribs down.
- Drive through the heels and lift the hips until knees, hips and shoulders line up; squeeze the glutes for a second at the top.
- Do not arch the lower back to get higher: the movement stops when the hips are straight.
- Single-leg versions: the free knee pulled to the chest, hips level. Hip thrusts put the shoulders on a bench for a bigger range.

## Single-leg Romanian deadlift
- Stand on one leg with a soft knee; reach the hips back while the chest and free leg move as one straight line.
- Lower until you feel the hamstring of the standing leg, then drive the hips forward to stand.
- Hips stay square to the floor; reach for a wall for balance at first.

## Hamstring curls and Nordics
- Slider curl: in a bridge, slide the heels away and back without dropping the hips.
- Nordic negative: knees on a pad, ankles anchored, body straight from knees to head; lower as slowly as you can, catch yourself with the hands, push back up. A full Nordic curls back up with the hamstrings alone.

Reps are counted per leg on single-leg forms.`,
  },
  {
    id: 5,
    name: 'Core',
    exerciseType: T.hold,
    repsOrTime: TIME,
    rungs: [
      ['Front plank', M.core, 1, 1, 30, 60],
      ['Hollow body tuck hold', M.core, 1, 2, 20, 40],
      ['Hollow body hold', M.core, 2, 1, 20, 40],
      ['Tuck L-sit', M.core, 2, 2, 10, 20],
      ['One-leg L-sit', M.core, 3, 1, 10, 20],
      ['L-sit', M.core, 3, 2, 10, 20],
    ],
    calibration: { form: 'Hollow body hold max test', max: 120, muscle: M.core },
    guide: `Core work here is about resisting movement: holding a rigid shape under load. Every hold is timed; the timer stops when the shape breaks, not when you drop.

## Front plank
- Forearms under the shoulders, body in one line, glutes squeezed, ribs pulled towards the hips.
- Breathe behind the brace: short breaths without letting the stomach drop.

## Hollow body
- On your back, lower back pressed into the floor for the whole hold.
- Arms overhead by the ears, legs straight and a hand's width off the floor, shoulder blades lifted.
- Tuck version: knees pulled towards the chest, hands by the hips. Lengthen the levers as you get stronger.

## L-sits
- On parallettes, two chairs or the floor: arms locked, shoulders pushed down away from the ears.
- Tuck: knees to chest, feet off the floor. One-leg: one leg straight, the other tucked; switch legs each set.
- Full L-sit: both legs straight and together at hip height, toes pointed.

## Common faults
- Arching in the hollow body: shorten the levers until the back stays down.
- Sinking shoulders in the L-sit: push the floor away the whole time.`,
  },
  {
    id: 6,
    name: 'Handstand',
    exerciseType: T.skill,
    repsOrTime: TIME,
    rungs: [
      ['Pike hold on box', M.shoulders, 1, 1, 20, 40],
      ['Back-to-wall handstand', M.shoulders, 1, 2, 20, 45],
      ['Chest-to-wall handstand', M.shoulders, 2, 1, 20, 45],
      ['Chest-to-wall toe pulls', M.shoulders, 2, 2, 10, 30],
      ['Freestanding handstand kick-up', M.shoulders, 3, 1, 5, 15],
      ['Freestanding handstand', M.shoulders, 3, 2, 15, 30],
    ],
    calibration: { form: 'Chest-to-wall handstand max hold', max: 120, muscle: M.shoulders },
    guide: `The handstand is a skill: short, fresh, perfect holds beat long, ugly ones. Practise it early in a session.

## Shape
- Hands shoulder width, fingers spread, weight over the base of the fingers.
- Arms locked and pushed tall: shoulders by the ears.
- Ribs in, glutes and legs squeezed, toes pointed: a straight line from wrists to toes.
- Look at the floor between the hands without craning the neck.

## Progressions
- Pike hold: hands on the floor, feet on a box at hip height, hips stacked over the shoulders.
- Back-to-wall: kick up with your back to the wall; a good start but it allows a banana shape.
- Chest-to-wall: walk the feet up the wall and the hands in until the nose is a few centimetres from the wall. This teaches the straight line.
- Toe pulls: from chest-to-wall, pull the toes off the wall and balance with the fingers for as long as you can.
- Freestanding: kick up with a straight leg and bail out safely by turning a hand and stepping down (cartwheel out). Practise the bail before the hold.

Warm the wrists every session: circles, palm and finger stretches, and rocking on all fours.`,
  },
  {
    id: 7,
    name: 'Dip',
    exerciseType: T.strength,
    repsOrTime: REPS,
    rungs: [
      ['Bench dip (bent knees)', M.triceps, 1, 1, 10, 20],
      ['Bench dip (straight legs)', M.triceps, 1, 2, 10, 20],
      ['Parallel-bar dip negative', M.triceps, 1, 3, 3, 6],
      ['Parallel-bar dip', M.triceps, 2, 1, 5, 12],
      ['Straight-bar dip', M.triceps, 2, 2, 5, 10],
      ['Ring dip', M.triceps, 3, 1, 5, 10],
    ],
    calibration: { form: 'Parallel-bar dip max test', max: 30, muscle: M.triceps },
    guide: `Dips build the triceps, chest and front shoulders. Range is earned: go as deep as the shoulders allow without pain.

## Bench dips
- Hands on the edge of a bench behind you, fingers forward, shoulders pulled back.
- Lower until the upper arms are parallel to the floor, keeping the back close to the bench, then press up to locked arms.
- Straighten the legs to make it harder.

## Parallel-bar dips
- Start at the top with locked arms, shoulders pushed down, a slight forward lean.
- Lower for two seconds until the shoulders are just below the elbows; elbows point back, not out.
- Press back to locked arms. Negatives: jump to the top and lower for five seconds.

## Straight-bar and ring dips
- Straight bar: the bar in front of the body demands more lean and more control at the bottom.
- Rings: keep them close to the body and turn the palms forward at the top. Expect the first sessions to shake.

## Common faults
- Shrugging: at the top the shoulders are as far from the ears as possible.
- Bouncing at the bottom: control the turnaround.
- Stop and go back a rung if the front of the shoulder hurts.`,
  },
  {
    id: 8,
    name: 'Lunge',
    exerciseType: T.strength,
    repsOrTime: REPS,
    rungs: [
      ['Assisted reverse lunge', M.quads, 1, 1, 8, 15],
      ['Reverse lunge', M.glutes, 1, 2, 10, 15],
      ['Forward lunge', M.quads, 1, 3, 10, 15],
      ['Walking lunge', M.quads, 2, 1, 12, 20],
      ['Deficit reverse lunge', M.glutes, 2, 2, 8, 12],
      ['Jumping lunge', M.quads, 3, 1, 8, 15],
      ['Skater squat', M.quads, 3, 2, 5, 10],
    ],
    calibration: { form: 'Reverse lunge max test', max: 60, muscle: M.quads },
    guide: `Lunges train one leg at a time through a long range and build the balance the squat ladder needs.

## Reverse lunge
- Stand tall, step back far enough that both knees make right angles at the bottom.
- The back knee kisses the floor; the front heel stays down and the front knee tracks over the middle toes.
- Drive through the front heel to return. Hold a wall or a broom handle for the assisted version.

## Forward and walking lunges
- Step forward and sink straight down rather than lurching forward.
- Walking lunges continue into the next step without a pause at the top: keep the torso upright.

## Deficit reverse lunge
- Stand on a step or plate 10 to 15 cm high and step back down to the floor: more range for the glutes.

## Jumping lunge and skater squat
- Jumping: from the bottom of a lunge jump and switch legs in the air, landing softly in the opposite lunge.
- Skater squat: on one leg, lower the rear knee to a pad behind you with the free foot off the floor, chest forward, then stand.

Reps are counted per leg; in the max test count every step (left plus right).`,
  },
];

export const VO2_LEVELS = VO2_SEED_LEVELS.map((l, i) => ({
  id: i + 1,
  levelName: l.name,
  level: i + 1,
  min: l.min,
  max: l.max,
}));

const PHASE_CLASSES = [
  { id: 1, name: 'VO2 max test', key: 'vo2', preset: {} },
  { id: 2, name: 'Calibration max tests', key: 'exercise', preset: { chunk: 1, repeats: 1 } },
  { id: 3, name: 'Exercises', key: 'exercises', preset: { chunk: 3, repeats: 3 } },
  { id: 4, name: 'Challenge', key: 'challenge', preset: { chunk: 8, repeats: 1 } },
  { id: 5, name: 'Flexibility', key: 'flexibility', preset: {} },
  { id: 6, name: 'Recovery', key: 'recovery', preset: {} },
  { id: 7, name: 'Data analysis', key: 'data-analysis', preset: {} },
];
const C = { vo2: 1, exercise: 2, exercises: 3, challenge: 4, flexibility: 5, recovery: 6, dataAnalysis: 7 } as const;

const PAGE_CATEGORIES = [
  { id: 1, name: 'Introduction', parentId: null, slug: 'introduction', version: null },
  { id: 2, name: 'Warrior', parentId: null, slug: 'warrior', version: null },
  { id: 3, name: 'Calibration', parentId: 2, slug: 'calibration', version: null },
  { id: 4, name: 'Technique guides', parentId: 2, slug: 'technique-guides', version: null },
  { id: 5, name: 'General', parentId: 2, slug: 'general', version: null },
  { id: 6, name: 'Version 1: Foundation', parentId: 5, slug: null, version: 1 },
  { id: 7, name: 'Version 2: Tempo', parentId: 5, slug: null, version: 2 },
  { id: 8, name: 'Version 3: Density', parentId: 5, slug: null, version: 3 },
  { id: 9, name: 'Version 4: Peak', parentId: 5, slug: null, version: 4 },
];

interface SeedPage {
  id: number;
  title: string;
  content: string;
  category: number;
  phaseClass?: number;
  muscleGroup?: number;
  preset?: Record<string, unknown>;
  position: number;
}

const VO2_TEST = `The treadmill VO2 max test estimates how much oxygen your body can use: the engine behind every other phase.

## Before you start
- Only test if you are well, rested and cleared by your PAR-Q. Stop at once with chest pain, dizziness or unusual breathlessness.
- Warm up with five minutes of easy walking.
- Set the treadmill to 5 mph (8 km/h) and 0% gradient. Do not hold the rails.

## The protocol
- Press play: after the five-second countdown the timer starts. Start walking or jogging at 5 mph.
- At 3:00 raise the gradient to 2.5%.
- Every 2 minutes after that (5:00, 7:00, 9:00 ...) raise it by another 2.5%.
- Keep going until you can no longer keep the pace without holding on. Press stop the moment you grab the rails or step off.

## Your result
The time is sent in whole seconds. Your VO2 max is estimated from it (1.444 x minutes + 14.99 ml/kg/min) and placed in a level from Very poor to Superior. It is an estimate, not a laboratory measure, but it is repeatable: the same protocol every version shows your trend.

No treadmill today? Skip the test: nothing is recorded and you move on.`;

const DATA_ANALYSIS = `Data analysis closes the version: the numbers and photos recorded here become a page of your evolution chamber.

Measure under the same conditions every time: first thing in the morning, after the toilet, before food and training.

- Weight: in kilograms, on the same scale, on a hard floor.
- Body fat: in %, from the same method each time (smart scale, calipers or a coach's measurement).
- Chest: tape around the nipple line, arms relaxed, after a normal breath out.
- Bicep: relaxed arm hanging by the side, around the midpoint between shoulder and elbow.
- Waist: around the navel, stomach relaxed, after a normal breath out.
- Quad: standing, midway between the hip crease and the top of the knee cap.

Circumferences are in inches; enter decimals with a point (e.g. 14.5).

## Photos
Upload three photos: front, side and back. Same place, same light, same clothing, arms relaxed. They are private: only you and your coaches can see them.`;

const FLEXIBILITY = `A 20-minute flexibility session. Move slowly into each position, breathe out as you sink deeper, and never force a stretch into pain.

- Cat-cow: 10 slow reps, moving one vertebra at a time.
- World's greatest stretch: 5 reps per side, lunge, elbow to instep, rotate and reach to the ceiling.
- Couch stretch (hip flexors and quads): 60 seconds per side, glute squeezed, ribs down.
- Pancake or seated straddle fold: 90 seconds, hinge from the hips with a long spine.
- Pike fold (hamstrings): 90 seconds, knees straight, chest to thighs.
- Deep squat hold: 60 seconds, heels down, elbows pushing the knees out.
- Wall calf stretch: 45 seconds per side, straight knee then bent knee.
- Shoulder extension on a bench (hands behind you): 60 seconds.
- Wrist circles and palm stretches: 60 seconds, in preparation for handstands and dips.

Press Done when you have finished the routine.`;

const RECOVERY = `Recovery is training: this is where the work of the last phases turns into strength.

## Today
- 20 to 30 minutes of easy movement: a walk, an easy bike or a swim at a pace where you can hold a conversation.
- 5 minutes of slow nasal breathing lying on your back: four seconds in, six seconds out.
- Foam roll or massage anything that feels tight: 60 seconds per area, easy pressure.

## Every day
- Sleep 7 to 9 hours; keep the room dark and cool.
- Drink water through the day: pale yellow urine is the target.
- Eat protein with every meal.

Press Done when you have finished.`;

const CALIBRATION_TESTS = `Calibration finds where you start on every ladder. Each test is one all-out effort with perfect form.

- Warm up with five minutes of easy movement and two easy sets of each pattern.
- One test per round: start the timer, perform as many clean reps as you can (or hold as long as you can for timed tests), stop the timer, enter the result.
- Count only full reps: full range, no bouncing, no swinging. A rep you would not show your coach does not count.
- Rest three minutes between tests.
- Be honest: a test that flatters you puts you on a form you cannot yet own, and progress stalls.

Your result on each test places you on a form of that ladder. From there, double progression moves you: reach the top of the rep range on every set and you move up one form; fall below the bottom and you move down one.`;

const exercisesText = (focus: string, groups: string, version: VersionPlan) => `${focus}: ${groups}.

${version.intro}

## How to run it
- The exercises are grouped into rounds. Complete one set of each exercise in the round, resting ${version.restBetween} between exercises, then repeat the round ${version.repeats} times in total.
- ${version.tempo}
- Start the timer as you start the set and stop it as you finish; enter your reps (timed holds log their time automatically).
- Rest ${version.restRounds} between rounds.

## Double progression
Every exercise shows a rep (or seconds) range. When every set of a form reaches the top of its range, the next session puts you on the next form of the ladder. If your best set falls below the bottom, you move back one form. Otherwise you stay and aim for one more rep.`;

interface VersionPlan {
  version: number;
  repeats: number;
  intro: string;
  tempo: string;
  restBetween: string;
  restRounds: string;
}

const VERSIONS: VersionPlan[] = [
  {
    version: 1,
    repeats: 3,
    intro: 'Version 1 builds the foundation: clean reps, full range, and the habit of logging every set.',
    tempo: 'Lower for two seconds, pause for one, rise under control.',
    restBetween: '60 seconds',
    restRounds: '2 minutes',
  },
  {
    version: 2,
    repeats: 3,
    intro:
      'Version 2 slows everything down: a three-second lowering phase adds time under tension without adding load.',
    tempo: 'Tempo 3-1-1: three seconds down, one second pause at the bottom, one second up.',
    restBetween: '60 seconds',
    restRounds: '2 minutes',
  },
  {
    version: 3,
    repeats: 4,
    intro: 'Version 3 raises the density: one more round with shorter rests.',
    tempo: 'Lower for two seconds, rise with intent.',
    restBetween: '45 seconds',
    restRounds: '90 seconds',
  },
  {
    version: 4,
    repeats: 4,
    intro:
      'Version 4 is the peak of the evolution: four rounds, short rests, paused reps. Finish it and the next evolution begins with a new calibration.',
    tempo: 'Pause for two seconds in the hardest position of every rep.',
    restBetween: '30 seconds',
    restRounds: '60 seconds',
  },
];

/** The nine phases of a general version, in order (phase 7 is the volume phase). Page ids: 20 + 10 * version + phase. */
function versionPages(plan: VersionPlan): SeedPage[] {
  const category = 5 + plan.version;
  const id = (phase: number) => 20 + 10 * plan.version + phase;
  const preset = (formGroups: number[], extra: Record<string, unknown> = {}) => ({
    chunk: 3,
    repeats: plan.repeats,
    form_groups: formGroups,
    ...extra,
  });
  return [
    { id: id(1), position: 1, category, phaseClass: C.vo2, title: 'VO2 max test', content: VO2_TEST },
    {
      id: id(2),
      position: 2,
      category,
      phaseClass: C.exercises,
      title: 'Upper body strength',
      preset: preset([1, 2, 7]),
      content: exercisesText('Upper body strength', 'push, pull and dip', plan),
    },
    {
      id: id(3),
      position: 3,
      category,
      phaseClass: C.exercises,
      title: 'Lower body strength',
      preset: preset([3, 4, 8]),
      content: exercisesText('Lower body strength', 'squat, hinge and lunge', plan),
    },
    {
      id: id(4),
      position: 4,
      category,
      phaseClass: C.exercises,
      title: 'Skill and core',
      preset: preset([6, 5]),
      content: exercisesText('Skill and core', 'handstand and core holds', plan),
    },
    { id: id(5), position: 5, category, phaseClass: C.flexibility, title: 'Flexibility', content: FLEXIBILITY },
    { id: id(6), position: 6, category, phaseClass: C.recovery, title: 'Recovery', content: RECOVERY },
    {
      id: id(7),
      position: 7,
      category,
      phaseClass: C.exercises,
      title: 'Work volume',
      preset: { chunk: 3, form_groups: [1, 2, 7, 3, 4, 8] },
      content: `The volume phase: push, pull, dip, squat, hinge and lunge, for as many rounds as your work volume asks.

Your number of sets (set it under Work Volume Analysis: 12 Novice up to 45 Alpha) decides how many times each round is repeated: sets divided by the six exercises, at most fourteen rounds. A new work volume takes effect after your next submission of this phase.

- Rest ${plan.restBetween} between exercises and ${plan.restRounds} between rounds.
- Every set counts towards double progression, so keep the form honest when tired.`,
    },
    {
      id: id(8),
      position: 8,
      category,
      phaseClass: C.challenge,
      title: 'Challenge',
      preset: { chunk: 8, repeats: 1, form_groups: [1, 2, 3, 4, 5, 6, 7, 8] },
      content: `ONE ROUND MAX OUTPUT. One set of every pattern on your current form, each to technical failure.

- Warm up for ten minutes first.
- Rest as long as you need between exercises (2 to 3 minutes): this is about output, not conditioning.
- Stop each set at the last rep you can do with perfect form; hold timed forms until the shape breaks.

Compare your numbers with the same challenge in earlier versions in your workout results.`,
    },
    { id: id(9), position: 9, category, phaseClass: C.dataAnalysis, title: 'Data analysis', content: DATA_ANALYSIS },
  ];
}

export const PAGES: SeedPage[] = [
  {
    id: 97,
    position: 1,
    category: 1,
    title: 'Welcome to the portal',
    content: `This is Ground Zero, the start of every session.

- Evolution opens your evolution chamber: your VO2 max, body measurements, progress photos and muscle scores, one page per version. It unlocks once you have finished your first calibration.
- Channels lists what you subscribe to. Warrior is the training programme; Superhuman adds nutrition: macros and meal groups with recipes. Immortal is coming.
- Community takes you to the members' community.
- Introduction brings you back here.

Before you train, finish the readiness questionnaire (PAR-Q) and the fact-find: they keep you safe and shape your nutrition. Your account settings hold your contact details, subscription, calibration results, work volume and assistance flags, where you can ask a coach anything.`,
  },
  {
    id: 1,
    position: 2,
    category: 1,
    title: 'How to use the Warrior channel',
    content: `Warrior is a progressive bodyweight strength, skill and conditioning programme. It adapts to you with every set you log.

1. **Calibrate.** Every evolution starts with calibration: a treadmill VO2 max test, one max test for each movement pattern (push, pull, squat, hinge, core, handstand, dip, lunge) and a data analysis with your measurements and three photos. Your results place you on a form of each ladder.

2. **Train through versions.** An evolution has four versions; each version has nine phases, done in order:
   1. VO2 max test
   2. Upper body strength
   3. Lower body strength
   4. Skill and core
   5. Flexibility
   6. Recovery
   7. Work volume
   8. Challenge: one round max output
   9. Data analysis

   Only the active phase can be opened. Finishing data analysis completes the version and records a page in your evolution chamber.

3. **Progress with double progression.** Each form has a rep range. Reach the top of the range on every set and you move up to the next form; fall below the bottom and you move back one. Your form levels show where you stand on each ladder.

4. **Set your work volume.** Work Volume Analysis sets how many sets the volume phase asks for, from 12 (Novice) to 45 (Alpha). A change applies after your next volume phase.

Technique guides explain every ladder: read the guide before moving up to a new form.`,
  },
  {
    id: 2,
    position: 3,
    category: 1,
    title: 'How to use the Superhuman channel',
    content: `Superhuman adds nutrition to your training.

- Macros: your daily calories, protein, fat and carbohydrate, calculated from your fact-find (height, wrist and ankle measurements and the look you are aiming for: Warrior, Titan or Tank) and your latest data analysis. They update every time you complete a version.
- Aliment: recipes grouped into elixirs, major meals (vegan, vegetarian, pescatarian and prep) and minor meals (salads and desserts). Choose the number of servings and every ingredient amount scales with it.

Eat to your numbers most days, weigh yourself under the same conditions each data analysis, and let the trend, not a single day, guide you.`,
  },
  ...LADDERS.map((l) => ({
    id: 10 + l.id,
    position: l.id,
    category: 4,
    title: `${l.name}: technique guide`,
    content: l.guide,
    muscleGroup: l.rungs[0]![1],
  })),
  { id: 21, position: 1, category: 3, phaseClass: C.vo2, title: 'VO2 max test', content: VO2_TEST },
  {
    id: 22,
    position: 2,
    category: 3,
    phaseClass: C.exercise,
    title: 'Calibration max tests',
    content: CALIBRATION_TESTS,
  },
  { id: 23, position: 3, category: 3, phaseClass: C.dataAnalysis, title: 'Data analysis', content: DATA_ANALYSIS },
  ...VERSIONS.flatMap(versionPages),
];

/** Form rows of the ladders, ids group * 10 + rung. */
const FORMS = LADDERS.flatMap((l) =>
  l.rungs.map(([name, muscleGroup, level, progress, min, max], i) => ({
    id: l.id * 10 + i + 1,
    formGroup: l.id,
    name,
    muscleGroup,
    level,
    progress,
    min,
    max,
    repsOrTime: l.repsOrTime,
  })),
);

/** One calibration per form group, same id as its form group. */
const CALIBRATIONS = LADDERS.map((l) => ({
  id: l.id,
  form: l.calibration.form,
  max: l.calibration.max,
  repsOrTime: l.repsOrTime,
  totalWeight: 0,
  exerciseType: l.exerciseType,
  muscleGroup: l.calibration.muscle,
  formGroup: l.id,
}));

/** Tables seeded with fixed ids: their sequences move past the seed so admin inserts get fresh ids. */
const SEEDED_TABLES: (keyof Database)[] = [
  'muscle_groups',
  'exercise_types',
  'form_groups',
  'forms',
  'calibrations',
  'vo2_max_levels',
  'page_categories',
  'phase_classes',
  'pages',
];

/**
 * Inserts the programme once, on a database that has none (no page category yet), in one transaction under an
 * advisory lock. Later starts change nothing, so admin edits and deletions stay as they are. True when it seeded.
 */
export async function seedProgramme(em: EntityManager): Promise<boolean> {
  return em.transactional(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('evolution:seed-programme'))`.execute(db(tx));
    if (await tx.count(PageCategory, {})) return false;
    for (const m of MUSCLE_GROUPS) tx.create(MuscleGroup, m);
    for (const t of EXERCISE_TYPES) tx.create(ExerciseType, t);
    for (const l of LADDERS)
      tx.create(FormGroup, { id: l.id, name: l.name, exerciseType: l.exerciseType, videoLink: null });
    for (const f of FORMS) tx.create(Form, f);
    for (const c of CALIBRATIONS) tx.create(Calibration, c);
    for (const v of VO2_LEVELS) tx.create(Vo2MaxLevel, v);
    for (const c of PAGE_CATEGORIES) tx.create(PageCategory, c);
    for (const c of PHASE_CLASSES) tx.create(PhaseClass, c);
    for (const page of PAGES) {
      tx.create(Page, {
        id: page.id,
        title: page.title,
        content: page.content,
        category: page.category,
        position: page.position,
        phaseClass: page.phaseClass ?? null,
        muscleGroup: page.muscleGroup ?? null,
        preset: page.preset ?? null,
        videoLink: null,
      });
    }
    await tx.flush();
    for (const table of SEEDED_TABLES) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
        db(tx),
      );
    }
    return true;
  });
}
