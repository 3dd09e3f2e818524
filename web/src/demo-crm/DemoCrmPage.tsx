import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { SessionGate, useSessionUser } from '../dashboard/DashboardLayout.js';
import { usePageStore } from '../stores/root-store.js';
import { Button, TextField, useToast } from '../ui/index.js';
import type { DemoCrmClient, DemoCrmContact, DemoCrmKeyInfo } from './demo-crm-client.js';
import { DemoCrmStoreModel } from './demo-crm-store.js';

// Every colour is a theme role (ui/theme.ts): the page reads in the light and the dark theme.
const Shell = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.canvas};
  color: ${({ theme }) => theme.colors.text};
`;

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(6)};
  padding: 0 ${({ theme }) => theme.space(8)};
  min-height: 60px;
  flex-wrap: wrap;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Brand = styled.span`
  font-size: ${({ theme }) => theme.font.size.large};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.colors.accentText};
`;

const Tabs = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  flex: 1;
`;

const Tab = styled(Link)<{ $active: boolean }>`
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radius.small};
  text-decoration: none;
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  color: ${({ theme, $active }) => ($active ? theme.colors.accentText : theme.colors.text)};
  background: ${({ theme, $active }) => ($active ? theme.colors.accentSubtle : 'transparent')};
  &:hover { background: ${({ theme, $active }) => ($active ? theme.colors.accentSubtle : theme.colors.surfaceSunken)}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Back = styled.a`
  font-size: ${({ theme }) => theme.font.size.body};
  color: ${({ theme }) => theme.colors.accentText};
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Main = styled.main`
  max-width: 1040px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(8)};
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(5)};
    font-size: ${({ theme }) => theme.font.size.title};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Card = styled.section`
  margin-bottom: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.low};
  h2 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: ${({ theme }) => theme.font.size.large}; }
  p { margin: 0 0 ${({ theme }) => theme.space(3)}; color: ${({ theme }) => theme.colors.muted}; }
`;

const FormGrid = styled.form`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0 ${({ theme }) => theme.space(4)};
  align-items: end;
  @media ${({ theme }) => theme.media.belowLarge} { grid-template-columns: 1fr; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th, td {
    padding: ${({ theme }) => theme.space(2.5)} ${({ theme }) => theme.space(3)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    max-width: 280px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  th { font-size: ${({ theme }) => theme.font.size.small}; color: ${({ theme }) => theme.colors.muted}; }
`;

const NewKey = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.successSubtle};
  color: ${({ theme }) => theme.colors.successText};
  code { flex: 1; overflow-wrap: anywhere; font-family: ${({ theme }) => theme.font.mono}; font-size: ${({ theme }) => theme.font.size.body}; }
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
`;

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The full name of a contact, else its e-mail. */
const nameOf = (c: DemoCrmContact) => [c.firstName, c.lastName].filter(Boolean).join(' ') || '—';

/**
 * A list the page reads from the Demo CRM on mount and again through `load` (after a change):
 * null until it arrives; the error's words when it could not be read.
 */
function useList<T>(read: () => Promise<T[]>) {
  const [list, setList] = useState<T[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const load = useCallback(async () => {
    try {
      setList(await read());
    } catch (error) {
      setLoadError((error as Error).message);
    }
  }, [read]);
  useEffect(() => {
    void load();
  }, [load]);
  return { list, loadError, load };
}

/**
 * The Demo CRM's own screens at /demo-crm (signed in to Junction): the contacts list with an
 * add-contact form, and Settings → API (`?tab=api`) where the workspace's API keys are created
 * (shown once), listed and revoked. The connect dialog's "Settings → API in the Demo CRM"
 * points here, and the tour's closing "Add a contact in the Demo CRM" is done here.
 */
export function DemoCrmPage() {
  const { state } = useSessionUser();
  const client = usePageStore(DemoCrmStoreModel);
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'api' ? 'api' : 'contacts';
  if (state.phase !== 'ready') return <SessionGate state={state} />;
  return (
    <Shell>
      <Header>
        <Brand>Demo CRM</Brand>
        <Tabs aria-label="Demo CRM">
          <Tab to="/demo-crm" $active={tab === 'contacts'} aria-current={tab === 'contacts' ? 'page' : undefined}>
            Contacts
          </Tab>
          <Tab to="/demo-crm?tab=api" $active={tab === 'api'} aria-current={tab === 'api' ? 'page' : undefined}>
            Settings → API
          </Tab>
        </Tabs>
        <Back href="/workflows">← Back to Junction</Back>
      </Header>
      <Main>{tab === 'api' ? <ApiSettings client={client} /> : <Contacts client={client} />}</Main>
    </Shell>
  );
}

function Contacts({ client }: { client: DemoCrmClient }) {
  const { showToast } = useToast();
  const listContacts = useCallback(() => client.listContacts(), [client]);
  const { list: contacts, loadError, load } = useList(listContacts);
  const [form, setForm] = useState({ email: '', firstName: '', lastName: '', company: '' });
  const [formError, setFormError] = useState('');
  const [isSaving, setSaving] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    setSaving(true);
    try {
      const contact = await client.addContact(form);
      setForm({ email: '', firstName: '', lastName: '', company: '' });
      showToast({ status: 'success', message: `Contact added: ${contact.email}` });
      await load();
    } catch (error) {
      setFormError((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });

  return (
    <>
      <h1>Contacts</h1>
      <Card aria-labelledby="add-heading">
        <h2 id="add-heading">Add a contact</h2>
        <FormGrid onSubmit={(event) => void add(event)}>
          <TextField
            label="E-mail (required)"
            type="email"
            required
            autoComplete="off"
            error={formError || undefined}
            {...field('email')}
          />
          <TextField label="Company" autoComplete="off" {...field('company')} />
          <TextField label="First name" autoComplete="off" {...field('firstName')} />
          <TextField label="Last name" autoComplete="off" {...field('lastName')} />
          <Row>
            <Button type="submit" disabled={isSaving || form.email.trim() === ''}>
              Add contact
            </Button>
          </Row>
        </FormGrid>
      </Card>
      <Card aria-labelledby="list-heading">
        <h2 id="list-heading">All contacts</h2>
        {loadError && <p role="alert">Could not load the contacts: {loadError}</p>}
        {contacts && contacts.length === 0 && <p>No contacts yet. Add one above, or let a workflow create them.</p>}
        {contacts && contacts.length > 0 && (
          <Table aria-label="Contacts">
            <thead>
              <tr>
                <th>Name</th>
                <th>E-mail</th>
                <th>Company</th>
                <th>Added</th>
              </tr>
            </thead>
            <tbody>
              {contacts.map((c) => (
                <tr key={c.id}>
                  <td title={nameOf(c)}>{nameOf(c)}</td>
                  <td title={c.email}>{c.email}</td>
                  <td title={c.company}>{c.company || '—'}</td>
                  <td>{WHEN.format(new Date(c.createdAt))}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </>
  );
}

function ApiSettings({ client }: { client: DemoCrmClient }) {
  const { showToast } = useToast();
  const listKeys = useCallback(() => client.listKeys(), [client]);
  const { list: keys, loadError, load } = useList(listKeys);
  const [fresh, setFresh] = useState('');
  const [armed, setArmed] = useState<string | null>(null);

  const create = async () => {
    try {
      setFresh(await client.createKey());
      await load();
    } catch (error) {
      showToast({ status: 'error', message: `Could not create a key: ${(error as Error).message}` });
    }
  };
  const revoke = async (key: DemoCrmKeyInfo) => {
    if (armed !== key.id) {
      setArmed(key.id);
      return;
    }
    try {
      await client.revokeKey(key.id);
      setArmed(null);
      showToast({ status: 'success', message: 'API key revoked. Connections that use it stop working.' });
      await load();
    } catch (error) {
      showToast({ status: 'error', message: `Could not revoke the key: ${(error as Error).message}` });
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(fresh);
      showToast({ status: 'success', message: 'API key copied.' });
    } catch {
      showToast({ status: 'error', message: 'Could not copy: select the key and copy it by hand.' });
    }
  };

  return (
    <>
      <h1>Settings → API</h1>
      <Card aria-labelledby="keys-heading">
        <h2 id="keys-heading">API keys</h2>
        <p>
          Junction connects to the Demo CRM with an API key: create one, then paste it into the API key box of the
          "Connect your Demo CRM account" dialog. A key is shown only once.
        </p>
        {fresh && (
          <NewKey role="status" aria-label="New API key">
            <code>{fresh}</code>
            <Button variant="ghost" onClick={() => void copy()}>
              Copy
            </Button>
          </NewKey>
        )}
        <Row>
          <Button onClick={() => void create()}>Create API key</Button>
        </Row>
      </Card>
      <Card aria-labelledby="active-heading">
        <h2 id="active-heading">Active keys</h2>
        {loadError && <p role="alert">Could not load the keys: {loadError}</p>}
        {keys && keys.length === 0 && <p>No keys yet.</p>}
        {keys && keys.length > 0 && (
          <Table aria-label="API keys">
            <thead>
              <tr>
                <th>Key</th>
                <th>Created</th>
                <th>
                  <span hidden>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key, index) => (
                <tr key={key.id}>
                  <td>API key {keys.length - index}</td>
                  <td>{WHEN.format(new Date(key.createdAt))}</td>
                  <td>
                    <Button variant="danger" onClick={() => void revoke(key)}>
                      {armed === key.id ? 'Really revoke?' : 'Revoke'}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card>
    </>
  );
}
