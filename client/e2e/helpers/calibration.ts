import sharp from 'sharp';
import { baseUrl } from './browser.ts';
import { api, createMember, type TestMember } from './members.ts';

/** The calibration max tests: one entry per test. */
export const MAX_TESTS = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => ({
  calibration_id: id,
  amount: id === 6 ? 0 : 12,
  time_to_complete: 60,
}));

/** A small JPEG of one colour, uploaded as a progress photo; answers its id. */
async function uploadPhoto(token: string, colour: string): Promise<number> {
  const form = new FormData();
  const jpeg = await sharp({ create: { width: 60, height: 80, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  form.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${baseUrl()}/api/user/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { image?: { id: number } };
  if (res.status !== 201 || !body.image)
    throw new Error(`POST /user/image answered ${res.status}: ${JSON.stringify(body)}`);
  return body.image.id;
}

/** Sends one calibration phase through the REST API. */
export async function calibrationPhase(
  member: TestMember,
  phase: 'vo2' | 'exercise' | 'data-analysis',
  body: unknown,
): Promise<void> {
  const res = await api(`/user/channel/warrior/calibration/phase/${phase}`, {
    method: 'POST',
    token: member.token,
    body,
  });
  if (res.status !== 200) throw new Error(`calibration ${phase} answered ${res.status}: ${JSON.stringify(res.json)}`);
}

/** The three progress photos a data analysis needs, uploaded; answers their ids as the phase takes them. */
export async function threePhotos(token: string): Promise<{ image1: number; image2: number; image3: number }> {
  return {
    image1: await uploadPhoto(token, '#aa3333'),
    image2: await uploadPhoto(token, '#33aa33'),
    image3: await uploadPhoto(token, '#3333aa'),
  };
}

/** A member calibrated at 80 kg and this body fat (15 minutes on the treadmill, 12 of every max test but one). */
export async function calibratedMember(
  bodyFat: number,
  plan: { planId?: number; channelId?: number } = {},
): Promise<TestMember> {
  const member = await createMember({ setupDone: true, ...plan });
  await calibrationPhase(member, 'vo2', { time_to_complete: 900 });
  await calibrationPhase(member, 'exercise', MAX_TESTS);
  await calibrationPhase(member, 'data-analysis', {
    weight: 80,
    waist: 32,
    chest: 40,
    bicep: 14,
    quad: 22,
    body_fat: bodyFat,
    ...(await threePhotos(member.token)),
  });
  return member;
}

/** A superhuman member (fact-find: 70 in, wrist 7, ankle 9, Warrior) calibrated at 80 kg and 12 % body fat. */
export const measuredSuperhuman = (): Promise<TestMember> => calibratedMember(12, { planId: 3, channelId: 2 });
