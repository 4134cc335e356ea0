import i18n from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../i18n';
import { BillingStatusBadge } from './Badge';
import { Button } from './Button';
import { Field } from './Field';
import { Input } from './Input';
import { Table } from './Table';
import { Tabs } from './Tabs';

// Markup-level checks of the accessibility wiring; interaction is covered by the browser test.
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ resources: { en: { translation: en } }, lng: 'en', interpolation: { escapeValue: false } });
});


describe('Field', () => {
  it('labels the control and describes it by hint and error', () => {
    const markup = renderToStaticMarkup(
      <Field label="Email" hint="Your work address" error="Please enter your email address.">
        <Input />
      </Field>,
    );
    const id = /<input[^>]* id="([^"]+)"/.exec(markup)?.[1];
    expect(id).toBeTruthy();
    expect(markup).toContain(`for="${id}"`);
    expect(markup).toContain(`aria-describedby="${id}-hint ${id}-error"`);
    expect(markup).toContain('aria-invalid="true"');
  });
});

describe('Button', () => {
  it('is disabled and marked busy while an action runs', () => {
    const markup = renderToStaticMarkup(<Button busy>Save</Button>);
    expect(markup).toMatch(/<button type="button" class="btn btn-secondary btn-md" disabled="" aria-busy="true">/);
  });
});

describe('Table', () => {
  it('shows the empty state instead of an empty table', () => {
    const markup = renderToStaticMarkup(
      <Table caption="Machines" columns={[{ id: 'name', header: 'Name', cell: (row: { name: string }) => row.name }]} rows={[]} rowKey={(row) => row.name} />,
    );
    expect(markup).not.toContain('<table');
    expect(markup).toContain('Nothing to show yet.');
  });
});

describe('Tabs', () => {
  it('marks the selected tab and keeps only it in the tab order', () => {
    const markup = renderToStaticMarkup(
      <Tabs label="Billing" tabs={[{ id: 'overview', label: 'Overview' }, { id: 'plans', label: 'Plans' }]} selectedId="plans" onSelect={() => {}}>
        content
      </Tabs>,
    );
    expect(markup).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*tabindex="-1"[^>]*>Overview/);
    expect(markup).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*tabindex="0"[^>]*>Plans/);
    expect(markup).toMatch(/role="tabpanel" aria-labelledby="[^"]+-tab-plans"/);
  });
});

describe('BillingStatusBadge', () => {
  it('colours each billing status as the spec says', () => {
    const tones = (['active', 'trialing', 'past_due', 'canceled'] as const).map((status) =>
      /badge-(\w+)/.exec(renderToStaticMarkup(<BillingStatusBadge status={status} />))?.[1],
    );
    expect(tones).toEqual(['success', 'info', 'warning', 'danger']);
  });
});
