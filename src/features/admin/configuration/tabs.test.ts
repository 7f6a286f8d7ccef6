import { describe, expect, it } from 'vitest';
import { validateField } from '../../../components/form-rules';
import { TABS } from './tabs';

describe('configuration forms', () => {
  it('accept tree status code 0 (the seeded "Healthy", client.md §3) up to 999, and nothing outside', () => {
    const found = TABS.flatMap((t) => t.fields).find((f) => f.name === 'status_code')!;
    const field = { rule: { ...found.rule!, label: 'Status code' } };
    expect(validateField(0, field.rule!)).toBeNull();
    expect(validateField(999, field.rule!)).toBeNull();
    expect(validateField(-1, field.rule!)).not.toBeNull();
    expect(validateField(1000, field.rule!)).not.toBeNull();
  });
});
