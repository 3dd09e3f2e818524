// Buttons, icon buttons and form fields in every variant, size and state.
import { Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonVariant, Combobox, IconButton, Select, TextArea, TextField } from '../ui/index.js';
import { Columns, noop, Row, Section, Specimen } from './parts.js';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger'];
const APPS = [
  { value: 'slack', label: 'Slack' },
  { value: 'sheets', label: 'Google Sheets' },
  { value: 'stripe', label: 'Stripe' },
];

/** Buttons and fields. */
export function ControlsSection() {
  const [app, setApp] = useState('sheets');
  return (
    <>
      <Section title="Button">
        {VARIANTS.map((variant) => (
          <Row key={variant}>
            <Specimen state={`${variant}`}>
              <Button variant={variant}>Save changes</Button>
            </Specimen>
            <Specimen state="with icon">
              <Button variant={variant}>
                <Plus aria-hidden="true" size={16} />
                Create
              </Button>
            </Specimen>
            <Specimen state="disabled">
              <Button variant={variant} disabled>
                Save changes
              </Button>
            </Specimen>
            <Specimen state="loading">
              <Button variant={variant} loading>
                Saving
              </Button>
            </Specimen>
            <Specimen state="small">
              <Button variant={variant} size="small">
                Small
              </Button>
            </Specimen>
            <Specimen state="large">
              <Button variant={variant} size="large">
                Large
              </Button>
            </Specimen>
          </Row>
        ))}
      </Section>
      <Section title="IconButton">
        <Row>
          <Specimen state="ghost">
            <IconButton label="Edit">
              <Pencil />
            </IconButton>
          </Specimen>
          <Specimen state="secondary">
            <IconButton label="Copy link" variant="secondary">
              <Copy />
            </IconButton>
          </Specimen>
          <Specimen state="primary">
            <IconButton label="Add step" variant="primary">
              <Plus />
            </IconButton>
          </Specimen>
          <Specimen state="danger">
            <IconButton label="Delete" variant="danger">
              <Trash2 />
            </IconButton>
          </Specimen>
          <Specimen state="small">
            <IconButton label="Edit" size="small">
              <Pencil />
            </IconButton>
          </Specimen>
          <Specimen state="disabled">
            <IconButton label="Delete" disabled>
              <Trash2 />
            </IconButton>
          </Specimen>
        </Row>
      </Section>
      <Section title="Input, TextArea, Select, Combobox">
        <Columns $count={3}>
          <TextField label="Workflow name" placeholder="Untitled workflow" onChange={noop} />
          <TextField label="Token URL" hint="token_url" defaultValue="https://example.com/oauth/token" />
          <TextField label="E-mail" defaultValue="ada@example" error="Enter a valid e-mail address." />
          <TextField label="Workspace" defaultValue="Acme" disabled />
          <Select
            label="Page size"
            defaultValue="25"
            options={['10', '25', '100', '250'].map((value) => ({ value, label: `${value} rows` }))}
          />
          <Select
            label="Region"
            placeholder="Choose a region"
            defaultValue=""
            options={[{ value: 'eu', label: 'Europe' }]}
            error="Choose a region."
          />
          <TextArea
            label="Description"
            hint="Shown on the app's card."
            defaultValue="Sends new orders to the team channel."
          />
          <Combobox label="App" options={APPS} value={app} onChange={setApp} hint="Type to filter" />
          <Combobox label="Connected account" options={[]} value="" onChange={noop} placeholder="Search accounts" />
        </Columns>
      </Section>
    </>
  );
}
