import { describe, expect, it } from 'vitest';
import { auditLogHref, readFilterId } from '../audit/auditQuery.ts';
import { readMemberId, yesNo } from './record.ts';

describe("a member's record", () => {
  it('reads the member id of the path: a whole number from 1 up to the largest database id, nothing else', () => {
    expect(readMemberId('42')).toBe(42);
    expect(readMemberId('2147483647')).toBe(2_147_483_647);
    for (const bad of ['0', '2147483648', '-1', '1.5', '1e3', 'abc', '', undefined, null, ' 7'])
      expect(readMemberId(bad)).toBeNull();
  });

  it('shows a PAR-Q answer as No for 0 and Yes otherwise', () => {
    expect([0, 1, 2].map(yesNo)).toEqual(['No', 'Yes', 'Yes']);
  });
});

describe('the audit log filters', () => {
  it('keeps member and admin in the query string, dropping empty ones and page 1', () => {
    expect(auditLogHref({ member_id: 5 })).toBe('/admin/audit_log?member_id=5');
    expect(auditLogHref({ member_id: 5, admin_id: 2, page: 3 })).toBe('/admin/audit_log?member_id=5&admin_id=2&page=3');
    expect(auditLogHref({ page: 1 })).toBe('/admin/audit_log');
  });

  it('ignores a filter that is no id', () => {
    expect(readFilterId('12')).toBe(12);
    expect(readFilterId('x')).toBeUndefined();
    expect(readFilterId(null)).toBeUndefined();
  });
});
