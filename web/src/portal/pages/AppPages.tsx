/**
 * The app picker (/develop/), Create Integration (/develop/new, forms-dp 2.4) and App Overview
 * (/develop/{appSlug}, forms-dp 2.5).
 */
import { slugify } from '@junction/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { refusal, useCan } from '../../access/useCan.js';
import { type ButtonSize, type ButtonVariant, buttonShape } from '../../ui/Button.js';
import { AppIcon, Button, Spinner, TextField, useToast } from '../../ui/index.js';
import { PortalLayout, usePortal, usePortalApp, useSaveToast, withPortalLayout } from '../PortalLayout.js';
import { Card, ErrorBanner, Heading, Hint, Row, SaveButton, SelectField, TextAreaField } from '../parts.js';
import type { IntegrationDraft, Listing } from '../portal-store.js';

const PUBLISH_STATUSES = ['Published', 'Beta', 'Coming Soon'] as const;
const DESCRIPTION_HINT = 'Max 160 characters.';
const LOGO_HINT = 'Square, transparent PNG, 256x256px or larger, without the app name.';

/** /develop/: the pane alone, with a pointer to it. */
export function AppPickerPage() {
  return (
    <PortalLayout needsApp={false}>
      <Heading>Developer portal</Heading>
      <p>Pick one of your apps in the search on the left, or choose Add App to declare a new integration.</p>
    </PortalLayout>
  );
}

const LogoRow = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
`;

/**
 * The logo upload as a secondary button: the browser's own file control ('Choose File  No file
 * chosen', grey in the dark theme) stays inside it, out of sight but focusable and labelled.
 */
const UploadLabel = styled.label<{ $variant: ButtonVariant; $size: ButtonSize }>`
  font: inherit;
  ${buttonShape}
  position: relative;
  cursor: pointer;
  &:focus-within { box-shadow: ${({ theme }) => theme.focusRing}; }
  input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
    overflow: hidden;
  }
`;

const UploadHint = styled.span`
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.muted};
`;

/** The fields Create Integration and App Overview share. */
function ListingFields({
  value,
  onChange,
  statusOptions,
  onUpload,
}: {
  value: IntegrationDraft | (Omit<Listing, 'status'> & { status: string });
  onChange: (patch: Partial<IntegrationDraft>) => void;
  statusOptions: readonly string[];
  /** Uploads a logo image (App Overview); without it the logo is a URL only. */
  onUpload?: (file: File) => void;
}) {
  return (
    <>
      <TextField label="Integration Name *" value={value.name} onChange={(e) => onChange({ name: e.target.value })} />
      <TextAreaField
        label="Integration Description *"
        hint={`${DESCRIPTION_HINT} (${value.description.length}/160)`}
        value={value.description}
        onChange={(e) => onChange({ description: e.target.value })}
      />
      <TextField
        label="Integration homepage URL *"
        value={value.homepage}
        placeholder="https://…"
        onChange={(e) => onChange({ homepage: e.target.value })}
      />
      <TextField
        label="App Logo *"
        hint={LOGO_HINT}
        value={value.icon}
        placeholder="https://…/logo.png"
        onChange={(e) => onChange({ icon: e.target.value })}
      />
      <LogoRow>
        <AppIcon src={value.icon} name={value.name || '?'} size={40} alt="App Logo preview" />
        {onUpload && (
          <>
            <UploadLabel $variant="secondary" $size="small">
              Upload a logo
              <input
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-describedby="portal-logo-upload-hint"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) onUpload(file);
                  e.target.value = '';
                }}
              />
            </UploadLabel>
            <UploadHint id="portal-logo-upload-hint">PNG, JPEG, GIF or WebP, at most 256 KB.</UploadHint>
          </>
        )}
      </LogoRow>
      <TextField
        label="App Category *"
        value={value.category}
        onChange={(e) => onChange({ category: e.target.value })}
      />
      <SelectField
        label="Publish Status *"
        value={value.status}
        onChange={(e) => onChange({ status: e.target.value as IntegrationDraft['status'] })}
        options={statusOptions.map((s) => ({ value: s, label: s }))}
      />
    </>
  );
}

/** Create Integration (forms-dp 2.4): Save creates the app and its Draft listing, then opens it. */
export const CreateIntegrationPage = observer(function CreateIntegrationPage() {
  return (
    <PortalLayout needsApp={false}>
      <CreateForm />
    </PortalLayout>
  );
});

const CreateForm = observer(function CreateForm() {
  const store = usePortal();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [draft, setDraft] = useState<IntegrationDraft>({
    name: '',
    description: '',
    homepage: '',
    icon: '',
    category: '',
    // forms-dp 2.4: a new app's listing is a Draft (kept to this workspace) unless another status is chosen.
    status: 'Draft',
  });
  const [error, setError] = useState<string | null>(null);
  const slug = slugify(draft.name);
  const save = async () => {
    setError(null);
    if (slug === '') {
      setError('Integration Name is required: the app slug is made from it.');
      return;
    }
    const result = await store.create(draft, slug);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    showToast({ status: 'success', message: `${draft.name.trim()} integration saved!` });
    navigate(`/develop/${slug}`);
  };
  return (
    <Card style={{ maxWidth: 640 }}>
      <Heading>Create Integration</Heading>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <ListingFields
        value={draft}
        onChange={(p) => setDraft({ ...draft, ...p })}
        statusOptions={['Draft', ...PUBLISH_STATUSES]}
      />
      <Hint>
        App slug: <code>{slug || '—'}</code>. A Published app is listed in every workspace's catalogue; other statuses
        keep it to yours.
      </Hint>
      <Row style={{ marginTop: 16 }}>
        <SaveButton onClick={save} isSaving={store.isSaving} />
        <Button variant="ghost" onClick={() => navigate('/develop')}>
          Cancel
        </Button>
      </Row>
    </Card>
  );
});

const Overview = observer(function Overview() {
  const store = usePortal();
  const app = usePortalApp();
  const saveToast = useSaveToast();
  const [form, setForm] = useState<Listing | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The listing is what other workspaces see: publishing it is for admins and the owner.
  const publishRefusal = refusal(useCan('app.publish'));

  useEffect(() => {
    let isLive = true;
    store.loadListing().then((r) => {
      if (!isLive) return;
      if (!r.ok) setError(r.message);
    });
    return () => {
      isLive = false;
    };
  }, [store]);
  useEffect(() => {
    if (store.listing && store.listing.appSlug === app.appSlug) setForm({ ...store.listing });
  }, [store.listing, app.appSlug]);

  if (!form) return error ? <ErrorBanner>{error}</ErrorBanner> : <Spinner label="Loading listing" />;
  const save = async () => {
    setError(null);
    const listing = await store.saveListing({
      name: form.name,
      description: form.description,
      homepage: form.homepage,
      icon: form.icon,
      category: form.category,
      status: form.status,
    });
    if (!listing.ok) {
      setError(`The listing was not saved: ${listing.message}`);
      return;
    }
    const next = { ...app, appName: form.name.trim() || app.appName, category: form.category };
    if (form.icon.trim() !== '') next.iconURL = form.icon.trim();
    const result = await store.save(next);
    if (!result.ok) setError(result.message);
    saveToast(result, next.appName);
  };
  return (
    <Card style={{ maxWidth: 640 }}>
      <Heading>App Overview</Heading>
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <ListingFields
        value={form}
        onChange={(p) => setForm({ ...form, ...(p as Partial<Listing>) })}
        statusOptions={form.status === 'Draft' ? ['Draft', ...PUBLISH_STATUSES] : PUBLISH_STATUSES}
        onUpload={async (file) => {
          setError(null);
          const uploaded = await store.uploadIcon(app.appSlug, file);
          if (!uploaded.ok) setError(`The logo was not uploaded: ${uploaded.message}`);
          else setForm({ ...form, icon: uploaded.iconURL ?? form.icon });
          saveToast(uploaded, app.appName);
        }}
      />
      <Hint>A Published app is listed in every workspace's catalogue; other statuses keep it to yours.</Hint>
      {publishRefusal && <Hint>{publishRefusal}</Hint>}
      <Row style={{ marginTop: 16 }}>
        <SaveButton
          onClick={save}
          isSaving={store.isSaving}
          disabled={publishRefusal !== undefined}
          title={publishRefusal}
        />
      </Row>
    </Card>
  );
});

/** App Overview (forms-dp 2.5): the listing's fields; Save updates the listing (created when none) and the app. */
export const AppOverviewPage = withPortalLayout(Overview);
