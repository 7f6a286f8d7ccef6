// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { checkForm } from '../../../components/form-check';
import { referenceBodies } from '../../../domain/contracts/reference';
import { itemBody } from './item-form';
import { TABS } from './tabs';

describe('configuration forms', () => {
  it('accept tree status code 0 (the seeded "Healthy", client.md §3) up to 999, and nothing outside', () => {
    const tab = TABS.find((x) => x.endpoint === 'tree-status-types')!;
    const check = { schema: referenceBodies[tab.endpoint], body: (v: Record<string, string>) => itemBody(tab, v), labels: { status_code: 'Status code' } };
    const refused = (code: string) => checkForm(check, { status_code: code, status_name: 'Some status' }, i18n.t.bind(i18n)).status_code ?? null;
    expect(refused('0')).toBeNull();
    expect(refused('999')).toBeNull();
    expect(refused('-1')).not.toBeNull();
    expect(refused('1000')).not.toBeNull();
    expect(refused('2.5')).not.toBeNull();
  });

  it('send exactly the fields of their list’s request schema', () => {
    for (const tab of TABS) expect(tab.fields.map((f) => f.name).sort(), tab.endpoint).toEqual(Object.keys(referenceBodies[tab.endpoint].shape).sort());
  });
});
