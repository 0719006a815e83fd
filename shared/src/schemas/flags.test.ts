import { describe, expect, it } from 'vitest';
import { FLAG_MESSAGE, adminFlagListInput, flagCreateInput, flagReplyInput } from './flags.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('flagCreateInput', () => {
  it("gives the spec's messages for a missing, null or blank subject and message", () => {
    for (const blank of [undefined, null, '', '   ', '\n\t']) {
      expect(messages(flagCreateInput.safeParse({ subject: blank, message: blank }))).toEqual({
        subject: 'The subject is required',
        message: 'The message is required',
      });
    }
  });

  it('trims, and takes a subject of up to 255 characters and a message of up to 10,000', () => {
    expect(flagCreateInput.parse({ subject: '  Knee  ', message: ' Hurts \n' })).toEqual({
      subject: 'Knee',
      message: 'Hurts',
    });
    expect(flagCreateInput.safeParse({ subject: 'x'.repeat(255), message: 'y'.repeat(10_000) }).success).toBe(true);
    expect(messages(flagCreateInput.safeParse({ subject: 'x'.repeat(256), message: 'y'.repeat(10_001) }))).toEqual({
      subject: FLAG_MESSAGE.subjectTooLong,
      message: FLAG_MESSAGE.messageTooLong,
    });
  });

  it('refuses what is not text', () => {
    expect(messages(flagCreateInput.safeParse({ subject: 12, message: ['a'] }))).toEqual({
      subject: 'The subject is required',
      message: 'The message is required',
    });
  });
});

describe('flagReplyInput', () => {
  it("gives 'The message is required' for a blank reply", () => {
    expect(messages(flagReplyInput.safeParse({ message: '  ' }))).toEqual({ message: 'The message is required' });
  });
});

describe('adminFlagListInput', () => {
  it('takes status 0 or 1 as a number or a query-string text, and no status as all', () => {
    expect(adminFlagListInput.parse({ status: '0' })).toEqual({ page: 1, status: 0 });
    expect(adminFlagListInput.parse({ status: 1, page: '2' })).toEqual({ page: 2, status: 1 });
    expect(adminFlagListInput.parse({ status: '' })).toEqual({ page: 1 });
    expect(adminFlagListInput.parse({})).toEqual({ page: 1 });
  });

  it('refuses any other status', () => {
    for (const status of ['2', -1, 'open', '0.5', true]) {
      expect(messages(adminFlagListInput.safeParse({ status }))).toEqual({ status: FLAG_MESSAGE.statusInvalid });
    }
  });
});
