import { useTranslation } from 'react-i18next';
import type { ReferenceItem } from '../../../api/admin-reference';
import { Field, useForm } from '../../../components/form';
import { referenceBodies } from '../../../domain/contracts/reference';
import type { Tab } from './tabs';

type Values = Record<string, string>;

/** What the form sends: text trimmed, a number or a list's id as a number ('' → null). */
export function itemBody(tab: Tab, values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of tab.fields) {
    const v = values[f.name].trim();
    body[f.name] = f.type === 'text' || f.choices ? v : v === '' ? null : Number(v);
  }
  return body;
}

/** Create/edit form of one configuration item, driven by the tab's field list. */
export function ItemForm({
  tab,
  item,
  lists,
  onSubmit,
}: {
  tab: Tab;
  item: ReferenceItem | null;
  lists: Record<string, ReferenceItem[]>;
  onSubmit: (body: Record<string, unknown>, setServerErrors: (e: unknown) => void) => void;
}) {
  const { t } = useTranslation('admin.configuration');
  const form = useForm<Values>(
    Object.fromEntries(tab.fields.map((f) => [f.name, item?.[f.name] === null || item?.[f.name] === undefined ? '' : String(item[f.name])])),
    {
      schema: referenceBodies[tab.endpoint],
      body: (v) => itemBody(tab, v),
      labels: Object.fromEntries(tab.fields.map((f) => [f.name, t(`fields.${f.name}`)])),
    },
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    const body = itemBody(tab, form.values);
    onSubmit(body, form.setServerErrors);
  };
  return (
    <form id="config-item-form" onSubmit={submit} noValidate>
      {tab.fields.map((f) => (
        <Field key={f.name} form={form} name={f.name} label={t(`fields.${f.name}`)} required={f.required}>
          {f.type === 'select' && f.choices ? (
            <select {...form.input(f.name)}>
              <option value="">{t('select')}</option>
              {f.choices.map((c) => (
                <option key={c} value={c}>
                  {t(`choices.${f.name}.${c}`)}
                </option>
              ))}
            </select>
          ) : f.type === 'select' && f.options ? (
            <select {...form.input(f.name)}>
              <option value="">{f.required ? t('select') : t('none')}</option>
              {(lists[f.options.endpoint] ?? []).map((o) => (
                <option key={String(o[f.options!.value])} value={String(o[f.options!.value])}>
                  {String(o[f.options!.label])}
                </option>
              ))}
            </select>
          ) : (
            <input {...form.input(f.name)} type={f.type === 'number' ? 'number' : 'text'} min={f.range?.min} max={f.range?.max} />
          )}
        </Field>
      ))}
    </form>
  );
}
