// Dialog, Drawer, Toast, Tooltip and the row menu, shown open inside frames.
import { Copy } from 'lucide-react';
import { Button, Dialog, Drawer, IconButton, RowMenu, TextField, Tooltip } from '../ui/index.js';
import { Toast, ToastRegion } from '../ui/ToastView.js';
import { Columns, Frame, noop, Row, Section, Specimen } from './parts.js';

const MESSAGES = {
  info: 'Link copied to the clipboard.',
  success: 'Slack integration saved!',
  warning: 'Your trial ends in 3 days.',
  error: 'Could not save: the server did not answer.',
} as const;
const STATUSES = ['info', 'success', 'warning', 'error'] as const;

/** Overlays, open. */
export function OverlaysSection() {
  return (
    <>
      <Section title="Dialog and Drawer">
        <Columns $count={2}>
          <Specimen state="dialog">
            <Frame height={340} dimmed>
              {(container) => (
                <Dialog
                  open
                  modal={false}
                  container={container}
                  onOpenChange={noop}
                  title="Share workflow"
                  description="Anyone with the link can copy this workflow."
                  footer={
                    <>
                      <Button variant="secondary">Cancel</Button>
                      <Button>Copy link</Button>
                    </>
                  }
                >
                  <TextField label="Link" readOnly value="https://junction.example/t/abc123" />
                </Dialog>
              )}
            </Frame>
          </Specimen>
          <Specimen state="drawer">
            <Frame height={340} dimmed>
              {(container) => (
                <Drawer
                  open
                  modal={false}
                  container={container}
                  onOpenChange={noop}
                  title="Run details"
                  description="Started 2 minutes ago"
                  width="300px"
                  footer={<Button variant="danger">Stop run</Button>}
                >
                  The drawer's body scrolls; its footer stays.
                </Drawer>
              )}
            </Frame>
          </Specimen>
        </Columns>
      </Section>
      <Section title="Toast">
        <Columns $count={2}>
          {STATUSES.map((status) => (
            <Specimen key={status} state={status}>
              <Frame height={84}>
                {() => (
                  <ToastRegion>
                    <Toast
                      status={status}
                      message={MESSAGES[status]}
                      autoHideMs={Number.POSITIVE_INFINITY}
                      onHide={noop}
                    />
                  </ToastRegion>
                )}
              </Frame>
            </Specimen>
          ))}
        </Columns>
      </Section>
      <Section title="Tooltip and row menu">
        <Row $gap={12}>
          <Specimen state="tooltip">
            <Frame height={110}>
              {() => (
                <div style={{ padding: '56px 40px 0' }}>
                  <Tooltip content="Copy link" open inline>
                    <IconButton label="Copy link" showTooltip={false}>
                      <Copy />
                    </IconButton>
                  </Tooltip>
                </div>
              )}
            </Frame>
          </Specimen>
          <Specimen state="row menu, open">
            <Frame height={250}>
              {() => (
                <div style={{ padding: '12px 12px 0 200px' }}>
                  <RowMenu
                    open
                    inline
                    label="Actions for Invoice sync"
                    actions={[
                      { label: 'Open', onSelect: noop },
                      { label: 'Runs', onSelect: noop },
                      { label: 'Duplicate', onSelect: noop },
                      { label: 'Export', onSelect: noop, disabled: true },
                      { label: 'Delete', onSelect: noop, danger: true },
                    ]}
                  />
                </div>
              )}
            </Frame>
          </Specimen>
        </Row>
      </Section>
    </>
  );
}
