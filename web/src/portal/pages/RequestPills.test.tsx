import type { ActionDef, AppDefinition } from '@junction/core';
import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyValueRows } from '../../ui/KeyValueRows.js';
import { theme } from '../../ui/index.js';
import { PillTextField, pillValue, useAppPillDescriber } from './RequestPills.js';

afterEach(cleanup);

const app: Pick<AppDefinition, 'authInfo'> = {
  authInfo: { apiType: 'apikey', apikeyFormFields: [{ key: 'api_key', title: 'API Key' }] },
};
const action: Pick<ActionDef, 'fields'> = { fields: [{ name: 'item', title: 'Item', schema: { type: 'string' } }] };

function Harness() {
  const describe = useAppPillDescriber(app, action);
  const [url, setUrl] = useState('https://api.acme.test/orders/${inputData.item}?key=${auth.api_key}');
  const [rows, setRows] = useState([{ key: 'note', value: 'for ${inputData.nope}' }]);
  return (
    <ThemeProvider theme={theme}>
      <PillTextField label="URL" value={url} describe={describe} onChange={setUrl} />
      <KeyValueRows label="URL Params" rows={rows} onChange={setRows} renderValue={pillValue(describe)} />
      <output data-testid="stored">{url}</output>
    </ThemeProvider>
  );
}

describe("the portal's request fields show references as pills (forms-dp 2.10, editor-core 2.7)", () => {
  it("reads 'Input · Item' and 'Account · API Key' where the text stores ${…}, red with the reason for a field that does not exist", () => {
    render(<Harness />);
    const url = screen.getByRole('textbox', { name: 'URL' });
    expect(url.textContent).not.toContain('${');
    expect(url.textContent).toContain('Input · Item');
    expect(url.textContent).toContain('Account · API Key');
    // The stored value keeps the references as written.
    expect(screen.getByTestId('stored').textContent).toContain('${inputData.item}');
    const broken = screen.getByText('Input · nope');
    expect(broken.className).toContain('cm-pill-broken');
    expect(broken.getAttribute('title')).toBe('"nope" is not a field of this action\'s Form Design.');
    expect(screen.getByRole('textbox', { name: 'Value 1' }).textContent).not.toContain('${');
  });
});
