import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXT } from '@evolution/shared';
import {
  deliverySummary,
  newSendKey,
  placeRecipientError,
  readSummary,
  sendPayload,
  validateSend,
} from './messageAdmin.ts';

const empty = { subject: '', recipient_kind: 'member', recipient_id: '', channel_id: '', message: '' };

describe('the new-message form', () => {
  it('asks for subject, recipient and message, the recipient under the member search', () => {
    expect(validateSend(empty)).toEqual({
      subject: MESSAGE_TEXT.subjectRequired,
      recipient_id: MESSAGE_TEXT.recipientRequired,
      message: MESSAGE_TEXT.messageRequired,
    });
  });

  it('asks for the channel under the channel select when sending to a channel', () => {
    expect(
      validateSend({ ...empty, subject: 'Hi', message: 'Go', recipient_kind: 'channel', recipient_id: '7' }),
    ).toEqual({ channel_id: MESSAGE_TEXT.recipientRequired });
    expect(
      validateSend({
        ...empty,
        subject: 'Hi',
        message: 'Go',
        recipient_kind: 'channel',
        channel_id: '1',
        recipient_id: '7',
      }),
    ).toEqual({});
  });

  it('sends only the recipient of the chosen kind, with the send key', () => {
    const values = { subject: 'Hi', message: 'Go', recipient_kind: 'channel', recipient_id: '7', channel_id: '1' };
    expect(sendPayload(values, 'k1')).toEqual({ subject: 'Hi', message: 'Go', channel_id: '1', idempotency_key: 'k1' });
    expect(sendPayload({ ...values, recipient_kind: 'member' }, 'k2')).toEqual({
      subject: 'Hi',
      message: 'Go',
      recipient_id: '7',
      idempotency_key: 'k2',
    });
  });

  it("shows a server's recipient message where the admin is choosing", () => {
    expect(placeRecipientError({ channel_id: MESSAGE_TEXT.channelEmpty }, 'channel')).toEqual({
      channel_id: MESSAGE_TEXT.channelEmpty,
    });
    expect(placeRecipientError({ recipient_id: MESSAGE_TEXT.recipientOrChannel }, 'channel')).toEqual({
      channel_id: MESSAGE_TEXT.recipientOrChannel,
    });
    expect(placeRecipientError({ channel_id: 'x' }, 'member')).toEqual({ recipient_id: 'x' });
  });

  it('makes a new key for every form', () => {
    const a = newSendKey();
    expect(a).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(newSendKey()).not.toBe(a);
  });

  it('sums up who has read a message', () => {
    expect(readSummary({ read_count: 0, recipients_count: 1, channel_id: null })).toBe('Unread');
    expect(readSummary({ read_count: 1, recipients_count: 1, channel_id: null })).toBe('Read');
    expect(readSummary({ read_count: 0, recipients_count: 1, channel_id: 1 })).toBe('0 of 1');
    expect(readSummary({ read_count: 3, recipients_count: 12, channel_id: 1 })).toBe('3 of 12');
  });
});

describe('the delivery of a channel message', () => {
  it('counts up while the job queue writes the recipients, then says how many got it', () => {
    expect(deliverySummary({ delivered_count: 12_000, expected_count: 333_333, delivered_at: null })).toBe(
      'Delivering… 12,000 of ~333,333',
    );
    expect(
      deliverySummary({ delivered_count: 333_333, expected_count: 333_333, delivered_at: '2026-11-26T16:20:00.000Z' }),
    ).toBe('Delivered to 333,333 members');
    expect(deliverySummary({ delivered_count: 1, expected_count: 1, delivered_at: '2026-11-26T16:20:00.000Z' })).toBe(
      'Delivered to 1 member',
    );
  });
});
